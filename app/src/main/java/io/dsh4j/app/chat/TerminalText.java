package io.dsh4j.app.chat;

/**
 * Makes text from the model (or a tool, or a log) safe to write to a terminal: nothing in it can
 * reach the terminal as a control. Every C0 control but the line feed becomes its Unicode control
 * picture ({@code ESC} → {@code ␛}, so {@code ESC[2J} shows as {@code ␛[2J} and clears nothing), a
 * carriage return before a line feed is dropped, a tab becomes spaces to the next {@link #TAB_STOP},
 * DEL becomes {@code ␡}, and C1 controls (U+0080–U+009F, among them the one-byte CSI and OSC), the
 * bidirectional overrides and isolates (which reorder what the reader sees), lone surrogates and
 * noncharacters become U+FFFD. Pure and thread-safe.
 */
final class TerminalText {

    /** Tabs expand to the next multiple of this many columns (counted from the line's start). */
    static final int TAB_STOP = 4;

    private static final char REPLACEMENT = '\uFFFD';

    private TerminalText() {
    }

    /** {@code text} with every control neutralised; line feeds kept. */
    static String safe(CharSequence text) {
        StringBuilder out = null;
        int column = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            String replacement = null;
            char single = 0;
            if (c == '\n') {
                column = -1;
            } else if (c == '\r') {
                replacement = i + 1 < n && text.charAt(i + 1) == '\n' ? "" : "\u240D";
            } else if (c == '\t') {
                replacement = " ".repeat(TAB_STOP - Math.floorMod(column, TAB_STOP));
            } else if (c < 0x20) {
                single = (char) (0x2400 + c);
            } else if (c == 0x7F) {
                single = '\u2421';
            } else if (c >= 0x80 && c <= 0x9F || isBidiControl(c) || c == '\uFFFE' || c == '\uFFFF'
                    || c >= '\uFDD0' && c <= '\uFDEF') {
                single = REPLACEMENT;
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                    if (out != null) out.append(c).append(text.charAt(i + 1));
                    i++;
                    column += 2;
                    continue;
                }
                single = REPLACEMENT;
            } else if (Character.isLowSurrogate(c)) {
                single = REPLACEMENT;
            }
            if (single != 0) replacement = String.valueOf(single);
            if (replacement != null) {
                if (out == null) out = new StringBuilder(n + 16).append(text, 0, i);
                out.append(replacement);
                column += replacement.length();
            } else {
                if (out != null) out.append(c);
                column++;
            }
        }
        return out == null ? text.toString() : out.toString();
    }

    /** The explicit bidirectional embeddings, overrides and isolates, and the marks that steer them. */
    private static boolean isBidiControl(char c) {
        return c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069' || c == '\u200E' || c == '\u200F'
                || c == '\u061C';
    }
}
