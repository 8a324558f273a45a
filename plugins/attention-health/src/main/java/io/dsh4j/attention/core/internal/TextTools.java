package io.dsh4j.attention.core.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The document's text helpers (spec §5.6): clipping, table-cell escaping, Markdown flattening,
 * inline-marker repair, normalisation and bigram similarity. Lengths are UTF-16 units, as in the
 * original. Stateless and thread-safe; {@code null} is the empty string.
 */
public final class TextTools {

    /*
     * JavaScript's multiline ^ and $ and its . know four line terminators (LF, CR, LS, PS); Java's
     * also count NEL (U+0085), so they are spelled out here.
     */
    private static final String LINE_START = "(?<![^\\n\\r\\u2028\\u2029])";
    private static final String LINE_END = "(?![^\\n\\r\\u2028\\u2029])";
    private static final String ANY_IN_LINE = "[^\\n\\r\\u2028\\u2029]";
    private static final Pattern INLINE_CODE = Pattern.compile("`([^`]*)`");
    private static final Pattern TABLE_ROW = Pattern.compile(LINE_START + JsText.WS + "*\\|" + ANY_IN_LINE + "*\\|"
            + JsText.WS + "*" + LINE_END);
    private static final Pattern BULLET = Pattern.compile(LINE_START + JsText.WS + "*[-*+]" + JsText.WS + "+");
    private static final Pattern HEADING = Pattern.compile(LINE_START + JsText.WS + "*#{1,6}" + JsText.WS + "+");
    private static final Pattern RULE = Pattern.compile(LINE_START + JsText.WS + "*-{3,}" + JsText.WS + "*" + LINE_END);
    private static final Pattern EMPHASIS = Pattern.compile("\\*{1,3}([^*\\n]+)\\*{1,3}");

    private TextTools() {}

    /** {@code clip}: whitespace collapsed; when longer than {@code max}, the head plus a length note. */
    public static String clip(String text, int max, String lengthNote) {
        String flat = JsText.collapse(text);
        if (flat.length() <= max) return flat;
        return flat.substring(0, max) + lengthNote.replace("{0}", Integer.toString(flat.length()));
    }

    /** {@code cell}: backslashes and pipes escaped, newlines and whitespace runs made one space. */
    public static String cell(String value) {
        String s = value == null ? "" : value;
        s = s.replace("\\", "\\\\").replace("|", "\\|").replace("\r\n", " ").replace("\n", " ");
        return JsText.collapse(s);
    }

    /**
     * {@code plain}: fenced code removed, inline code unwrapped, table rows, bullets, heading hashes
     * and rules blanked, emphasis unwrapped, whitespace collapsed, then {@link #clip}.
     */
    public static String plain(String text, int max, String lengthNote) {
        String t = text == null ? "" : text;
        t = Fences.strip(t, "```");
        // A pattern cannot match a text without its literal: skip the scan (each tries every position).
        if (t.indexOf('`') >= 0) t = INLINE_CODE.matcher(t).replaceAll("$1");
        if (t.indexOf('|') >= 0) t = TABLE_ROW.matcher(t).replaceAll(" ");
        if (t.indexOf('-') >= 0 || t.indexOf('*') >= 0 || t.indexOf('+') >= 0) t = BULLET.matcher(t).replaceAll(" ");
        if (t.indexOf('#') >= 0) t = HEADING.matcher(t).replaceAll(" ");
        if (t.contains("---")) t = RULE.matcher(t).replaceAll(" ");
        if (t.indexOf('*') >= 0) t = EMPHASIS.matcher(t).replaceAll("$1");
        return clip(JsText.collapse(t), max, lengthNote);
    }

    /** {@code sanitizeInline}: an odd backtick and then an odd {@code **} lose their last one. */
    public static String sanitizeInline(String text) {
        String t = text == null ? "" : text;
        t = dropLastIfOdd(t, "`");
        t = dropLastIfOdd(t, "**");
        return JsText.collapse(t);
    }

    private static String dropLastIfOdd(String s, String marker) {
        if (JsText.count(s, marker) % 2 == 1) {
            int at = s.lastIndexOf(marker);
            if (at >= 0) return s.substring(0, at) + s.substring(at + marker.length());
        }
        return s;
    }

    /** {@code normalize}: lower-cased, only Unicode letters and numbers kept. */
    public static String normalize(String text) {
        String lower = JsText.lower(text);
        StringBuilder out = new StringBuilder(lower.length());
        lower.codePoints().filter(TextTools::isLetterOrNumber).forEach(out::appendCodePoint);
        return out.toString();
    }

    /** Whether a code point is {@code \p{L}} or {@code \p{N}}. */
    public static boolean isLetterOrNumber(int cp) {
        if (Character.isLetter(cp)) return true;
        int type = Character.getType(cp);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    /** {@code similarity}: multiset Jaccard of UTF-16 bigrams of the normalised texts (0–1). */
    public static double similarity(String a, String b) {
        String na = normalize(a);
        String nb = normalize(b);
        if (na.isEmpty() || nb.isEmpty()) return 0;
        if (na.equals(nb)) return 1;
        if (na.length() < 2 || nb.length() < 2) return 0;
        Map<String, Integer> ga = bigrams(na);
        Map<String, Integer> gb = bigrams(nb);
        double inter = 0;
        double union = 0;
        for (Map.Entry<String, Integer> e : ga.entrySet()) {
            int d = gb.getOrDefault(e.getKey(), 0);
            inter += Math.min(e.getValue(), d);
            union += Math.max(e.getValue(), d);
        }
        for (Map.Entry<String, Integer> e : gb.entrySet()) {
            if (!ga.containsKey(e.getKey())) union += e.getValue();
        }
        return union == 0 ? 0 : inter / union;
    }

    private static Map<String, Integer> bigrams(String s) {
        Map<String, Integer> map = new HashMap<>();
        for (int i = 0; i + 1 < s.length(); i++) map.merge(s.substring(i, i + 2), 1, Integer::sum);
        return map;
    }

    /** {@code tempTag}: whether a path has a temporary ({@code 1}) or review/release ({@code 2}) segment, else 0. */
    public static int tempKind(String path) {
        String s = asciiLower(path == null ? "" : path);
        if (hasSegment(s, ".dsh-tmp") || hasSegment(s, "tmp")) return 1;
        if (hasSegment(s, "work") || hasSegment(s, "outputs")) return 2;
        return 0;
    }

    /**
     * ASCII letters lower-cased, every other character kept: a {@code /i} pattern without the {@code u}
     * flag never matches an ASCII letter with a non-ASCII character (the Kelvin sign is not {@code k}).
     */
    private static String asciiLower(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            out.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return out.toString();
    }

    private static boolean hasSegment(String s, String name) {
        for (String sep1 : new String[] {"/", "\\"}) {
            for (String sep2 : new String[] {"/", "\\"}) {
                if (s.contains(sep1 + name + sep2)) return true;
            }
        }
        return false;
    }
}
