package io.dsh4j.session.event;

import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.session.event.internal.LegacyUpgrades;
import io.dsh4j.session.event.internal.MessageShape;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns the storage lines of one log into its logical events, in order: decodes each line
 * ({@link StorageCodec}), synthesises {@code seq} by position where a fixture stripped it, expands
 * packed rows, checks seq contiguity, applies the legacy upgrades of §1.10, refuses unknown types
 * not marked ignorable, and validates what DSH validates when it loads a log (surface metadata only
 * on surface types; message events carry an identified, well-shaped message).
 *
 * <p>Memory: constant per event, plus one map entry per {@code tool/result} (a legacy tool-result
 * replacement inherits the id of the result it replaces). One instance per log; not thread-safe.
 *
 * <p>Exceptions, by what the store should make of them: {@link CorruptRecordException} (the line is
 * damaged or breaks the seq chain — torn or corrupt per §1.8); {@link InvalidEventException} and
 * {@link UnsupportedFormatException} (a readable record DSH refuses to load).
 */
public final class SessionLogDecoder {

    private final SessionHeader header;
    private final JsonLimits limits;
    private final LegacyUpgrades legacy;
    private long nextSeq;

    /** A strict decoder (DSH's load rules) for the log with this header, under the default JSON caps. */
    public SessionLogDecoder(SessionHeader header) {
        this(header, SessionHeader.Mode.STRICT, JsonLimits.DEFAULTS);
    }

    /**
     * A decoder for the log with this header.
     *
     * @param mode   {@link SessionHeader.Mode#STRICT} refuses malformed legacy shapes as DSH's loader
     *               does; {@link SessionHeader.Mode#FIXTURE} keeps them untouched (recorded replay
     *               inputs), leaving their typed views to report the problem
     * @param limits JSON caps per line
     */
    public SessionLogDecoder(SessionHeader header, SessionHeader.Mode mode, JsonLimits limits) {
        this.header = header;
        this.limits = limits;
        this.legacy = new LegacyUpgrades(header.id(), mode == SessionHeader.Mode.FIXTURE);
    }

    /** The log's header. */
    public SessionHeader header() {
        return header;
    }

    /** The seq the next event must have (= number of events accepted so far). */
    public long nextSeq() {
        return nextSeq;
    }

    /** Decodes one line (no newline) without accepting it. @throws CorruptRecordException when damaged */
    public StorageRecord decodeRecord(String line) {
        return StorageCodec.decode(line, nextSeq, limits);
    }

    /** Decodes one UTF-8 line (no newline) without accepting it. @throws CorruptRecordException when damaged */
    public StorageRecord decodeRecord(byte[] buf, int offset, int length) {
        return StorageCodec.decode(buf, offset, length, nextSeq, limits);
    }

    /**
     * Accepts a decoded record: checks that it continues the seq chain, then upgrades, checks and
     * hands its events to {@code sink} in order, advancing {@link #nextSeq()}.
     *
     * @throws CorruptRecordException      when the record's first seq is not {@link #nextSeq()}
     * @throws InvalidEventException       for a shape DSH refuses on load (nothing of the record is delivered after it)
     * @throws UnsupportedFormatException  for an unknown type without {@code ignorable}
     */
    public void accept(StorageRecord record, Consumer<SessionEvent> sink) {
        if (record.firstSeq() != nextSeq) {
            throw new CorruptRecordException("seq " + record.firstSeq() + " is not contiguous; expected " + nextSeq,
                    record.type(), record.firstSeq(), record instanceof ChunkRow ? "seq0" : "seq", null);
        }
        for (SessionEvent e : record.events()) {
            SessionEvent upgraded = legacy.upgrade(e);
            validate(upgraded);
            nextSeq++;
            sink.accept(upgraded);
        }
    }

    /** {@link #decodeRecord(String)} then {@link #accept}. */
    public void decodeLine(String line, Consumer<SessionEvent> sink) {
        accept(decodeRecord(line), sink);
    }

    /** {@link #decodeRecord(byte[], int, int)} then {@link #accept}. */
    public void decodeLine(byte[] buf, int offset, int length, Consumer<SessionEvent> sink) {
        accept(decodeRecord(buf, offset, length), sink);
    }

    private void validate(SessionEvent e) {
        String type = e.type();
        if (!EventTypes.isKnown(type) && !e.ignorable()) {
            throw new UnsupportedFormatException("session \"" + header.id() + "\" contains event type \"" + type + "\" (seq "
                    + e.seq() + ") unknown to this harness and not marked ignorable; refusing to interpret the log — it was likely"
                    + " written by a newer harness", type, e.seq());
        }
        boolean surface = EventTypes.isSurface(type);
        if (!surface && e.surfaceOp() != null) {
            throw new InvalidEventException("only surface events may carry surfaceOp", type, e.seq(), "surfaceOp");
        }
        if (!surface && e.sourceEventSeqs() != null) {
            throw new InvalidEventException("only surface events may carry sourceEventSeqs", type, e.seq(), "sourceEventSeqs");
        }
        if (surface) MessageShape.check(e);
    }

    /**
     * Reads a whole decoded log text (header line, then storage lines, each newline-terminated; a
     * final fragment without newline is ignored as a torn tail), checking header and events under
     * {@code mode}. For tests and small logs: it keeps every event in memory.
     *
     * @throws SessionLogException at the first problem
     */
    public static DecodedLog readAll(String text, SessionHeader.Mode mode) {
        int nl = text.indexOf('\n');
        if (nl < 0) throw new SessionHeaderException("empty or header-less session log", null, null);
        SessionHeader header = SessionHeader.parse(text.substring(0, nl), mode);
        SessionLogDecoder decoder = new SessionLogDecoder(header, mode, JsonLimits.DEFAULTS);
        List<SessionEvent> events = new ArrayList<>();
        int start = nl + 1;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) break;
            decoder.decodeLine(text.substring(start, end), events::add);
            start = end + 1;
        }
        return new DecodedLog(header, List.copyOf(events));
    }

    /** A whole log held in memory: its header and logical events. */
    public record DecodedLog(SessionHeader header, List<SessionEvent> events) {}
}
