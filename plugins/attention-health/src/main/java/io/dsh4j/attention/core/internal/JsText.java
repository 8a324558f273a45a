package io.dsh4j.attention.core.internal;

import io.dsh4j.message.json.JsStrings;
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
    public static final String WS = "[" + JsStrings.WHITE_SPACE_CLASS + "]";

    private JsText() {}

    /** Whether {@code c} is ECMAScript whitespace or a line terminator. */
    public static boolean isSpace(char c) {
        // most characters of a text are printable ASCII or CJK, neither of which holds a space
        if ((c > ' ' && c < 0xA0) || (c > 0x3000 && c < 0xFEFF)) return false;
        return JsStrings.isWhiteSpace(c);
    }

    /** {@code String.prototype.trim}. */
    public static String trim(String s) {
        return s == null ? "" : JsStrings.trim(s);
    }

    /** Whether the string is empty after {@link #trim}. */
    public static boolean isBlank(String s) {
        return s == null || JsStrings.isBlank(s);
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
        return collapseRunsHead(s, Integer.MAX_VALUE);
    }

    /** {@code head(collapseRuns(s), max)} without building the rest of the collapsed text. */
    public static String collapseRunsHead(String s, int max) {
        if (s == null || s.isEmpty() || max <= 0) return "";
        StringBuilder out = new StringBuilder(Math.min(s.length(), max));
        boolean inRun = false;
        for (int i = 0; i < s.length() && out.length() < max; i++) {
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

    /** {@code String.prototype.toLowerCase()}, Final_Sigma rule included ({@link JsStrings#toLowerCase}). */
    public static String lower(String s) {
        return s == null ? "" : JsStrings.toLowerCase(s);
    }
}
