package io.dsh4j.session.internal;

import io.dsh4j.session.LogStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The line rules of DSH's session-log scanner (§1.8) over decoded text, handing over the committed
 * prefix one event at a time.
 *
 * <ul>
 *   <li>The header is the first record (raw) or exactly the whole first frame (zstd).
 *   <li>Each complete later line is decoded. The first failure (unparsable, or a seq that does not
 *       continue the chain) is remembered and ends the committed prefix; later lines are still
 *       decoded, and if one holds a {@code turn/end} the remembered issue is corruption (damage
 *       before a committed {@code turn/end}); otherwise they are dropped. A final fragment without
 *       newline is a torn tail.
 *   <li>zstd: a complete frame must be wholly valid — a remembered issue or a split last line in a
 *       complete frame is corruption. Events of a frame are handed over once it verified (or early,
 *       past {@link StoreLimits#MAX_PENDING_FRAME_BYTES} or {@link StoreLimits#MAX_PENDING_FRAME_RECORDS}). A torn last frame contributes the complete
 *       lines of its decodable prefix, or nothing if that prefix does not decode.
 *   <li>A record the codec refuses to load ends the events handed over, but the scan goes on as
 *       DSH's does (damage found later still makes the log corrupt); the log is then refused.
 * </ul>
 *
 * <p>Not thread-safe; one log per instance. Feed it text (as a {@link DecodedTextSink}), then call
 * {@link #finishZstd} or {@link #finishRaw}.
 *
 * @param <H> header type
 * @param <R> decoded record type
 * @param <E> event type
 */
public final class RecordScanner<H, R, E> implements DecodedTextSink {

    private final RecordCodec<H, R, E> codec;
    private final boolean zstd;
    private final Consumer<H> headerSink;
    private final Consumer<E> deliver;
    private CommittedText text;
    private long maxEvents = Long.MAX_VALUE;
    private java.util.function.LongConsumer positions = at -> {};

    private H header;
    private final GrowableBytes headerBytes = new GrowableBytes(StoreLimits.MAX_HEADER_BYTES);
    private final GrowableBytes fragment = new GrowableBytes(StoreLimits.MAX_RECORD_BYTES);
    private boolean fragmentOversize;

    private long decodedPos;
    private long committed;
    private long line = 1;
    private long nextSeq;
    private long delivered;
    private String issue;
    private long issueOffset;
    private boolean turnEndAfterIssue;
    private long damagedAfterIssue;
    private String refusal;
    private long refusalOffset;
    private LogStatus verdict;

    private int frameIndex = -1;
    private long frameStart;
    private final List<R> pending = new ArrayList<>();
    private final List<byte[]> pendingText = new ArrayList<>();
    private long pendingBytes;
    private long frameDelivered;

    public RecordScanner(RecordCodec<H, R, E> codec, boolean zstd, Consumer<H> headerSink, Consumer<E> eventSink) {
        this.codec = codec;
        this.zstd = zstd;
        this.headerSink = headerSink;
        this.deliver = e -> {
            if (delivered >= maxEvents) throw new EventCapReached();
            eventSink.accept(e);
            delivered++;
            frameDelivered++;
        };
    }

    /** Receives the stored text of each record whose events were handed over (header first). */
    @FunctionalInterface
    public interface CommittedText {
        /** One record's bytes, without its newline; {@code bytes} may be reused after the call. */
        void line(byte[] bytes, int off, int len);
    }

    /** Also hand over the stored text of every loaded record (for an export of the committed prefix). */
    public RecordScanner<H, R, E> copyingText(CommittedText sink) {
        this.text = sink;
        return this;
    }

    /**
     * Hand over at most {@code max} events: the record that would pass the cap ends the read,
     * {@code refused} at its byte (the caller keeps every event; see {@link StoreLimits#MAX_HELD_EVENTS}).
     */
    public RecordScanner<H, R, E> limitingEvents(long max) {
        this.maxEvents = max;
        return this;
    }

    /** Tells {@code sink} the file byte of each record before its events are handed over (zstd: its frame's start). */
    public RecordScanner<H, R, E> reportingPositions(java.util.function.LongConsumer sink) {
        this.positions = sink;
        return this;
    }

    /** Ends the read as refused: a limit of {@link StoreLimits} was passed at {@code offset}. No-op once decided. */
    public void overLimit(String reason, long offset) {
        if (verdict == null) verdict = new LogStatus.Refused(reason, offset);
    }

    /** Thrown through the codec when the event cap is reached; caught where records are loaded. */
    private static final class EventCapReached extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EventCapReached() {
            super(null, null, false, false);
        }
    }

    /** The header, once read; {@code null} before (or when there is none). */
    public H header() {
        return header;
    }

    /** Events handed over so far. */
    public long delivered() {
        return delivered;
    }

    /** Decoded bytes seen so far (for a raw log: file bytes). */
    public long decodedBytes() {
        return decodedPos;
    }

    @Override
    public void frameStart(long fileOffset) {
        frameIndex++;
        frameStart = fileOffset;
        frameDelivered = 0;
    }

    @Override
    public boolean text(byte[] bytes, int off, int len) {
        if (verdict != null) return false;
        int end = off + len;
        if (header == null) {
            off += headerText(bytes, off, len);
            if (verdict != null) return false;
            if (header == null) return true;
        }
        int lineStart = off;
        for (int i = Newlines.indexOf(bytes, off, end); i >= 0; i = Newlines.indexOf(bytes, lineStart, end)) {
            long lineEnd = decodedPos + (i - off) + 1;
            if (fragment.size() > 0 || fragmentOversize) {
                appendFragment(bytes, lineStart, i - lineStart);
                boolean oversize = fragmentOversize;
                fragmentOversize = false;
                consumeLine(fragment.array(), 0, fragment.size(), lineEnd, oversize);
                fragment.clear();
            } else {
                consumeLine(bytes, lineStart, i - lineStart, lineEnd, false);
            }
            lineStart = i + 1;
            if (verdict != null) return false;
        }
        if (lineStart < end) appendFragment(bytes, lineStart, end - lineStart);
        decodedPos += end - off;
        return true;
    }

    /** Header text: in raw mode up to the first newline, in zstd mode the whole first frame. */
    private int headerText(byte[] bytes, int off, int len) {
        int nl = zstd ? -1 : indexOfNewline(bytes, off, off + len);
        int take = nl < 0 ? len : nl - off + 1;
        if (!headerBytes.append(bytes, off, take)) {
            verdict = new LogStatus.Corrupt((zstd ? "header frame decodes to" : "header record is") + " more than "
                    + StoreLimits.MAX_HEADER_BYTES + " bytes", 0);
            return take;
        }
        decodedPos += take;
        if (nl >= 0) parseHeader(headerBytes.array(), headerBytes.size() - 1);
        return take;
    }

    private void parseHeader(byte[] bytes, int len) {
        try {
            header = codec.header(bytes, 0, len);
            committed = decodedPos;
            headerSink.accept(header);
            if (text != null) text.line(bytes, 0, len);
        } catch (RecordRefusedException e) {
            verdict = new LogStatus.Refused(e.getMessage(), 0);
        } catch (MalformedRecordException e) {
            verdict = new LogStatus.Corrupt(e.getMessage(), 0);
        }
    }

    private void appendFragment(byte[] bytes, int off, int len) {
        if (fragmentOversize) return;
        if (!fragment.append(bytes, off, len)) {
            fragment.clear();
            fragmentOversize = true;
        }
    }

    private void consumeLine(byte[] bytes, int off, int len, long lineEnd, boolean oversize) {
        line++;
        long lineStart = lineEnd - len - 1;
        if (issue != null) {
            if (oversize || !mayHoldTurnEnd(bytes, off, len)) return;
            try {
                if (codec.containsTurnEnd(codec.decode(bytes, off, len, nextSeq))) turnEndAfterIssue();
            } catch (MalformedRecordException dropped) {
                // DSH drops undecodable lines after the first issue; a flood of them is not a torn tail
                if (++damagedAfterIssue > StoreLimits.MAX_DAMAGED_RECORDS_AFTER_ISSUE) {
                    verdict = new LogStatus.Corrupt(issue + "; followed by more than " + StoreLimits.MAX_DAMAGED_RECORDS_AFTER_ISSUE
                            + " more damaged records", zstd ? frameStart : issueOffset);
                }
            }
            return;
        }
        R record;
        try {
            if (oversize) {
                throw new MalformedRecordException("record is longer than " + StoreLimits.MAX_RECORD_BYTES + " bytes");
            }
            record = codec.decode(bytes, off, len, nextSeq);
        } catch (MalformedRecordException e) {
            remember("unparsable record at line " + line + (e.location() == null ? "" : " (" + e.location() + ")") + ": "
                    + e.getMessage(), lineStart);
            return;
        }
        long first = codec.firstSeq(record);
        if (first != nextSeq) {
            remember("seq gap at line " + line + ": expected " + nextSeq + ", got " + first, lineStart);
            if (codec.containsTurnEnd(record)) turnEndAfterIssue();
            return;
        }
        nextSeq += codec.eventCount(record);
        committed = lineEnd;
        if (refusal != null) return;
        if (zstd) {
            pending.add(record);
            if (text != null) pendingText.add(java.util.Arrays.copyOfRange(bytes, off, off + len));
            pendingBytes += len + 1L;
            if (pendingBytes > StoreLimits.MAX_PENDING_FRAME_BYTES || pending.size() > StoreLimits.MAX_PENDING_FRAME_RECORDS) {
                release();
            }
        } else if (load(record, lineStart) && text != null) {
            text.line(bytes, off, len);
        }
    }

    /**
     * Whether a line could decode to a record holding a {@code turn/end}: a JSON object (its first
     * non-blank byte is a brace) that spells {@code turn/end} literally or uses a string escape that
     * could spell it (backslash-slash or backslash-u). Lines that cannot are skipped without decoding.
     */
    static boolean mayHoldTurnEnd(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r')) i++;
        if (i == end || b[i] != '{') return false;
        for (; i < end; i++) {
            if (b[i] == '\\' && i + 1 < end && (b[i + 1] == '/' || b[i + 1] == 'u')) return true;
            if (b[i] == 't' && i + 8 <= end && b[i + 1] == 'u' && b[i + 2] == 'r' && b[i + 3] == 'n' && b[i + 4] == '/'
                    && b[i + 5] == 'e' && b[i + 6] == 'n' && b[i + 7] == 'd') {
                return true;
            }
        }
        return false;
    }

    private void remember(String what, long decodedOffset) {
        issue = what;
        issueOffset = decodedOffset;
    }

    private void turnEndAfterIssue() {
        turnEndAfterIssue = true;
        if (!zstd) verdict = issueVerdict();
    }

    private LogStatus issueVerdict() {
        return new LogStatus.Corrupt(issue + "; a later record holds a turn/end, so this is damage, not a torn tail",
                zstd ? frameStart : issueOffset);
    }

    /** Loads a committed record; {@code false} when it was refused. */
    private boolean load(R record, long fileOffset) {
        try {
            positions.accept(fileOffset);
            codec.accept(record, deliver);
            return true;
        } catch (EventCapReached e) {
            overLimit("the log has more than " + maxEvents + " events, more than a reader that keeps them holds"
                    + " (limit MAX_HELD_EVENTS)", fileOffset);
            return false;
        } catch (RecordRefusedException e) {
            refusal = e.getMessage();
            refusalOffset = fileOffset;
            return false;
        }
    }

    private void release() {
        for (int i = 0; i < pending.size() && refusal == null && verdict == null; i++) {
            if (load(pending.get(i), frameStart) && text != null) {
                byte[] line = pendingText.get(i);
                text.line(line, 0, line.length);
            }
        }
        clearPending();
    }

    private void clearPending() {
        pending.clear();
        pendingText.clear();
        pendingBytes = 0;
    }

    @Override
    public boolean frameEnd(long start, long end) {
        if (verdict != null) return false;
        if (frameIndex == 0) {
            byte[] h = headerBytes.array();
            int n = headerBytes.size();
            if (n == 0 || h[n - 1] != '\n' || indexOfNewline(h, 0, n) != n - 1) {
                verdict = new LogStatus.Corrupt("first frame is not exactly one header line", start);
                return false;
            }
            parseHeader(h, n - 1);
            return verdict == null;
        }
        if (issue != null) {
            verdict = new LogStatus.Corrupt(issue + ", inside a complete frame", start);
        } else if (fragment.size() > 0 || fragmentOversize) {
            verdict = new LogStatus.Corrupt("a complete frame does not end with a newline, so a record is split across frames",
                    start);
        } else {
            release();
        }
        return verdict == null;
    }

    /** The outcome of a zstd log after the walk ended as {@code end}; hands over recovered events. */
    public LogStatus finishZstd(ZstdFrameWalker.End end) {
        if (verdict != null) return verdict;
        return switch (end) {
            case ZstdFrameWalker.End.Corrupt c -> new LogStatus.Corrupt(c.reason(), c.offset());
            case ZstdFrameWalker.End.Clean c -> header == null
                    ? new LogStatus.NotASession("empty or header-less session log (" + c.bytes() + " bytes)")
                    : refusedOr(new LogStatus.Ok());
            case ZstdFrameWalker.End.Torn t -> finishTorn(t);
            case ZstdFrameWalker.End.Stopped s -> new LogStatus.Corrupt("reading stopped", s.offset());
            case ZstdFrameWalker.End.OverLimit o -> new LogStatus.Refused(o.reason(), o.offset());
        };
    }

    private LogStatus finishTorn(ZstdFrameWalker.End.Torn t) {
        if (header == null) {
            return new LogStatus.NotASession("no complete header frame (the file ends inside its first frame)");
        }
        if (t.decodeFailed()) {
            clearPending();
        } else {
            if (turnEndAfterIssue) return issueVerdict();
            release();
            if (verdict != null) return verdict;
        }
        return refusedOr(new LogStatus.Torn(t.start(), frameDelivered));
    }

    /** The outcome of a raw log of {@code fileBytes} bytes, read to its end. */
    public LogStatus finishRaw(long fileBytes) {
        if (verdict != null) return verdict;
        if (header == null) {
            return new LogStatus.NotASession("empty or header-less session log (" + fileBytes + " bytes, no complete first line)");
        }
        return refusedOr(committed < fileBytes ? new LogStatus.Torn(committed, 0) : new LogStatus.Ok());
    }

    private LogStatus refusedOr(LogStatus status) {
        return refusal != null ? new LogStatus.Refused(refusal, refusalOffset) : status;
    }

    private static int indexOfNewline(byte[] bytes, int from, int to) {
        return Newlines.indexOf(bytes, from, to);
    }
}
