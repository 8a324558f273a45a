package io.dsh4j.message.json;

import java.util.Locale;

/**
 * JavaScript's string semantics where Java's differ, for the code that must treat text exactly as
 * DSH's JavaScript plugins did:
 *
 * <ul>
 *   <li>white space is ECMAScript's {@code \s} and what {@code trim()} removes — every Unicode space
 *       separator, NBSP, the BOM and the line terminators LF, CR, LS and PS (Java's {@code \s} and
 *       {@code String.trim} are ASCII-only, and {@link Character#isWhitespace} knows no NBSP but
 *       does know U+001C–U+001F);
 *   <li>{@code toLowerCase()} applies Unicode's Final_Sigma condition to capital sigma, where Java
 *       decides by word boundaries.
 * </ul>
 *
 * <p>Stateless and thread-safe. Arguments must not be {@code null}.
 */
public final class JsStrings {

    /** The body of a regex character class matching exactly JavaScript's {@code \s}. */
    public static final String WHITE_SPACE_CLASS =
            "\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF";

    private JsStrings() {}

    /** Whether JavaScript's {@code \s} matches the character (or code point) {@code c}. */
    public static boolean isWhiteSpace(int c) {
        return switch (c) {
            case '\t', '\n', 0x0B, '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF -> true;
            default -> c >= 0x2000 && c <= 0x200A;
        };
    }

    /** {@code String.prototype.trim}; returns {@code s} itself when there is nothing to remove. */
    public static String trim(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isWhiteSpace(s.charAt(start))) start++;
        while (end > start && isWhiteSpace(s.charAt(end - 1))) end--;
        return start == 0 && end == s.length() ? s : s.substring(start, end);
    }

    /** Whether {@link #trim} would leave nothing. */
    public static boolean isBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isWhiteSpace(s.charAt(i))) return false;
        }
        return true;
    }

    /**
     * {@code String.prototype.toLowerCase}: Unicode's default case conversion, which is
     * {@code toLowerCase(Locale.ROOT)} except for capital sigma. JavaScript lower-cases {@code Σ} to
     * {@code ς} under the Final_Sigma condition (a cased letter before it, case-ignorable characters
     * skipped, and none after it), and to {@code σ} otherwise; Java decides by word boundaries, so
     * {@code "ΣΑΣ1a"} and {@code "ΣΑΣ`a"} come out the other way round there.
     */
    public static String toLowerCase(String s) {
        int sigma = s.indexOf('\u03A3');
        if (sigma < 0) return s.toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(s.length());
        int from = 0;
        while (sigma >= 0) {
            out.append(s.substring(from, sigma).toLowerCase(Locale.ROOT));
            out.append(isFinalSigma(s, sigma) ? '\u03C2' : '\u03C3');
            from = sigma + 1;
            sigma = s.indexOf('\u03A3', from);
        }
        return out.append(s.substring(from).toLowerCase(Locale.ROOT)).toString();
    }

    /** Unicode's Final_Sigma condition (Table 3-17) for the character at {@code at}. */
    private static boolean isFinalSigma(String s, int at) {
        boolean casedBefore = false;
        for (int i = at; i > 0; ) {
            int cp = s.codePointBefore(i);
            i -= Character.charCount(cp);
            if (isCaseIgnorable(cp)) continue;
            casedBefore = isCased(cp);
            break;
        }
        if (!casedBefore) return false;
        for (int i = at + 1; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (isCaseIgnorable(cp)) continue;
            return !isCased(cp);
        }
        return true;
    }

    /** Unicode's {@code Cased}: lowercase, uppercase or title case. */
    private static boolean isCased(int cp) {
        return Character.isLowerCase(cp) || Character.isUpperCase(cp) || Character.isTitleCase(cp);
    }

    /**
     * Unicode's {@code Case_Ignorable}: general category Mn, Me, Cf, Lm or Sk, or Word_Break
     * MidLetter, MidNumLet or Single_Quote.
     */
    private static boolean isCaseIgnorable(int cp) {
        return switch (Character.getType(cp)) {
            case Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.FORMAT, Character.MODIFIER_LETTER,
                    Character.MODIFIER_SYMBOL -> true;
            default -> switch (cp) {
                case 0x27, 0x2E, 0x3A, 0xB7, 0x387, 0x55F, 0x5F4, 0x2018, 0x2019, 0x2024, 0x2027, 0xFE13, 0xFE52, 0xFE55,
                        0xFF07, 0xFF0E, 0xFF1A -> true;
                default -> false;
            };
        };
    }

    /** Whether the code point is a letter or a number: JavaScript's {@code \p{L}} or {@code \p{N}}. */
    public static boolean isLetterOrNumber(int cp) {
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                 Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER,
                 Character.LETTER_NUMBER, Character.OTHER_NUMBER -> true;
            default -> false;
        };
    }
}
