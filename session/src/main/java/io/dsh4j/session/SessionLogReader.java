package io.dsh4j.session;

import io.dsh4j.session.event.DataProjection;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.internal.LogScan;
import io.dsh4j.session.internal.SessionRecordCodec;
import io.dsh4j.session.internal.StoreLimits;
import io.dsh4j.session.internal.ZstdFrameFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads session log files (§1.6, §1.8): raw {@code session.jsonl} or multi-frame
 * {@code session.jsonl.zstd}, one pass front to back in bounded memory and time (the caps of
 * {@code StoreLimits}: one record, the decoded text, the decompression ratio, the events kept by
 * {@link #read}; passing one ends the read {@code refused}, naming the limit and the byte). Damage never escapes as an
 * exception: it is the {@link LogStatus} of the result — {@code ok}, {@code torn} (a crash-cut tail,
 * with the byte to truncate at), {@code corrupt} (reason and byte), {@code refused} or
 * {@code not-a-session}. Only I/O failures (a missing or unreadable file) throw.
 *
 * <p>Thread-safe: every call owns its buffers and native zstd context.
 */
public final class SessionLogReader {

    /**
     * How to read.
     *
     * @param encoding the file's encoding, or {@code null} to take it from the file name
     *     ({@code *.jsonl.zstd}, {@code *.jsonl}) or else from its first bytes (the zstd magic)
     * @param mode {@link SessionHeader.Mode#STRICT} applies DSH's loader rules exactly;
     *     {@link SessionHeader.Mode#FIXTURE} also reads recorded fixtures (headers without
     *     {@code version} or {@code delegationDepth}, malformed legacy-looking events kept as they are)
     * @param maxEvents the most events handed over: the record that would pass it ends the read,
     *     {@link LogStatus.Refused refused} at its byte. A caller that keeps every event sets it
     *     ({@link #read} always applies {@link #MAX_HELD_EVENTS}); streaming callers need none.
     */
    public record Options(LogEncoding encoding, SessionHeader.Mode mode, long maxEvents) {
        /** DSH's loader rules, encoding by file name. */
        public static final Options STRICT = new Options(null, SessionHeader.Mode.STRICT);
        /** Lenient about recorded fixtures, encoding by file name. */
        public static final Options FIXTURE = new Options(null, SessionHeader.Mode.FIXTURE);

        public Options {
            java.util.Objects.requireNonNull(mode, "mode");
            if (maxEvents < 0) throw new IllegalArgumentException("maxEvents must be 0 or more, not " + maxEvents);
        }

        /** No cap on the events handed over. */
        public Options(LogEncoding encoding, SessionHeader.Mode mode) {
            this(encoding, mode, Long.MAX_VALUE);
        }

        /** These options, handing over at most {@code max} events. */
        public Options withMaxEvents(long max) {
            return new Options(encoding, mode, max);
        }
    }

    /**
     * The most events {@link #read} keeps: {@code StoreLimits.MAX_HELD_EVENTS}. Past it the read is
     * refused, naming the limit and the byte.
     */
    public static final long MAX_HELD_EVENTS = StoreLimits.MAX_HELD_EVENTS;
    /**
     * The most surface messages a command keeps to work on them ({@code merge}, {@code sessions show}):
     * {@code StoreLimits.MAX_SURFACE_MESSAGES}; such a command refuses a larger surface, naming
     * {@code MAX_SURFACE_MESSAGES} and the byte (see {@link SessionLogVisitor#position}).
     */
    public static final long MAX_SURFACE_MESSAGES = StoreLimits.MAX_SURFACE_MESSAGES;

    private SessionLogReader() {}

    /**
     * Streams {@code file} into {@code visitor} under DSH's rules ({@link Options#STRICT}).
     *
     * @throws IOException when the file cannot be opened or read
     */
    public static LogReadResult stream(Path file, SessionLogVisitor visitor) throws IOException {
        return stream(file, Options.STRICT, visitor);
    }

    /**
     * Streams {@code file} into {@code visitor}: the header, then each event of the committed prefix
     * (with any recovered from a torn zstd frame). Memory stays flat as the log grows.
     *
     * @throws IOException when the file cannot be opened or read
     */
    public static LogReadResult stream(Path file, Options options, SessionLogVisitor visitor) throws IOException {
        // the stats fold reads a few fields of a few types: build no more (the streaming token scan)
        DataProjection projection = visitor instanceof StatsVisitor ? SessionStats.DATA : DataProjection.FULL;
        return scan(file, options, visitor, null, projection);
    }

    /**
     * Reads {@code file} for its outcome only (what {@code sessions verify} prints): the same status,
     * header and counts as {@link #stream} with a visitor that ignores the events, building only the
     * event data that loading checks ({@link DataProjection#forLoading()}).
     *
     * @throws IOException when the file cannot be opened or read
     */
    public static LogReadResult check(Path file, Options options) throws IOException {
        return scan(file, options, e -> {}, null, DataProjection.forLoading());
    }

    /** Reads the whole log into memory under DSH's rules ({@link Options#STRICT}). */
    public static SessionLog read(Path file) throws IOException {
        return read(file, Options.STRICT);
    }

    /** Reads the whole log into memory: header, committed events and status. */
    public static SessionLog read(Path file, Options options) throws IOException {
        List<SessionEvent> events = new ArrayList<>();
        LogReadResult r = stream(file, options.withMaxEvents(Math.min(options.maxEvents(), MAX_HELD_EVENTS)), events::add);
        return new SessionLog(r.file(), r.encoding(), r.header(), List.copyOf(events), r.status());
    }

    /**
     * Copies the stored text of the committed prefix to {@code out}: the header line and every
     * record (packed rows and key order as stored) whose events a read hands over, each followed
     * by a newline. For a zstd log this is the decoded JSONL text.
     */
    public static LogReadResult copyCommittedText(Path file, Options options, OutputStream out) throws IOException {
        try {
            return scan(file, options, e -> {}, DataProjection.forLoading(), (b, off, len) -> {
                try {
                    out.write(b, off, len);
                    out.write('\n');
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The encoding of {@code file}: by name, else by its first four bytes. */
    public static LogEncoding encodingOf(Path file) throws IOException {
        var named = LogEncoding.ofFileName(file);
        if (named.isPresent()) return named.get();
        try (FileChannel ch = FileChannel.open(file)) {
            ByteBuffer magic = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            while (magic.hasRemaining() && ch.read(magic) >= 0) {
                // fill the four magic bytes
            }
            return !magic.hasRemaining() && magic.getInt(0) == ZstdFrameFormat.MAGIC ? LogEncoding.ZSTD : LogEncoding.RAW;
        }
    }

    private static LogReadResult scan(Path file, Options options, SessionLogVisitor visitor, DataProjection projection,
            io.dsh4j.session.internal.RecordScanner.CommittedText text) throws IOException {
        return scan(file, options, visitor, text, projection);
    }

    private static LogReadResult scan(Path file, Options options, SessionLogVisitor visitor,
            io.dsh4j.session.internal.RecordScanner.CommittedText text, DataProjection projection) throws IOException {
        LogEncoding encoding = options.encoding() != null ? options.encoding() : encodingOf(file);
        try (FileChannel ch = FileChannel.open(file)) {
            LogScan.Result<SessionHeader> r = LogScan.run(ch, encoding == LogEncoding.ZSTD,
                    new SessionRecordCodec(options.mode(), projection), visitor::header, visitor::event, text, options.maxEvents(),
                    visitor::position);
            return new LogReadResult(file, encoding, r.header(), r.status(), r.events(), r.decodedBytes(), r.fileBytes());
        }
    }
}
