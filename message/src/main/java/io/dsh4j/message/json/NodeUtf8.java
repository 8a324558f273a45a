package io.dsh4j.message.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * UTF-8 decoding as Node.js does it ({@code buffer.toString('utf8')}, the WHATWG decoder), for code
 * that must see a file's text exactly as a JavaScript tool of DSH saw it: well-formed input decodes
 * as everywhere, and each maximal ill-formed subpart becomes one U+FFFD. The JDK's own decoder
 * differs on encoded surrogates ({@code ED A0 80} is one replacement there, three in Node), so it
 * is not used for ill-formed input. Stateless and thread-safe.
 */
public final class NodeUtf8 {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    private NodeUtf8() {}

    /**
     * Whether {@code b[off, off+len)} is well-formed UTF-8 (no overlong forms, no encoded
     * surrogates, nothing above U+10FFFF, no truncated sequence).
     */
    public static boolean isWellFormed(byte[] b, int off, int len) {
        return wellFormedUtf16Length(b, off, len) >= 0;
    }

    /**
     * The length in UTF-16 code units of the decoded text: exact for
     * well-formed UTF-8, and with one U+FFFD per ill-formed subpart otherwise.
     */
    public static long utf16Length(byte[] b, int off, int len) {
        long n = wellFormedUtf16Length(b, off, len);
        return n >= 0 ? n : decode(b, off, len, null);
    }

    /**
     * {@link #utf16Length} of well-formed UTF-8 and {@code -1} for ill-formed, in one pass over the
     * bytes (a log reader needs both of every line); ASCII is checked eight bytes at a time.
     */
    public static long wellFormedUtf16Length(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        long n = 0;
        while (i < end) {
            if (i + Long.BYTES <= end && ((long) LONGS.get(b, i) & HIGH_BITS) == 0) {
                i += Long.BYTES;
                n += Long.BYTES;
                continue;
            }
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                n++;
                continue;
            }
            int length = sequenceLength(b, i, end);
            if (length < 0) return -1;
            i += length;
            n += length == 4 ? 2 : 1; // four bytes are a code point above U+FFFF: a surrogate pair
        }
        return n;
    }

    /**
     * The length, 2 to 4, of the well-formed UTF-8 sequence of a code point above U+007F that starts at
     * {@code b[i]} and ends before {@code end}; {@code -1} when the bytes there are not one.
     */
    public static int sequenceLength(byte[] b, int i, int end) {
        int c = b[i] & 0xFF;
        int need;
        int lo = 0x80;
        int hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return -1;
        }
        if (i + need >= end) return -1;
        int second = b[i + 1] & 0xFF;
        if (second < lo || second > hi) return -1;
        for (int k = 2; k <= need; k++) {
            if ((b[i + k] & 0xC0) != 0x80) return -1;
        }
        return need + 1;
    }

    /**
     * The bytes decoded as Node (the WHATWG decoder) decodes them: each maximal ill-formed subpart
     * becomes one U+FFFD.
     */
    public static String decode(byte[] b, int off, int len) {
        StringBuilder out = new StringBuilder(len);
        decode(b, off, len, out);
        return out.toString();
    }

    /** Decodes into {@code out} when it is not null; returns the UTF-16 length either way. */
    private static long decode(byte[] b, int off, int len, StringBuilder out) {
        long n = 0;
        int needed = 0;
        int seen = 0;
        int lower = 0x80;
        int upper = 0xBF;
        int codePoint = 0;
        int i = off;
        while (i < off + len) {
            int c = b[i] & 0xFF;
            if (needed == 0) {
                i++;
                if (c < 0x80) {
                    n++;
                    if (out != null) out.append((char) c);
                } else if (c >= 0xC2 && c <= 0xDF) {
                    needed = 1;
                    codePoint = c & 0x1F;
                } else if (c >= 0xE0 && c <= 0xEF) {
                    if (c == 0xE0) lower = 0xA0;
                    if (c == 0xED) upper = 0x9F;
                    needed = 2;
                    codePoint = c & 0x0F;
                } else if (c >= 0xF0 && c <= 0xF4) {
                    if (c == 0xF0) lower = 0x90;
                    if (c == 0xF4) upper = 0x8F;
                    needed = 3;
                    codePoint = c & 0x07;
                } else {
                    n++;
                    if (out != null) out.append('\uFFFD');
                }
                continue;
            }
            if (c < lower || c > upper) {
                // the subpart so far is ill-formed; this byte starts afresh
                needed = 0;
                seen = 0;
                lower = 0x80;
                upper = 0xBF;
                n++;
                if (out != null) out.append('\uFFFD');
                continue;
            }
            i++;
            lower = 0x80;
            upper = 0xBF;
            codePoint = (codePoint << 6) | (c & 0x3F);
            if (++seen == needed) {
                n += Character.charCount(codePoint);
                if (out != null) out.appendCodePoint(codePoint);
                needed = 0;
                seen = 0;
            }
        }
        if (needed != 0) {
            n++;
            if (out != null) out.append('\uFFFD');
        }
        return n;
    }

    /** The whole array decoded as Node decodes it. */
    public static String decode(byte[] b) {
        return decode(b, 0, b.length);
    }
}
