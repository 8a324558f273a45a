package io.dsh4j.session.internal;

import io.dsh4j.message.json.JsStrings;

/**
 * The line rules of a JavaScript reader that decodes a log with Node's UTF-8 decoder, splits it on
 * {@code '\n'}, skips a line when {@code line.trim()} is empty and hands the rest to
 * {@code JSON.parse}: which byte lines are blank and which begin with a byte order mark. How the
 * bytes decode is {@link io.dsh4j.message.json.NodeUtf8}'s. Stateless.
 */
public final class JsTextLines {

    private JsTextLines() {}

    /**
     * Whether {@code trim()} leaves nothing of the line: every character is JavaScript white space or a
     * line terminator as {@link JsStrings#isWhiteSpace} decides (U+0085, NEL, is not). Ill-formed bytes
     * are not white space.
     */
    public static boolean isBlank(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            int n = whiteSpaceLength(b, i, end);
            if (n == 0) return false;
            i += n;
        }
        return true;
    }

    /**
     * The byte length of the white-space character encoded at {@code i}, or 0 when there is none there.
     * JavaScript's white space lies below U+10000, so only one- to three-byte sequences can be.
     */
    private static int whiteSpaceLength(byte[] b, int i, int end) {
        int c0 = b[i] & 0xFF;
        if (c0 < 0x80) return JsStrings.isWhiteSpace(c0) ? 1 : 0;
        if (c0 >= 0xC2 && c0 <= 0xDF) {
            if (i + 1 >= end || !continuation(b[i + 1])) return 0;
            return JsStrings.isWhiteSpace((c0 & 0x1F) << 6 | (b[i + 1] & 0x3F)) ? 2 : 0;
        }
        if (c0 >= 0xE0 && c0 <= 0xEF) {
            if (i + 2 >= end || !continuation(b[i + 1]) || !continuation(b[i + 2])) return 0;
            int cp = (c0 & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F);
            return cp >= 0x800 && JsStrings.isWhiteSpace(cp) ? 3 : 0; // below U+0800 it is an overlong form
        }
        return 0;
    }

    private static boolean continuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /** Whether the line begins with a byte order mark, which {@code JSON.parse} refuses. */
    public static boolean startsWithBom(byte[] b, int off, int len) {
        return len >= 3 && (b[off] & 0xFF) == 0xEF && (b[off + 1] & 0xFF) == 0xBB && (b[off + 2] & 0xFF) == 0xBF;
    }
}
