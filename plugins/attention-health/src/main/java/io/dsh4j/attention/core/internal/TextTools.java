package io.dsh4j.attention.core.internal;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
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

    /** The characters {@link #plain} looks for, as bits of {@link #plainMarks}. */
    private static final int MARK_BACKTICK = 1;
    private static final int MARK_PIPE = 2;
    private static final int MARK_DASH = 4;
    private static final int MARK_STAR = 8;
    private static final int MARK_PLUS = 16;
    private static final int MARK_HASH = 32;
    private static final int MARK_OTHER_TERMINATOR = 64;

    private TextTools() {}

    /** {@code clip}: whitespace collapsed; when longer than {@code max}, the head plus a length note. */
    public static String clip(String text, int max, String lengthNote) {
        if (max < 0 || text == null) {
            String flat = JsText.collapse(text);
            if (flat.length() <= max) return flat;
            return flat.substring(0, max) + lengthNote.replace("{0}", Integer.toString(flat.length()));
        }
        // One pass: the collapsed text is counted in full but only its first max units are built
        // (issue 17: a 10 MB message was collapsed whole to keep 200 characters of it).
        StringBuilder head = new StringBuilder(Math.min(text.length(), max));
        int len = 0;
        boolean pendingSpace = false;
        int n = text.length();
        int i = 0;
        for (; i < n && len < max; i++) {
            char c = text.charAt(i);
            if (CharTable.is(c, CharTable.SPACE)) {
                pendingSpace = len > 0;
                continue;
            }
            if (pendingSpace) {
                head.append(' ');
                len++;
                pendingSpace = false;
            }
            if (len < max) head.append(c);
            len++;
        }
        // the head is full: the rest is only counted
        for (; i < n; i++) {
            if (CharTable.is(text.charAt(i), CharTable.SPACE)) {
                pendingSpace = len > 0;
            } else {
                len += pendingSpace ? 2 : 1;
                pendingSpace = false;
            }
        }
        if (len <= max) return head.toString();
        return head + lengthNote.replace("{0}", Integer.toString(len));
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
        // A pattern cannot match a text without its literal: skip the scan. The stages only remove
        // characters, so what the text lacks at first the later stages' texts lack too: one scan tells
        // which stages can apply. The line patterns are tried at line starts only, the other two are
        // one-pass scans (issue 17: linear in the text, each checked against its pattern by
        // TextToolsPlainProperties).
        int marks = plainMarks(t);
        if ((marks & MARK_BACKTICK) != 0) t = unwrapInlineCode(Fences.strip(t, "```"));
        boolean lineFeedsOnly = (marks & MARK_OTHER_TERMINATOR) == 0;
        if ((marks & MARK_PIPE) != 0) t = blankAtLineStarts(t, TABLE_ROW, "|", lineFeedsOnly);
        if ((marks & (MARK_DASH | MARK_STAR | MARK_PLUS)) != 0) t = blankAtLineStarts(t, BULLET, "-*+", lineFeedsOnly);
        if ((marks & MARK_HASH) != 0) t = blankAtLineStarts(t, HEADING, "#", lineFeedsOnly);
        if ((marks & MARK_DASH) != 0 && t.contains("---")) t = blankAtLineStarts(t, RULE, "-", lineFeedsOnly);
        if ((marks & MARK_STAR) != 0) t = unwrapEmphasis(t);
        // clip collapses; collapsing twice is collapsing once
        return clip(t, max, lengthNote);
    }

    /** Which of the characters {@link #plain} looks for the text holds, as {@code MARK_} bits. */
    private static int plainMarks(String t) {
        int marks = 0;
        for (int i = 0, n = t.length(); i < n; i++) {
            char c = t.charAt(i);
            if (!CharTable.is(c, CharTable.PLAIN_MARK)) continue;
            marks |= switch (c) {
                case '`' -> MARK_BACKTICK;
                case '|' -> MARK_PIPE;
                case '-' -> MARK_DASH;
                case '*' -> MARK_STAR;
                case '+' -> MARK_PLUS;
                case '#' -> MARK_HASH;
                default -> MARK_OTHER_TERMINATOR;
            };
        }
        return marks;
    }

    /** The patterns {@link #plain} stands for, in its order (for the property test). */
    static List<Pattern> plainPatterns() {
        return List.of(INLINE_CODE, TABLE_ROW, BULLET, HEADING, RULE, EMPHASIS);
    }

    /** {@code INLINE_CODE.matcher(t).replaceAll("$1")}: each backtick pair unwrapped, in one pass. */
    static String unwrapInlineCode(String t) {
        int open = t.indexOf('`');
        if (open < 0) return t;
        StringBuilder out = new StringBuilder(t.length());
        int from = 0;
        while (open >= 0) {
            int close = t.indexOf('`', open + 1);
            if (close < 0) break;
            out.append(t, from, open).append(t, open + 1, close);
            from = close + 1;
            open = t.indexOf('`', from);
        }
        return out.append(t, from, t.length()).toString();
    }

    /**
     * {@code EMPHASIS.matcher(t).replaceAll("$1")} in one pass. A match starts in a run of stars no more
     * than three before the run's end (a longer opening leaves a star where the content must start),
     * takes the non-star, non-newline run after it as content and needs a star right after the content;
     * the closing takes up to three stars. When the content ends at a newline or the text's end, no start
     * in that run matches and the search resumes after the content.
     */
    static String unwrapEmphasis(String t) {
        int n = t.length();
        int i = t.indexOf('*');
        if (i < 0) return t;
        StringBuilder out = new StringBuilder(n);
        int from = 0;
        while (i >= 0 && i < n) {
            int runEnd = i;
            while (runEnd < n && t.charAt(runEnd) == '*') runEnd++;
            int start = Math.max(i, runEnd - 3);
            int k = runEnd;
            while (k < n && t.charAt(k) != '*' && t.charAt(k) != '\n') k++;
            if (k > runEnd && k < n && t.charAt(k) == '*') {
                int close = k;
                while (close < n && close < k + 3 && t.charAt(close) == '*') close++;
                out.append(t, from, start).append(t, runEnd, k);
                from = close;
                i = close < n && t.charAt(close) == '*' ? close : t.indexOf('*', close);
            } else {
                i = k >= n ? -1 : t.indexOf('*', k);
            }
        }
        return out.append(t, from, n).toString();
    }

    /**
     * {@code pattern.matcher(t).replaceAll(" ")} for a pattern that starts with {@code LINE_START}, then
     * white space, then one of {@code firsts}, tried only at line starts whose first character after the
     * white space is one of {@code firsts} (no match can start anywhere else). Every line start inside
     * one white-space run meets the same first non-space character, so when one fails the rest of the run
     * is skipped: linear in the text however the white space and line breaks are arranged. With
     * {@code lineFeedsOnly} (the caller knows the text has no CR, LS or PS) the line starts are found by
     * {@link String#indexOf(int, int)}.
     */
    static String blankAtLineStarts(String t, Pattern pattern, String firsts, boolean lineFeedsOnly) {
        int n = t.length();
        Matcher m = pattern.matcher(t).useTransparentBounds(true).useAnchoringBounds(false);
        StringBuilder out = null;
        int from = 0;
        int c = 0;
        while (c >= 0 && c < n) {
            int q = c;
            while (q < n && CharTable.is(t.charAt(q), CharTable.SPACE)) q++;
            boolean matched = false;
            if (q < n && firsts.indexOf(t.charAt(q)) >= 0) {
                m.region(c, n);
                matched = m.lookingAt();
            }
            if (matched) {
                if (out == null) out = new StringBuilder(n);
                out.append(t, from, c).append(' ');
                from = m.end();
                c = lineStartAtOrAfter(t, from, lineFeedsOnly);
            } else {
                c = q >= n ? -1 : lineStartAtOrAfter(t, q + 1, lineFeedsOnly);
            }
        }
        return out == null ? t : out.append(t, from, n).toString();
    }

    /** The first line start at or after {@code p} (JavaScript's four line terminators), or -1. */
    private static int lineStartAtOrAfter(String t, int p, boolean lineFeedsOnly) {
        int n = t.length();
        if (p > n) return -1;
        if (p == 0 || isLineTerminator(t.charAt(p - 1))) return p;
        if (lineFeedsOnly) {
            int nl = t.indexOf('\n', p);
            return nl < 0 ? -1 : nl + 1;
        }
        for (int i = p; i < n; i++) {
            if (isLineTerminator(t.charAt(i))) return i + 1;
        }
        return -1;
    }

    private static boolean isLineTerminator(char c) {
        return c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029';
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

    /**
     * {@code normalize}: lower-cased, only Unicode letters and numbers kept. Without {@code Σ} (whose lower
     * case depends on its neighbours) and {@code İ} (which becomes two characters), {@link JsText#lower}
     * maps each code point by {@link Character#toLowerCase(int)}, so the letters are lowered and filtered in
     * one pass without the lower-cased copy, ASCII by hand (issue 17: every decision sentence of a 10 MB
     * message is normalised; {@code TextToolsNormalizeProperties} pins it to the two-step definition).
     */
    public static String normalize(String text) {
        if (text == null) return "";
        if (text.indexOf('\u03A3') >= 0 || text.indexOf('\u0130') >= 0) return normalizeLowered(JsText.lower(text));
        int n = text.length();
        char[] out = new char[n];
        int k = 0;
        for (int i = 0; i < n; ) {
            char c = text.charAt(i);
            if (c < 0x80) {
                i++;
                char l = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
                if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) out[k++] = l;
                continue;
            }
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            int l = Character.toLowerCase(cp);
            if (l <= Character.MAX_VALUE ? !CharTable.is((char) l, CharTable.LETTER_OR_NUMBER) : !isLetterOrNumber(l)) continue;
            // a lower case longer than its letter would let the output pass the input's length
            if (k + Character.charCount(l) > out.length) out = java.util.Arrays.copyOf(out, out.length * 2 + 2);
            k += Character.toChars(l, out, k);
        }
        return new String(out, 0, k);
    }

    /** The letters and numbers of an already lower-cased text. */
    private static String normalizeLowered(String lower) {
        StringBuilder out = new StringBuilder(lower.length());
        for (int i = 0, n = lower.length(); i < n; ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (isLetterOrNumber(cp)) out.appendCodePoint(cp);
        }
        return out.toString();
    }

    private static boolean hasAsciiLetterOrDigit(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
        }
        return false;
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
        // equal texts normalise alike, so they score 1 unless the normalisation is empty; an ASCII letter
        // or digit survives lower-casing and the filter, so one is enough to know (issue 17: the normalised
        // copy of a 10 MB message was built only to be compared with itself)
        if (a != null && a.equals(b)) return hasAsciiLetterOrDigit(a) || !normalize(a).isEmpty() ? 1 : 0;
        String na = normalize(a);
        if (na.isEmpty()) return 0;
        String nb = normalize(b);
        if (nb.isEmpty()) return 0;
        if (na.equals(nb)) return 1;
        if (na.length() < 2 || nb.length() < 2) return 0;
        Bigrams ga = Bigrams.of(na);
        Bigrams gb = Bigrams.of(nb);
        // sums of whole numbers far below 2^53: exact in any order
        double inter = 0;
        double union = 0;
        for (int s = 0; s < ga.keys.length; s++) {
            if (ga.counts[s] == 0) continue;
            int d = gb.get(ga.keys[s]);
            inter += Math.min(ga.counts[s], d);
            union += Math.max(ga.counts[s], d);
        }
        for (int s = 0; s < gb.keys.length; s++) {
            if (gb.counts[s] != 0 && ga.get(gb.keys[s]) == 0) union += gb.counts[s];
        }
        return union == 0 ? 0 : inter / union;
    }

    /** Bigram counts keyed by the two UTF-16 units packed in an int (open addressing, no boxing). */
    private static final class Bigrams {
        int[] keys = new int[64];
        int[] counts = new int[64];
        int size;

        static Bigrams of(String s) {
            Bigrams g = new Bigrams();
            for (int i = 0; i + 1 < s.length(); i++) g.add((s.charAt(i) << 16) | s.charAt(i + 1));
            return g;
        }

        private int slot(int key, int[] ks, int[] cs) {
            int mask = ks.length - 1;
            int m = key * 0x9E3779B9;
            int h = (m ^ (m >>> 16)) & mask;
            while (cs[h] != 0 && ks[h] != key) h = (h + 1) & mask;
            return h;
        }

        void add(int key) {
            int h = slot(key, keys, counts);
            if (counts[h] == 0) {
                keys[h] = key;
                if (++size * 2 > keys.length) {
                    counts[h] = 1;
                    grow();
                    return;
                }
            }
            counts[h]++;
        }

        int get(int key) {
            return counts[slot(key, keys, counts)];
        }

        private void grow() {
            int[] ks = new int[keys.length * 2];
            int[] cs = new int[counts.length * 2];
            for (int s = 0; s < keys.length; s++) {
                if (counts[s] == 0) continue;
                int h = slot(keys[s], ks, cs);
                ks[h] = keys[s];
                cs[h] = counts[s];
            }
            keys = ks;
            counts = cs;
        }
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
