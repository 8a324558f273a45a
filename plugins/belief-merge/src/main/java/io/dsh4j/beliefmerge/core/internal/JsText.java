package io.dsh4j.beliefmerge.core.internal;

import io.dsh4j.message.json.JsStrings;

/**
 * JavaScript's notion of white space and trimming, which the original relies on (spec §0.4):
 * {@code \s} and {@code trim()} cover every Unicode space separator, NBSP, BOM and the line terminators,
 * while Java's {@code \s} and {@code trim()} are ASCII-only.
 */
public final class JsText {

    /** A regex character-class body matching exactly JavaScript's {@code \s}. */
    public static final String WS_CLASS = JsStrings.WHITE_SPACE_CLASS;

    private JsText() {}

    /** True for every character JavaScript's {@code \s} matches. */
    public static boolean isWhitespace(int c) {
        return JsStrings.isWhiteSpace(c);
    }

    /** JavaScript's {@code String.prototype.trim}. */
    public static String trim(String s) {
        return JsStrings.trim(s);
    }

    /** True when {@link #trim} would leave nothing. */
    public static boolean isBlank(String s) {
        return JsStrings.isBlank(s);
    }

    /** True for the characters of JavaScript's {@code \p{L}} or {@code \p{N}} (a Unicode letter or number). */
    public static boolean isLetterOrNumber(int cp) {
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                 Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER,
                 Character.LETTER_NUMBER, Character.OTHER_NUMBER -> true;
            default -> false;
        };
    }

    /** JavaScript's {@code String.prototype.toLowerCase}, Final_Sigma rule included ({@link JsStrings#toLowerCase}). */
    public static String toLowerCase(String text) {
        return JsStrings.toLowerCase(text);
    }

    /**
     * Lower-cases, blanks every code point that is neither a letter nor a number (markup, punctuation,
     * symbols), collapses white space runs to one space and trims — the normalisation shared by slot
     * keys (§5) and the benchmark scorer (§11.3). Equivalent to the original's chain of replacements.
     */
    public static String normalizeWords(String text) {
        String lower = toLowerCase(text);
        StringBuilder out = new StringBuilder(lower.length());
        boolean pendingSpace = false;
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            boolean space = !isLetterOrNumber(cp);
            if (space) {
                pendingSpace = true;
            } else {
                if (pendingSpace && !out.isEmpty()) out.append(' ');
                pendingSpace = false;
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }
}
