package io.dsh4j.attention.core.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Rule-based extraction of decision sentences (spec §5.6): sentence splitting, the noise filters,
 * bilingual trade-off keywords, the broad fallback list, and numbered sequences kept whole.
 * Precision over recall. Stateless and thread-safe.
 */
public final class DecisionExtractor {

    /** Trade-off and conclusion words ({@code DECISION_KEYWORDS}). */
    public static final List<String> KEYWORDS = List.of("根因", "结论", "决定", "选定", "定案", "改为", "改成", "放弃",
            "不采用", "不再", "待确认", "待定", "未决", "下一步", "取舍", "权衡", "优先", "规避", "约束", "必须", "不能", "禁止",
            "假设", "风险", "踩坑");
    /** English high-precision phrases ({@code DECISION_KEYWORDS_EN}). */
    public static final List<String> KEYWORDS_EN = List.of("decided to", "decision", "conclusion", "root cause",
            "recommend", "chose", "switched to", "the key difference", "the fix is", "the approach is");
    /** Both lists ({@code DECISION_KEYWORDS_ALL}). */
    public static final List<String> KEYWORDS_ALL = concat(KEYWORDS, KEYWORDS_EN);
    /** The session-level fallback ({@code DECISION_KEYWORDS_BROAD_ALL}). */
    public static final List<String> KEYWORDS_BROAD_ALL = List.of("发现", "推荐", "因此", "最优", "汇总", "合计",
            "finding", "findings", "in summary", "the best", "overall", "total of");
    /** Fewer distinct decisions than this in a session activate the fallback ({@code DECISION_BROAD_TRIGGER}). */
    public static final int BROAD_TRIGGER = 3;

    private static final int MIN_CHARS = 12;
    private static final int MAX_CHARS = 400;
    private static final int MARKDOWN_PASSES = 4;

    private static final Pattern SPLIT = Pattern.compile(
            "(?<=[。；！？!?;])|(?<=\\.)" + JsText.WS + "+(?=[A-Z(])|\\n+");
    private static final Pattern LEADING = Pattern.compile("^(?:" + JsText.WS + "|[>*\\-–—•0-9.、()（）])+");
    private static final Pattern TEST_METRIC = Pattern.compile("[0-9]+" + JsText.WS + "*(通过|失败)" + JsText.WS
            + "*/" + JsText.WS + "*[0-9]+");
    private static final Pattern WINDOWS_PATH = Pattern.compile("[A-Za-z]:\\\\(?:(?!" + JsText.WS + ").){12,}",
            Pattern.DOTALL);
    private static final Pattern CHECKBOX = Pattern.compile("^[-*+]" + JsText.WS + "*\\[[ xX]\\]");
    private static final Pattern COMMAND = Pattern.compile("^" + JsText.WS
            + "*(npm|pnpm|node|git|curl|pwsh|powershell)" + JsText.WS);
    private static final Pattern NUMBERED = Pattern.compile("^(?:[①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳]|\\(?[0-9]{1,2}[.、)）])");
    private static final Pattern LIST_PREFIX = Pattern.compile("^(?:[-*+]" + JsText.WS + "+|>" + JsText.WS
            + "+|[0-9]+[.、)]" + JsText.WS + "+)+");
    private static final Pattern[] PAIRS = {
        Pattern.compile("^\\*\\*(.+)\\*\\*\\z", Pattern.DOTALL),
        Pattern.compile("^__(.+)__\\z", Pattern.DOTALL),
        Pattern.compile("^`(.+)`\\z", Pattern.DOTALL),
        Pattern.compile("^\\*(.+)\\*\\z", Pattern.DOTALL),
    };
    private static final String ASCII_PUNCT = "{}()[];,.<>|=+-*/\\_#`~^&%$@!?:\"'";
    private static final List<String> CODE_WORDS = List.of("const", "let", "var", "function", "import", "export",
            "return", "if", "for", "while");
    private static final int[] STATUS_MARKS = {0x2705, 0x26A0, 0x274C, 0x1F534};

    private static final KeywordIndex INDEX_ALL = KeywordIndex.of(KEYWORDS_ALL);
    private static final KeywordIndex INDEX_BROAD = KeywordIndex.of(KEYWORDS_BROAD_ALL);

    private DecisionExtractor() {}

    /** {@code extractDecisionSentences(text)} with the primary bilingual list. */
    public static List<String> extract(String text) {
        return extract(text, KEYWORDS_ALL);
    }

