package io.dsh4j.attention.core.internal;

import java.util.ArrayList;
import java.util.List;
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

    /**
     * {@code extractDecisionSentences(text, keywords)}: the sentences of {@link SentenceScan} that hit
     * (12 to 400 characters, a keyword in their lower case, not only punctuation, no code word first, not
     * {@link #isNoise noise}), each without its Markdown decorations, and every run of numbered sentences that
     * holds a hit merged into one, keeping those of at least 12 characters. One pass: a sentence becomes
     * a string only when it can be a hit (its length fits and it holds a keyword) or can start a
     * numbered item; a numbered run is kept until the first sentence that is not numbered
     * ({@code DecisionExtractorProperties} pins it to the list-of-sentences definition it replaces).
     */
    public static List<String> extract(String text, List<String> keywords) {
        Extraction e = new Extraction(keywords);
        SentenceScan.scan(text, e);
        return e.finish();
    }

    /** The state of one {@link #extract}: the hits so far and the numbered run being read. */
    private static final class Extraction implements SentenceScan.Sink {

        private final List<String> keywords;
        private final KeywordIndex index;
        private final List<String> out = new ArrayList<>();
        private final List<String> run = new ArrayList<>();
        private boolean runHit;

        Extraction(List<String> keywords) {
            this.keywords = keywords;
            this.index = indexOf(keywords);
        }

        @Override
        public void sentence(char[] chars, int length) {
            String s = null;
            boolean hit = false;
            if (length >= MIN_CHARS && length <= MAX_CHARS) {
                int found = index == null ? 1 : containsLowered(chars, length);
                if (found != 0) {
                    s = new String(chars, 0, length);
                    hit = (found > 0 || containsAny(JsText.lower(s), keywords)) && isHitApartFromKeywords(s);
                }
            }
            char first = chars[0];
            if ((first == '(' || (first >= '0' && first <= '9') || (first >= '①' && first <= '⑳'))
                    && numbered(s == null ? s = new String(chars, 0, length) : s)) {
                run.add(s);
                runHit |= hit;
                return;
            }
            flushRun();
            if (hit) {
                String clean = stripMarkdownDecorations(s);
                if (clean.length() >= MIN_CHARS) out.add(clean);
            }
        }

        List<String> finish() {
            flushRun();
            return out;
        }

        private void flushRun() {
            if (run.isEmpty()) return;
            if (runHit) {
                List<String> parts = new ArrayList<>(run.size());
                for (String part : run) parts.add(stripMarkdownDecorations(part));
                String merged = JsText.trim(String.join(" ", parts));
                if (merged.length() >= MIN_CHARS) out.add(merged);
            }
            run.clear();
            runHit = false;
        }

        /**
         * Whether {@code JsText.lower(chars[0, length))} holds a keyword, in one pass without building either
         * string: 1 yes, 0 no, -1 when a character is met whose lower case is not one character of its own
         * ({@code Σ}, which depends on its neighbours, {@code İ}, which becomes two, a surrogate) and the
         * string must decide. Up to that character {@code String.toLowerCase} maps each character by
         * {@link Character#toLowerCase(int)}, and so does this.
         */
        private int containsLowered(char[] chars, int length) {
            for (int i = 0; i < length; i++) {
                int l = lowerOf(chars[i]);
                if (l < 0) return -1;
                String[] starting = index.startingWith((char) l);
                if (starting == null) continue;
                for (String kw : starting) {
                    int m = startsWithLowered(chars, length, i, kw);
                    if (m != 0) return m;
                }
            }
            return 0;
        }

        /** Whether the lower case of {@code chars[at, length)} starts with {@code kw}: 1, 0, or -1 as above. */
        private static int startsWithLowered(char[] chars, int length, int at, String kw) {
            if (length - at < kw.length()) return 0;
            for (int k = 1; k < kw.length(); k++) {
                int l = lowerOf(chars[at + k]);
                if (l < 0) return -1;
                if (l != kw.charAt(k)) return 0;
            }
            return 1;
        }
    }

    /** The lower case of {@code c} as {@code String.toLowerCase} maps it on its own, or -1 when it does not. */
    private static int lowerOf(char c) {
        return CharTable.is(c, CharTable.NO_OWN_LOWER) ? -1 : CharTable.lower(c);
    }

    /** The keyword index of {@code keywords}, or {@code null} when one of them is empty. */
    private static KeywordIndex indexOf(List<String> keywords) {
        return keywords == KEYWORDS_ALL ? INDEX_ALL : keywords == KEYWORDS_BROAD_ALL ? INDEX_BROAD : KeywordIndex.of(keywords);
    }

    /** {@code NUMBERED.matcher(s).find()}, tried only when the first character can start it. */
    static boolean numbered(String s) {
        if (s.isEmpty()) return false;
        char c = s.charAt(0);
        if (!(c == '(' || (c >= '0' && c <= '9') || (c >= '①' && c <= '⑳'))) return false;
        return NUMBERED.matcher(s).find();
    }

    /**
     * {@code isDecisionSentence} apart from its length and keyword tests: not only ASCII punctuation, not
     * starting with a code word, not noise.
     */
    private static boolean isHitApartFromKeywords(String s) {
        return !onlyAsciiPunctuation(s) && !startsWithCodeWord(s) && !isNoise(s);
    }

    /**
     * Whether {@code text} contains one of {@code keywords} ({@code keywords.some(k => text.includes(k))})
     * in one pass: at each position only the keywords that start with its character are tried, instead
     * of one search of the whole text per keyword (issue 17: 35 searches per sentence of a 10 MB message).
     * {@code DecisionExtractorKeywordProperties} pins it to the per-keyword search.
     */
    static boolean containsAny(String text, List<String> keywords) {
        KeywordIndex index = indexOf(keywords);
        return index == null || index.containsAny(text.toCharArray(), text.length());
    }

    /**
     * The keywords by first character, in pages of 256 characters of which only those holding a first
     * character exist: two array reads per character of a sentence (a binary search over the first
     * characters was a sixth of the extraction).
     */
    private record KeywordIndex(String[][][] pages) {

        private static final int PAGE_BITS = 8;

        /** The index, or {@code null} when a keyword is empty (contained everywhere). */
        static KeywordIndex of(List<String> keywords) {
            java.util.Map<Character, List<String>> grouped = new java.util.LinkedHashMap<>();
            for (String kw : keywords) {
                if (kw.isEmpty()) return null;
                grouped.computeIfAbsent(kw.charAt(0), k -> new ArrayList<>()).add(kw);
            }
            String[][][] pages = new String[1 << (Character.SIZE - PAGE_BITS)][][];
            for (var e : grouped.entrySet()) {
                char c = e.getKey();
                String[][] page = pages[c >>> PAGE_BITS];
                if (page == null) page = pages[c >>> PAGE_BITS] = new String[1 << PAGE_BITS][];
                page[c & ((1 << PAGE_BITS) - 1)] = e.getValue().toArray(new String[0]);
            }
            return new KeywordIndex(pages);
        }

        /** The keywords that start with {@code c}, or {@code null} when none does. */
        String[] startingWith(char c) {
            String[][] page = pages[c >>> PAGE_BITS];
            return page == null ? null : page[c & ((1 << PAGE_BITS) - 1)];
        }

        /** Whether {@code text[0, length)} holds one of the keywords. */
        boolean containsAny(char[] text, int length) {
            for (int i = 0; i < length; i++) {
                String[] starting = startingWith(text[i]);
                if (starting == null) continue;
                for (String kw : starting) {
                    if (startsWith(text, length, i, kw)) return true;
                }
            }
            return false;
        }

        private static boolean startsWith(char[] text, int length, int at, String kw) {
            if (length - at < kw.length()) return false;
            for (int k = 0; k < kw.length(); k++) {
                if (text[at + k] != kw.charAt(k)) return false;
            }
            return true;
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
