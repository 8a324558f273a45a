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
     * JavaScript's {@code String.prototype.toLowerCase}: Unicode default case conversion, the same as
     * {@code toLowerCase(Locale.ROOT)} except for capital sigma. JavaScript applies Unicode's
     * Final_Sigma condition — {@code Σ} preceded by a cased letter (case-ignorable characters between
     * them skipped) and not followed by one becomes {@code ς} — while Java decides it by word boundaries,
     * so {@code "ΟΔΟΣ\uFEFFไทย file"} keeps {@code σ} in Java but ends in {@code ς} in JavaScript.
     */
    public static String toLowerCase(String text) {
        int sigma = text.indexOf('\u03A3');
        if (sigma < 0) return text.toLowerCase(java.util.Locale.ROOT);
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        while (sigma >= 0) {
            out.append(text.substring(from, sigma).toLowerCase(java.util.Locale.ROOT));
            out.append(isFinalSigma(text, sigma) ? '\u03C2' : '\u03C3');
            from = sigma + 1;
            sigma = text.indexOf('\u03A3', from);
        }
        return out.append(text.substring(from).toLowerCase(java.util.Locale.ROOT)).toString();
    }

    /** Unicode's Final_Sigma condition (Table 3-17) at {@code index}. */
    private static boolean isFinalSigma(String text, int index) {
        boolean casedBefore = false;
        for (int i = index; i > 0; ) {
            int cp = text.codePointBefore(i);
            i -= Character.charCount(cp);
            if (isCaseIgnorable(cp)) continue;
            casedBefore = isCased(cp);
            break;
        }
        if (!casedBefore) return false;
        for (int i = index + 1; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (isCaseIgnorable(cp)) continue;
            return !isCased(cp);
        }
        return true;
    }

    /** Unicode's Cased property: Lowercase, Uppercase or a title-case letter. */
    private static boolean isCased(int cp) {
        return Character.isLowerCase(cp) || Character.isUpperCase(cp) || Character.isTitleCase(cp);
    }

    /**
     * Unicode's Case_Ignorable property: Word_Break MidLetter, MidNumLet or Single_Quote, or general
     * category Mn, Me, Cf, Lm or Sk.
     */
    private static boolean isCaseIgnorable(int cp) {
        switch (cp) {
            case 0x27, 0x2E, 0x3A, 0xB7, 0x387, 0x55F, 0x5F4, 0x2018, 0x2019, 0x2024, 0x2027, 0xFE13, 0xFE52, 0xFE55,
                 0xFF07, 0xFF0E, 0xFF1A -> {
                return true;
            }
            default -> {
                return switch (Character.getType(cp)) {
                    case Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.FORMAT, Character.MODIFIER_LETTER,
                         Character.MODIFIER_SYMBOL -> true;
                    default -> false;
                };
            }
        }
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
