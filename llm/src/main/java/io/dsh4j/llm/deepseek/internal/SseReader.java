package io.dsh4j.llm.deepseek.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A byte-level reader of server-sent events (the WHATWG event-stream grammar, data fields only): lines
 * end in CRLF, LF or CR (a CRLF split across reads is one ending); a line starting with {@code :} is a
 * comment; {@code data:} lines (one optional space after the colon removed) join with {@code \n}; an
 * empty line dispatches the event unless its data is empty; other fields ({@code event}, {@code id},
 * {@code retry}) are ignored; an unterminated event at end of stream is discarded.
 *
 * <p>Memory is bounded: an event's data plus the line being read may hold at most {@code maxEventBytes}
 * bytes, else {@link EventTooLargeException}; a field line of another kind or a comment is skipped
 * without being stored. Not thread-safe; one reader per stream.
 */
public final class SseReader {

    /** Receives events and activity. */
    public interface Listener {
        /** One event's data as UTF-8 bytes {@code [0, length)} of {@code data}; the array is reused after the call. */
        void event(byte[] data, int length) throws IOException;
    }

    /** An event (or a line) exceeded the reader's cap. */
    public static final class EventTooLargeException extends IOException {
        public EventTooLargeException(long limit) {
            super("a server-sent event exceeds the limit of " + limit + " bytes");
        }
    }

    private static final int READ_BUFFER = 16 * 1024;
    private static final byte[] DATA = {'d', 'a', 't', 'a'};

    private final InputStream in;
    private final int maxEventBytes;
    private final byte[] buffer = new byte[READ_BUFFER];

    // the current line, stored only while it may be a data line
    private byte[] line = new byte[256];
    private int lineLength;
    private LineKind kind = LineKind.UNKNOWN;
    private boolean afterCr;

    // the current event's data
    private byte[] data = new byte[1024];
    private int dataLength;
    private boolean hasData;

    private enum LineKind { UNKNOWN, DATA, SKIP }

    public SseReader(InputStream in, int maxEventBytes) {
        this.in = in;
        this.maxEventBytes = maxEventBytes;
    }

    /**
     * Reads until end of stream or until {@code listener} asks to stop by returning from a call to
     * {@link #stop()}.
     *
     * @return {@code true} when {@link #stop()} ended the read, {@code false} at end of stream
     */
    public boolean run(Listener listener) throws IOException {
        stopped = false;
        while (!stopped) {
            int n = in.read(buffer, 0, buffer.length);
            if (n < 0) return false;
            feed(buffer, 0, n, listener);
        }
        return true;
    }

    private boolean stopped;

    /** Ends {@link #run} after the current event; call from the listener. */
    public void stop() {
        stopped = true;
    }

    /** Feeds bytes; public for parsers fed from memory (benchmarks, property tests). */
    public void feed(byte[] bytes, int offset, int length, Listener listener) throws IOException {
        int end = offset + length;
        int i = offset;
        while (i < end && !stopped) {
            byte b = bytes[i];
            if (afterCr) {
                afterCr = false;
                if (b == '\n') { i++; continue; }
            }
            if (b == '\n' || b == '\r') {
                afterCr = b == '\r';
                endLine(listener);
                i++;
                continue;
            }
            // run of ordinary bytes
            int start = i;
            while (i < end && bytes[i] != '\n' && bytes[i] != '\r') i++;
            appendLine(bytes, start, i - start);
        }
    }

    private void appendLine(byte[] bytes, int start, int count) throws IOException {
        if (kind == LineKind.SKIP) return;
        if (kind == LineKind.UNKNOWN) {
            // decide as soon as the line's start tells whether it can be "data" or "data:..."
            int take = Math.min(count, DATA.length + 1 - lineLength);
            for (int k = 0; k < take; k++) {
                int pos = lineLength + k;
                byte c = bytes[start + k];
                if (pos < DATA.length ? c != DATA[pos] : c != ':') {
                    kind = LineKind.SKIP;
                    lineLength = 0;
                    return;
                }
            }
            if (lineLength + count >= DATA.length + 1) kind = LineKind.DATA;
        }
        long need = (long) lineLength + count;
        if (dataLength + need > maxEventBytes) throw new EventTooLargeException(maxEventBytes);
        if (need > line.length) line = Arrays.copyOf(line, (int) Math.min(Math.max(need, 2L * line.length), Integer.MAX_VALUE - 8));
        System.arraycopy(bytes, start, line, lineLength, count);
        lineLength += count;
    }

    private void endLine(Listener listener) throws IOException {
        LineKind k = kind;
        int len = lineLength;
        kind = LineKind.UNKNOWN;
        lineLength = 0;
        if (k == LineKind.SKIP) return;
        if (len == 0) {
            dispatch(listener);
            return;
        }
        // "data" exactly (no colon) is a data field with an empty value
        boolean bareData = k == LineKind.UNKNOWN && len == DATA.length;
        if (k != LineKind.DATA && !bareData) return;
        int valueStart = bareData ? len : DATA.length + 1;
        if (valueStart < len && line[valueStart] == ' ') valueStart++;
        int valueLength = len - valueStart;
        int add = valueLength + (hasData ? 1 : 0);
        if ((long) dataLength + add > maxEventBytes) throw new EventTooLargeException(maxEventBytes);
        if (dataLength + add > data.length) data = Arrays.copyOf(data, Math.max(dataLength + add, 2 * data.length));
        if (hasData) data[dataLength++] = '\n';
        System.arraycopy(line, valueStart, data, dataLength, valueLength);
        dataLength += valueLength;
        hasData = true;
    }

    private void dispatch(Listener listener) throws IOException {
        boolean any = hasData;
        int len = dataLength;
        hasData = false;
        dataLength = 0;
        if (!any || len == 0) return;
        listener.event(data, len);
    }
}
