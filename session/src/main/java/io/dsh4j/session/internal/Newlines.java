package io.dsh4j.session.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Finds {@code '\n'} bytes eight at a time (the line scan is on every byte of every log read). */
public final class Newlines {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private Newlines() {}

    /** The index of the first {@code '\n'} in {@code b[from, to)}, or {@code -1}. */
    public static int indexOf(byte[] b, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long x = (long) LONGS.get(b, i) ^ NEWLINES;
            long zero = (x - ONES) & ~x & HIGHS;
            if (zero != 0) return i + (Long.numberOfTrailingZeros(zero) >>> 3);
        }
        for (; i < to; i++) {
            if (b[i] == '\n') return i;
        }
        return -1;
    }
}
