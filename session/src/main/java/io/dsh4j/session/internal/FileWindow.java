package io.dsh4j.session.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * A sliding read buffer over a channel: callers ask for the next {@code n} bytes, look at them in
 * {@link #array()} from {@link #offset()}, and {@link #skip(int)} past them. Memory stays at the
 * largest request (capped by the caller), however long the input is.
 *
 * <p>Not thread-safe; one reader at a time.
 */
public final class FileWindow {

    private final ReadableByteChannel channel;
    private final int maxCapacity;
    private byte[] buf;
    private int pos;
    private int lim;
    private long base;
    private boolean eof;

    /**
     * @param initialCapacity first buffer size
     * @param maxCapacity the largest request this window will serve
     */
    public FileWindow(ReadableByteChannel channel, int initialCapacity, int maxCapacity) {
        this.channel = channel;
        this.maxCapacity = maxCapacity;
        this.buf = new byte[Math.min(initialCapacity, maxCapacity)];
    }

    /** The input offset of the next unread byte. */
    public long position() {
        return base + pos;
    }

    /** Bytes buffered and not yet skipped. */
    public int available() {
        return lim - pos;
    }

    /** The buffer; valid bytes are {@code [offset(), offset() + available())} until the next request. */
    public byte[] array() {
        return buf;
    }

    /** Index in {@link #array()} of the next unread byte. */
    public int offset() {
        return pos;
    }

    /** Advances past {@code n} buffered bytes. */
    public void skip(int n) {
        if (n < 0 || n > lim - pos) throw new IllegalArgumentException("skip " + n + " of " + (lim - pos));
        pos += n;
    }

    /**
     * Makes at least {@code n} bytes available unless the input ends first.
     *
     * @return {@code true} when {@code n} bytes are available, {@code false} at end of input with fewer
     *     (then every remaining byte of the input is buffered)
     * @throws IllegalArgumentException when {@code n} exceeds the window's maximum capacity
     */
    public boolean request(int n) throws IOException {
        if (lim - pos >= n) return true;
        if (n > maxCapacity) throw new IllegalArgumentException("request of " + n + " bytes exceeds " + maxCapacity);
        if (eof) return false;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            base += pos;
            lim -= pos;
            pos = 0;
        }
        if (buf.length < n) {
            byte[] bigger = new byte[(int) Math.min(maxCapacity, Math.max((long) n, 2L * buf.length))];
            System.arraycopy(buf, 0, bigger, 0, lim);
            buf = bigger;
        }
        while (lim < n) {
            int read = channel.read(ByteBuffer.wrap(buf, lim, buf.length - lim));
            if (read < 0) {
                eof = true;
                return false;
            }
            lim += read;
        }
        return true;
    }

    /** Whether the input has ended and every byte has been skipped. */
    public boolean exhausted() throws IOException {
        return !request(1);
    }
}
