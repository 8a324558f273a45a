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
 *       continue the chain) is remembered and stops the committed prefix; later lines are still
 *       decoded, and if one holds a {@code turn/end} the remembered issue is corruption (damage
 *       before a committed {@code turn/end}); otherwise they are dropped. A final fragment without
 *       newline is a torn tail.
 *   <li>zstd: a complete frame must be wholly valid — a remembered issue or a split last line in a
 *       complete frame is corruption. Events of a frame are handed over once it verified (or early,
 *       past {@link StoreLimits#MAX_PENDING_FRAME_BYTES}). A torn last frame contributes the complete
 *       lines of its decodable prefix, or nothing if that prefix does not decode.
 * </ul>
 *
 * <p>Not thread-safe; one log per instance. Feed it text (as a {@link DecodedTextSink}), then call
 * {@link #finishZstd} or {@link #finishRaw}.
 *
 * @param <H> header type
 * @param <E> event type
 */
public final class RecordScanner<H, E> implements DecodedTextSink {

    private final RecordCodec<H, E> codec;
    private final boolean zstd;
    private final Consumer<H> headerSink;
    private final Consumer<E> eventSink;

    private H header;
    private final GrowableBytes headerBytes = new GrowableBytes(StoreLimits.MAX_HEADER_BYTES);
    private final GrowableBytes fragment = new GrowableBytes(StoreLimits.MAX_RECORD_BYTES);
    private boolean fragmentOversize;
    private final List<E> decoded = new ArrayList<>();

    private long decodedPos;
    private long committed;
    private long line;
    private long nextSeq;
    private long delivered;
    private String issue;
    private long issueOffset;
    private boolean turnEndAfterIssue;
    private LogStatus verdict;

    private int frameIndex = -1;
    private long frameStart;
    private final List<E> pending = new ArrayList<>();
    private long pendingBytes;
    private long frameDelivered;

    public RecordScanner(RecordCodec<H, E> codec, boolean zstd, Consumer<H> headerSink, Consumer<E> eventSink) {
        this.codec = codec;
        this.zstd = zstd;
        this.headerSink = headerSink;
        this.eventSink = eventSink;
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

    /** The decoded offset just after the last committed record. */
    public long committedBytes() {
        return committed;
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
            int taken = headerText(bytes, off, len);
            if (verdict != null || header == null) return verdict == null;
            off += taken;
        }
        int lineStart = off;
        for (int i = off; i < end; i++) {
            if (bytes[i] != '\n') continue;
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
        if (zstd) {
            if (!headerBytes.append(bytes, off, len)) {
                verdict = new LogStatus.Corrupt("header frame decodes to more than " + StoreLimits.MAX_HEADER_BYTES + " bytes", 0);
            }
            decodedPos += len;
            return len;
        }
        int nl = indexOf(bytes, off, off + len);
        int take = nl < 0 ? len : nl - off + 1;
        if (!headerBytes.append(bytes, off, take)) {
            verdict = new LogStatus.Corrupt("header record is longer than " + StoreLimits.MAX_HEADER_BYTES + " bytes", 0);
            return take;
        }
        decodedPos += take;
        if (nl >= 0) parseHeader(headerBytes.array(), 0, headerBytes.size() - 1);
        return take;
    }

    private void parseHeader(byte[] bytes, int off, int len) {
        try {
            header = codec.header(bytes, off, len);
            committed = decodedPos;
            headerSink.accept(header);
        } catch (RecordRefusedException e) {
            verdict = new LogStatus.Unsupported(e.getMessage(), 0);
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
        decoded.clear();
        if (issue != null) {
            if (oversize) return;
            try {
                codec.decode(bytes, off, len, nextSeq, header, decoded);
            } catch (RuntimeException ignored) {
                return; // DSH drops undecodable lines after the first issue
            }
            if (containsTurnEnd()) {
                turnEndAfterIssue = true;
                if (!zstd) verdict = issueVerdict();
            }
            return;
        }
        try {
            if (oversize) {
                throw new MalformedRecordException("record is longer than " + StoreLimits.MAX_RECORD_BYTES + " bytes");
            }
            codec.decode(bytes, off, len, nextSeq, header, decoded);
        } catch (MalformedRecordException e) {
            remember("unparsable record at line " + (line + 1) + " (decoded byte " + lineStart + "): " + e.getMessage(), lineStart);
            return;
        } catch (RecordRefusedException e) {
            verdict = new LogStatus.Unsupported(e.getMessage() + " (line " + (line + 1) + ")", fileOffsetOf(lineStart));
            return;
        }
        for (int k = 0; k < decoded.size(); k++) {
            long seq = codec.seq(decoded.get(k));
            if (seq != nextSeq + k) {
                remember("seq gap at line " + (line + 1) + " (decoded byte " + lineStart + "): expected "
                        + (nextSeq + k) + ", got " + seq, lineStart);
                if (containsTurnEnd()) {
                    turnEndAfterIssue = true;
                    if (!zstd) verdict = issueVerdict();
                }
                return;
            }
        }
        nextSeq += decoded.size();
        committed = lineEnd;
        if (zstd) {
            pending.addAll(decoded);
            pendingBytes += len + 1;
            if (pendingBytes > StoreLimits.MAX_PENDING_FRAME_BYTES) release();
        } else {
            for (E e : decoded) {
                eventSink.accept(e);
                delivered++;
            }
        }
    }

    private void remember(String what, long decodedOffset) {
        issue = what;
        issueOffset = decodedOffset;
    }

    private LogStatus issueVerdict() {
        return new LogStatus.Corrupt(issue + (turnEndAfterIssue ? "; a later turn/end makes it corruption" : ""),
                fileOffsetOf(issueOffset));
    }

    private long fileOffsetOf(long decodedOffset) {
        return zstd ? frameStart : decodedOffset;
    }

    private boolean containsTurnEnd() {
        for (E e : decoded) {
            if (codec.endsTurn(e)) return true;
        }
        return false;
    }

    private void release() {
        for (E e : pending) {
            eventSink.accept(e);
            delivered++;
            frameDelivered++;
        }
        pending.clear();
        pendingBytes = 0;
    }

    @Override
    public boolean frameEnd(long start, long end) {
        if (verdict != null) return false;
        if (frameIndex == 0) {
            byte[] h = headerBytes.array();
            int n = headerBytes.size();
            if (n == 0 || h[n - 1] != '\n' || indexOf(h, 0, n) != n - 1) {
                verdict = new LogStatus.Corrupt("first frame is not exactly one header line", start);
                return false;
            }
            parseHeader(h, 0, n - 1);
            return verdict == null;
        }
        if (issue != null) {
            verdict = new LogStatus.Corrupt(issue + " in the complete frame at byte " + start, start);
        } else if (fragment.size() > 0 || fragmentOversize) {
            verdict = new LogStatus.Corrupt("complete frame at byte " + start
                    + " does not end with a newline (a record is split across frames)", start);
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
                    : new LogStatus.Ok();
            case ZstdFrameWalker.End.Torn t -> finishTorn(t);
            case ZstdFrameWalker.End.Stopped s -> verdict != null ? verdict
                    : new LogStatus.Corrupt("reading stopped", s.offset());
        };
    }

    private LogStatus finishTorn(ZstdFrameWalker.End.Torn t) {
        if (header == null) {
            return new LogStatus.NotASession("no complete header frame (the file ends inside its first frame)");
        }
        if (t.decodeFailed()) {
            pending.clear();
            return new LogStatus.Torn(t.start(), frameDelivered);
        }
        if (turnEndAfterIssue) return issueVerdict();
        release();
        return new LogStatus.Torn(t.start(), frameDelivered);
    }

    /** The outcome of a raw log of {@code fileBytes} bytes, read to its end. */
    public LogStatus finishRaw(long fileBytes) {
        if (verdict != null) return verdict;
        if (header == null) {
            return new LogStatus.NotASession("empty or header-less session log (" + fileBytes + " bytes, no complete first line)");
        }
        if (committed < fileBytes) return new LogStatus.Torn(committed, 0);
        return new LogStatus.Ok();
    }

    private static int indexOf(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') return i;
        }
        return -1;
    }
}
