package io.dsh4j.attention.core.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * String operations with JavaScript's semantics, which the original engine's thresholds were
 * calibrated against: whitespace is ECMAScript's {@code \s} (Unicode spaces, BOM and line
 * separators included, unlike {@link Character#isWhitespace}); lengths are UTF-16 code units.
 *
 * <p>Stateless and thread-safe; every method accepts {@code null} as the empty string.
 */
public final class JsText {

    /** ECMAScript's {@code \s} as a Java regex character class. */
    public static final String WS = "[\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]";

    private JsText() {}

    /** Whether {@code c} is ECMAScript whitespace or a line terminator. */
    public static boolean isSpace(char c) {
        return switch (c) {
            case '\t', '\n', '\u000B', '\f', '\r', ' ', '\u00A0', '\u1680', '\u2028', '\u2029', '\u202F', '\u205F',
                    '\u3000', '\uFEFF' -> true;
            default -> c >= '\u2000' && c <= '\u200A';
        };
    }

    /** {@code String.prototype.trim}. */
    public static String trim(String s) {
        if (s == null) return "";
        int start = 0;
        int end = s.length();
        while (start < end && isSpace(s.charAt(start))) start++;
        while (end > start && isSpace(s.charAt(end - 1))) end--;
        return start == 0 && end == s.length() ? s : s.substring(start, end);
    }

    /** Whether the string is empty after {@link #trim}. */
    public static boolean isBlank(String s) {
        if (s == null) return true;
        for (int i = 0; i < s.length(); i++) {
            if (!isSpace(s.charAt(i))) return false;
        }
        return true;
    }

    /** {@code s.replace(/\s+/g, ' ').trim()}: every whitespace run becomes one space, ends trimmed. */
    public static String collapse(String s) {
        if (s == null || s.isEmpty()) return "";
        StringBuilder out = new StringBuilder(s.length());
        boolean pendingSpace = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isSpace(c)) {
                pendingSpace = out.length() > 0;
            } else {
                if (pendingSpace) out.append(' ');
                pendingSpace = false;
                out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code s.replace(/\s+/g, ' ')} without the trim: runs become one space, ends kept. */
    public static String collapseRuns(String s) {
        if (s == null || s.isEmpty()) return "";
        StringBuilder out = new StringBuilder(s.length());
        boolean inRun = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isSpace(c)) {
                if (!inRun) out.append(' ');
                inRun = true;
            } else {
                inRun = false;
                out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code s.split('\n').map(l => l.trim()).filter(Boolean)}. */
    public static List<String> trimmedLines(String s) {
        List<String> lines = new ArrayList<>();
        if (s == null || s.isEmpty()) return lines;
        int start = 0;
        int len = s.length();
        while (start <= len) {
            int nl = s.indexOf('\n', start);
            int end = nl < 0 ? len : nl;
            String line = trim(s.substring(start, end));
            if (!line.isEmpty()) lines.add(line);
            if (nl < 0) break;
            start = nl + 1;
        }
        return lines;
    }

    /** Number of non-overlapping occurrences of {@code needle} ({@code s.split(needle).length - 1}). */
    public static int count(String s, String needle) {
        if (s == null || needle.isEmpty()) return 0;
        int n = 0;
        int at = s.indexOf(needle);
        while (at >= 0) {
            n++;
            at = s.indexOf(needle, at + needle.length());
        }
        return n;
    }

    /** {@code String.prototype.slice(begin, end)} with negative indexes counted from the end. */
    public static String slice(String s, int begin, int end) {
        int len = s.length();
        int from = begin < 0 ? Math.max(0, len + begin) : Math.min(begin, len);
        int to = end < 0 ? Math.max(0, len + end) : Math.min(end, len);
        return from >= to ? "" : s.substring(from, to);
    }

    /** {@code String.prototype.slice(begin)}. */
    public static String slice(String s, int begin) {
        return slice(s, begin, s.length());
    }

    /** The first {@code max} UTF-16 units of {@code s} (all of it when shorter). */
    public static String head(String s, int max) {
        return s.length() <= max ? s : s.substring(0, Math.max(0, max));
    }

    /** The last {@code max} UTF-16 units of {@code s} (all of it when shorter). */
    public static String tail(String s, int max) {
        return s.length() <= max ? s : s.substring(s.length() - Math.max(0, max));
    }

    /**
     * {@code String.prototype.toLowerCase()}: locale-independent, with the Unicode Final_Sigma rule
     * as JavaScript applies it (a capital sigma after a cased letter and not before one, case-ignorable
     * characters skipped, becomes {@code ς}). Java's own rule looks at word boundaries instead, so
     * {@code "ΣΑΣ1a"} and {@code "ΣΑΣ`a"} came out the other way round.
     */
    public static String lower(String s) {
        if (s == null) return "";
        int sigma = s.indexOf('\u03A3');
        if (sigma < 0) return s.toLowerCase(java.util.Locale.ROOT);
        StringBuilder out = new StringBuilder(s.length());
        int from = 0;
        for (; sigma >= 0; sigma = s.indexOf('\u03A3', sigma + 1)) {
            out.append(s.substring(from, sigma).toLowerCase(java.util.Locale.ROOT));
            out.append(isFinalSigma(s, sigma) ? '\u03C2' : '\u03C3');
            from = sigma + 1;
        }
        return out.append(s.substring(from).toLowerCase(java.util.Locale.ROOT)).toString();
    }

    /** Unicode's Final_Sigma condition for the character at {@code at}. */
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

    /** Unicode's {@code Cased}: upper, lower or title case (other_lowercase/uppercase included). */
    private static boolean isCased(int cp) {
        return Character.isLowerCase(cp) || Character.isUpperCase(cp) || Character.isTitleCase(cp);
    }

    /** Unicode's {@code Case_Ignorable}: marks, format characters, modifiers and the mid-word punctuation. */
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
}