    /** {@code extractDecisionSentences(text, keywords)}. */
    public static List<String> extract(String text, List<String> keywords) {
        List<String> sentences = new ArrayList<>();
        for (String s : splitSentences(text)) {
            String c = JsText.collapse(s);
            if (!c.isEmpty()) sentences.add(c);
        }
        Set<Integer> hits = new HashSet<>();
        for (int i = 0; i < sentences.size(); i++) {
            if (isHit(sentences.get(i), keywords)) hits.add(i);
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < sentences.size()) {
            if (numbered(sentences.get(i))) {
                int j = i;
                while (j < sentences.size() && numbered(sentences.get(j))) j++;
                boolean hasHit = false;
                for (int k = i; k < j && !hasHit; k++) hasHit = hits.contains(k);
                if (hasHit) {
                    List<String> parts = new ArrayList<>();
                    for (int k = i; k < j; k++) parts.add(stripMarkdownDecorations(sentences.get(k)));
                    String merged = JsText.trim(String.join(" ", parts));
                    if (merged.length() >= MIN_CHARS) out.add(merged);
                }
                i = j;
            } else {
                if (hits.contains(i)) {
                    String clean = stripMarkdownDecorations(sentences.get(i));
                    if (clean.length() >= MIN_CHARS) out.add(clean);
                }
                i++;
            }
        }
        return out;
    }

    static List<String> splitSentences(String text) {
        String flat = (text == null ? "" : text).replace("\r", "");
        List<String> out = new ArrayList<>();
        for (String piece : splitPieces(flat)) {
            String s = JsText.trim(stripLeading(piece));
            if (!s.isEmpty()) out.add(s);
        }
        return out;
    }

