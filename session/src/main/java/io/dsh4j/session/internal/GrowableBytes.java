package io.dsh4j.session.internal;

import java.util.Arrays;

/** A byte buffer that grows by doubling up to a fixed cap. Not thread-safe. */
public final class GrowableBytes {

    private final int cap;
    private byte[] bytes = new byte[256];
    private int size;

    public GrowableBytes(int cap) {
        this.cap = cap;
    }

    /**
     * Appends {@code len} bytes.
     *
     * @return {@code false}, appending nothing, when the result would exceed the cap
     */
    public boolean append(byte[] src, int off, int len) {
        long want = (long) size + len;
        if (want > cap) return false;
        if (want > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(cap, Math.max(want, 2L * bytes.length)));
        }
        System.arraycopy(src, off, bytes, size, len);
        size += len;
        return true;
    }

    /** The backing array; bytes {@code [0, size())} are valid. */
    public byte[] array() {
        return bytes;
    }

    public int size() {
        return size;
    }

    /** Empties the buffer, keeping its capacity. */
    public void clear() {
        size = 0;
    }

    /** A copy of the valid bytes. */
    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }
}
