package io.dsh4j.beliefmerge.core.internal;

/**
 * JavaScript's notion of white space and trimming, which the original relies on (spec §0.4):
 * {@code \s} and {@code trim()} cover every Unicode space separator, NBSP, BOM and the line terminators,
 * while Java's {@code \s} and {@code trim()} are ASCII-only.
 */
public final class JsText {

    /** A regex character-class body matching exactly JavaScript's {@code \s}. */
    public static final String WS_CLASS =
            "\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF";

    private JsText() {}

    /** True for every character JavaScript's {@code \s} matches. */
    public static boolean isWhitespace(int c) {
        return switch (c) {
            case '\t', '\n', 0x0B, '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF -> true;
            default -> c >= 0x2000 && c <= 0x200A;
        };
    }

    /** JavaScript's {@code String.prototype.trim}. */
    public static String trim(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isWhitespace(s.charAt(start))) start++;
        while (end > start && isWhitespace(s.charAt(end - 1))) end--;
        return s.substring(start, end);
    }

    /** True when {@link #trim} would leave nothing. */
    public static boolean isBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isWhitespace(s.charAt(i))) return false;
        }
        return true;
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

    /**
     * Lower-cases, blanks every code point that is neither a letter nor a number (markup, punctuation,
     * symbols), collapses white space runs to one space and trims — the normalisation shared by slot
     * keys (§5) and the benchmark scorer (§11.3). Equivalent to the original's chain of replacements.
     */
    public static String normalizeWords(String text) {
        String lower = text.toLowerCase(java.util.Locale.ROOT);
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