    /**
     * {@code SPLIT.split(s, -1)} without the regex engine: the same pieces, found in one pass (the
     * pattern's look-behinds ran at every position and were a tenth of {@code health --all}). At each
     * position the three alternatives are tried in the pattern's order: after a sentence mark (empty
     * match); after a full stop, a maximal white-space run followed by {@code [A-Z(]} (a shorter run is
     * followed by white space, which the look-ahead refuses); a run of newlines. After an empty match
     * the search resumes one character later, as {@link java.util.regex.Matcher#find()} does; a
     * position inside a surrogate pair never matches either way. {@code DecisionExtractorSplitProperties}
     * checks it against the pattern.
     */
    static List<String> splitPieces(String s) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int index = 0;
        int p = 0;
        while (p <= n) {
            int end = -1;
            char before = p > 0 ? s.charAt(p - 1) : 0;
            if (p > 0 && isSentenceMark(before)) {
                end = p;
            } else {
                if (before == '.' && p > 0) {
                    int q = p;
                    while (q < n && JsText.isSpace(s.charAt(q))) q++;
                    if (q > p && q < n && (s.charAt(q) == '(' || (s.charAt(q) >= 'A' && s.charAt(q) <= 'Z'))) end = q;
                }
                if (end < 0 && p < n && s.charAt(p) == '\n') {
                    int q = p;
                    while (q < n && s.charAt(q) == '\n') q++;
                    end = q;
                }
            }
            if (end < 0) {
                p++;
                continue;
            }
            out.add(s.substring(index, p));
            index = end;
            p = end == p ? p + 1 : end;
        }
        out.add(s.substring(index));
        return out;
    }

    private static boolean isSentenceMark(char c) {
        return switch (c) {
            case '。', '；', '！', '？', '!', '?', ';' -> true;
            default -> false;
        };
    }

    /**
     * {@code LEADING.matcher(piece).replaceFirst("")} without the regex engine: the longest prefix of
     * white space and list marks removed (every member is one BMP character, so the pattern's code-point
     * steps are character steps).
     */
    static String stripLeading(String piece) {
        int i = 0;
        while (i < piece.length() && isLeadingMark(piece.charAt(i))) i++;
        return i == 0 ? piece : piece.substring(i);
    }

    private static boolean isLeadingMark(char c) {
        if (c >= '0' && c <= '9') return true;
        return switch (c) {
            case '>', '*', '-', '–', '—', '•', '.', '、', '(', ')', '（', '）' -> true;
            default -> JsText.isSpace(c);
        };
    }

    /** The leading-marks pattern {@link #stripLeading} stands for (for its property test). */
    static Pattern leadingPattern() {
        return LEADING;
    }

    /** The pattern {@link #splitPieces} stands for (for its property test). */
    static Pattern splitPattern() {
        return SPLIT;
    }

    /** {@code NUMBERED.matcher(s).find()}, tried only when the first character can start it. */
    static boolean numbered(String s) {
        if (s.isEmpty()) return false;
        char c = s.charAt(0);
        if (!(c == '(' || (c >= '0' && c <= '9') || (c >= '①' && c <= '⑳'))) return false;
        return NUMBERED.matcher(s).find();
    }

    private static boolean isHit(String s, List<String> keywords) {
        if (s.length() < MIN_CHARS || s.length() > MAX_CHARS) return false;
        if (onlyAsciiPunctuation(s)) return false;
        if (startsWithCodeWord(s)) return false;
        if (isNoise(s)) return false;
        return containsAny(JsText.lower(s), keywords);
    }

    /**
     * Whether {@code text} contains one of {@code keywords} ({@code keywords.some(k => text.includes(k))})
     * in one pass: at each position only the keywords that start with its character are tried, instead
     * of one search of the whole text per keyword (issue 17: 35 searches per sentence of a 10 MB message).
     * {@code DecisionExtractorKeywordProperties} pins it to the per-keyword search.
     */
    static boolean containsAny(String text, List<String> keywords) {
        KeywordIndex index = keywords == KEYWORDS_ALL ? INDEX_ALL : keywords == KEYWORDS_BROAD_ALL ? INDEX_BROAD
                : KeywordIndex.of(keywords);
        if (index == null) return true;
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if ((index.bits[c >>> 6] & (1L << c)) == 0) continue;
            for (String kw : index.startingWith(c)) {
                if (text.startsWith(kw, i)) return true;
            }
        }
        return false;
    }

    /** The keywords by first character: a bit per character, then the keywords of each first character. */
    private record KeywordIndex(long[] bits, char[] firsts, String[][] byFirst) {

        /** The index, or {@code null} when a keyword is empty (contained everywhere). */
        static KeywordIndex of(List<String> keywords) {
            java.util.TreeMap<Character, List<String>> grouped = new java.util.TreeMap<>();
            for (String kw : keywords) {
                if (kw.isEmpty()) return null;
                grouped.computeIfAbsent(kw.charAt(0), k -> new ArrayList<>()).add(kw);
            }
            long[] bits = new long[1024];
            char[] firsts = new char[grouped.size()];
            String[][] byFirst = new String[grouped.size()][];
            int i = 0;
            for (var e : grouped.entrySet()) {
                char c = e.getKey();
                bits[c >>> 6] |= 1L << c;
                firsts[i] = c;
                byFirst[i++] = e.getValue().toArray(new String[0]);
            }
            return new KeywordIndex(bits, firsts, byFirst);
        }

        String[] startingWith(char c) {
            return byFirst[java.util.Arrays.binarySearch(firsts, c)];
        }
    }

    private static boolean onlyAsciiPunctuation(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (ASCII_PUNCT.indexOf(s.charAt(i)) < 0) return false;
        }
        return !s.isEmpty();
    }

    private static boolean startsWithCodeWord(String s) {
        for (String w : CODE_WORDS) {
            if (s.startsWith(w) && (s.length() == w.length() || !isAsciiWordChar(s.charAt(w.length())))) return true;
        }
        return false;
    }

    private static boolean isAsciiWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    /** {@code DECISION_NOISE}: headings, table rows, status marks, test metrics, long paths, checkboxes, commands. */
    static boolean isNoise(String s) {
        int hashes = 0;
        while (hashes < s.length() && s.charAt(hashes) == '#') hashes++;
        if (hashes >= 1 && hashes <= 6 && hashes < s.length() && JsText.isSpace(s.charAt(hashes))) return true;
        if (s.indexOf('|') >= 0) return true;
        for (int mark : STATUS_MARKS) {
            if (s.indexOf(new String(Character.toChars(mark))) >= 0) return true;
        }
        // each unanchored pattern needs a literal that most sentences lack: look for it first (a scan per
        // position of these patterns was a fifth of `health --all`)
        if ((s.indexOf("通过") >= 0 || s.indexOf("失败") >= 0) && TEST_METRIC.matcher(s).find()) return true;
        if (s.indexOf(":\\") >= 0 && WINDOWS_PATH.matcher(s).find()) return true;
        return checkboxOrCommand(s);
    }

    /**
     * {@code CHECKBOX.matcher(s).find() || COMMAND.matcher(s).find()}: the anchored patterns, tried only
     * when the first character (after white space) can start them.
     */
    static boolean checkboxOrCommand(String s) {
        if (!s.isEmpty() && "-*+".indexOf(s.charAt(0)) >= 0 && CHECKBOX.matcher(s).find()) return true;
        int k = 0;
        while (k < s.length() && JsText.isSpace(s.charAt(k))) k++;
        return k < s.length() && "npgc".indexOf(s.charAt(k)) >= 0 && COMMAND.matcher(s).find();
    }

    /** The patterns {@link #numbered} and {@link #checkboxOrCommand} stand for (for their property test). */
    static List<Pattern> anchoredPatterns() {
        return List.of(NUMBERED, CHECKBOX, COMMAND);
    }

    /** Leading list/quote/number prefixes removed; a pair of emphasis markers wrapping the whole sentence unwrapped. */
    static String stripMarkdownDecorations(String text) {
        String t = JsText.trim(text);
        t = JsText.trim(LIST_PREFIX.matcher(t).replaceFirst(""));
        String original = t;
        boolean changed = true;
        int guard = 0;
        while (changed && guard < MARKDOWN_PASSES) {
            changed = false;
            guard++;
            for (Pattern pair : PAIRS) {
                var m = pair.matcher(t);
                if (m.find()) {
                    t = JsText.trim(m.group(1));
                    changed = true;
                }
            }
        }
        if (JsText.count(t, "`") % 2 == 1 || JsText.count(t, "**") % 2 == 1) return original;
        return t;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
