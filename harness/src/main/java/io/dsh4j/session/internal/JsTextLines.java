package io.dsh4j.session.internal;

/**
 * The line rules of a JavaScript reader that decodes a log with Node's UTF-8 decoder, splits it on
 * {@code '\n'}, skips a line when {@code line.trim()} is empty and hands the rest to
 * {@code JSON.parse}: which byte lines are blank, how long a line is in UTF-16 code units, and
 * whether its bytes are well-formed UTF-8 (otherwise the decoder put U+FFFD for each maximal
 * ill-formed subpart). Stateless.
 */
public final class JsTextLines {

    private JsTextLines() {}

    /**
     * Whether {@code trim()} leaves nothing of the line: every code point is JavaScript white space
     * (TAB, VT, FF, SP, NBSP, ZWNBSP/BOM, the Zs category) or a line terminator (LF, CR, LS, PS).
     * U+0085 (NEL) is not white space in JavaScript.
     */
    public static boolean isBlank(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == 0x0C) {
                i++;
                continue;
            }
            int n = whiteSpaceSequence(b, i, end);
            if (n == 0) return false;
            i += n;
        }
        return true;
    }

    /** The byte length of the non-ASCII white-space character at {@code i}, or 0 when there is none. */
    private static int whiteSpaceSequence(byte[] b, int i, int end) {
        int c0 = b[i] & 0xFF;
        int c1 = i + 1 < end ? b[i + 1] & 0xFF : -1;
        int c2 = i + 2 < end ? b[i + 2] & 0xFF : -1;
        return switch (c0) {
            case 0xC2 -> c1 == 0xA0 ? 2 : 0;                                   // U+00A0
            case 0xE1 -> c1 == 0x9A && c2 == 0x80 ? 3 : 0;                     // U+1680
            case 0xE2 -> (c1 == 0x80 && (c2 >= 0x80 && c2 <= 0x8A || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF))
                    || (c1 == 0x81 && c2 == 0x9F) ? 3 : 0;                       // U+2000–200A, 2028, 2029, 202F, 205F
            case 0xE3 -> c1 == 0x80 && c2 == 0x80 ? 3 : 0;                     // U+3000
            case 0xEF -> c1 == 0xBB && c2 == 0xBF ? 3 : 0;                     // U+FEFF
            default -> 0;
        };
    }

    /** Whether the line begins with a byte order mark, which {@code JSON.parse} refuses. */
    public static boolean startsWithBom(byte[] b, int off, int len) {
        return len >= 3 && (b[off] & 0xFF) == 0xEF && (b[off + 1] & 0xFF) == 0xBB && (b[off + 2] & 0xFF) == 0xBF;
    }

    /**
     * Whether {@code b[off, off+len)} is well-formed UTF-8 (no overlong forms, no encoded
     * surrogates, nothing above U+10FFFF, no truncated sequence).
     */
    public static boolean isWellFormed(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
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
                return false;
            }
            if (i + need >= end) return false;
            int second = b[i + 1] & 0xFF;
            if (second < lo || second > hi) return false;
            for (int k = 2; k <= need; k++) {
                if ((b[i + k] & 0xC0) != 0x80) return false;
            }
            i += need + 1;
        }
        return true;
    }

    /**
     * The line's length in UTF-16 code units as JavaScript sees it after decoding: exact for
     * well-formed UTF-8, and with one U+FFFD per ill-formed subpart otherwise.
     */
    public static long utf16Length(byte[] b, int off, int len) {
        if (!isWellFormed(b, off, len)) return decode(b, off, len, null);
        long n = 0;
        for (int i = off; i < off + len; i++) {
            int c = b[i] & 0xFF;
            if ((c & 0xC0) != 0x80) n += c >= 0xF0 ? 2 : 1;
        }
        return n;
    }

    /**
     * The line decoded as Node (the WHATWG decoder) decodes it: each maximal ill-formed subpart
     * becomes one U+FFFD. The JDK's decoder differs on encoded surrogates (one replacement for
     * {@code ED A0 80} where JavaScript has three), so it is not used here.
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
}
