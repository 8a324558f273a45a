package io.dsh4j.session.internal;

/**
 * The line rules of a JavaScript reader that decodes a log with Node's UTF-8 decoder, splits it on
 * {@code '\n'}, skips a line when {@code line.trim()} is empty and hands the rest to
 * {@code JSON.parse}: which byte lines are blank and which begin with a byte order mark. How the
 * bytes decode is {@link io.dsh4j.message.json.NodeUtf8}'s. Stateless.
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
}
