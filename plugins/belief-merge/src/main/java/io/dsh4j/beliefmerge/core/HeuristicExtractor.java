package io.dsh4j.beliefmerge.core;

import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The offline claim extractor (spec §5): sentence-level claims keyed by normalised text, with the value
 * {@code assert} or {@code refute}, evidence by role and block type. No model, no network.
 *
 * <p>Known limits by design: paraphrases and competing values are not aligned (they become separate
 * slots), and chatter becomes claims. Pure and thread-safe.
 */
public final class HeuristicExtractor {

    /** Extraction options (defaults: exact keys, reasoning included, injected excluded). */
    public record Options(Keys.Strategy keyStrategy, boolean includeReasoning, boolean includeInjected) {
        /** The defaults. */
        public static Options defaults() {
            return new Options(Keys.Strategy.EXACT, true, false);
        }
    }

    /** The claims of one source and the number of secrets redacted while reading it. */
    public record Extraction(List<Claim> claims, int redacted) {
        public Extraction {
            claims = List.copyOf(claims);
        }
    }

    private static final Pattern NEGATION_EN = Pattern.compile(
            "(?:^|[" + JsStrings.WHITE_SPACE_CLASS + "])(?:not|no|never|cannot|can't|don't|doesn't|isn't|aren't|won't|without)"
                    + "(?![A-Za-z0-9_])",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NEGATION_ZH = Pattern.compile("[不没无非未别莫]");

    private HeuristicExtractor() {}

    /**
     * The claims of one source's messages, in message and sentence order; claims with an empty key are
     * dropped.
     *
     * @throws NullPointerException if {@code sourceId} is null
     */
    public static Extraction extract(List<SourceMessage> messages, String sourceId, Options options) {
        Objects.requireNonNull(sourceId, "extractClaims requires a sourceId");
        List<Claim> claims = new ArrayList<>();
        int redacted = 0;
        for (SourceMessage message : messages) {
            boolean injected = message.isInjected();
            if (injected && !options.includeInjected()) continue;
            String role = message.effectiveRole();
            for (Surfaces.TextBlock block : Surfaces.textBlocks(message)) {
                if (block.isReasoning() && !options.includeReasoning()) continue;
                redacted += block.redacted();
                int evidence = evidenceFor(role, block, injected);
                for (String sentence : splitSentences(block.text())) {
                    // one search per pattern: the English negation's first match, then the Chinese one in
                    // what is left (where nothing English matched, that is the sentence itself)
                    long en = findNegationEn(sentence);
                    String withoutEn = en < 0 ? sentence
                            : sentence.substring(0, (int) (en >>> 32)) + " " + sentence.substring((int) en);
                    int zh = findNegationZh(withoutEn);
                    boolean negated = en >= 0 || zh >= 0;
                    String bare = zh < 0 ? withoutEn : withoutEn.substring(0, zh) + " " + withoutEn.substring(zh + 1);
                    String key = Keys.normalize(bare, options.keyStrategy());
                    if (key.isEmpty()) continue;
                    claims.add(Claim.of(key, negated ? "refute" : "assert", evidence, sentence, sourceId));
                }
            }
        }
        return new Extraction(claims, redacted);
    }

    /**
     * {@code NEGATION_EN.matcher(s).find()} without the regex engine (issue 17: the pattern's case-blind
     * alternation ran at every position of every sentence): the first start, in order, where the text's
     * beginning or one white-space character is followed by a negation word in any ASCII case and then
     * no ASCII word character. Returns {@code start << 32 | end}, or -1.
     */
    static long findNegationEn(String s) {
        int n = s.length();
        for (int p = 0; p < n; p++) {
            if (p == 0) {
                int end = negationWordAt(s, 0);
                if (end >= 0) return end;
            }
            if (JsStrings.isWhiteSpace(s.charAt(p))) {
                int end = negationWordAt(s, p + 1);
                if (end >= 0) return ((long) p << 32) | end;
            }
        }
        return -1;
    }

    private static final String[] NEGATION_WORDS = {"not", "no", "never", "cannot", "can't", "don't", "doesn't", "isn't",
        "aren't", "won't", "without"};

    /** The end of the first negation word (pattern order) at {@code q} not followed by a word character, or -1. */
    private static int negationWordAt(String s, int q) {
        if (q >= s.length()) return -1;
        // every negation word starts with one of these letters: the rest is tried only after one
        switch (s.charAt(q)) {
            case 'n', 'N', 'c', 'C', 'd', 'D', 'i', 'I', 'a', 'A', 'w', 'W' -> { }
            default -> {
                return -1;
            }
        }
        for (String w : NEGATION_WORDS) {
            int end = q + w.length();
            if (end > s.length()) continue;
            boolean same = true;
            for (int k = 0; k < w.length() && same; k++) {
                char c = s.charAt(q + k);
                same = (c >= 'A' && c <= 'Z' ? (char) (c + 32) : c) == w.charAt(k);
            }
            if (same && (end == s.length() || !isAsciiWordChar(s.charAt(end)))) return end;
        }
        return -1;
    }

    private static boolean isAsciiWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    /** {@code NEGATION_ZH.matcher(s).find()}: the first of its seven characters, or -1. */
    static int findNegationZh(String s) {
        for (int i = 0; i < s.length(); i++) {
            switch (s.charAt(i)) {
                case '不', '没', '无', '非', '未', '别', '莫' -> {
                    return i;
                }
                default -> { }
            }
        }
        return -1;
    }

    /** The two negation patterns the scans above stand for (for their property test). */
    static List<Pattern> negationPatterns() {
        return List.of(NEGATION_EN, NEGATION_ZH);
    }

    /** Injected 1, reasoning 1, user 4, tool 3, otherwise 2 — the first match wins. */
    static int evidenceFor(String role, Surfaces.TextBlock block, boolean injected) {
        if (injected) return Evidence.SPECULATIVE;
        if (block.isReasoning()) return Evidence.SPECULATIVE;
        if ("user".equals(role)) return Evidence.USER_STATED;
        if ("tool".equals(role)) return Evidence.TOOL_VERIFIED;
        return Evidence.INFERRED;
    }

    /**
     * Splits after every {@code . ! ? 。 ！ ？ ； ;}, trims the pieces (JavaScript white space) and
     * drops empty ones. Crude on purpose: {@code 1.5} splits into {@code 1.} and {@code 5}.
     */
    public static List<String> splitSentences(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (isSentenceEnd(text.charAt(i))) {
                addTrimmed(out, text, start, i + 1);
                start = i + 1;
            }
        }
        addTrimmed(out, text, start, text.length());
        return out;
    }

    private static boolean isSentenceEnd(char c) {
        return switch (c) {
            case '.', '!', '?', '。', '！', '？', '；', ';' -> true;
            default -> false;
        };
    }

    /** Adds {@code trim(text[from, to))} unless empty, trimmed before it is copied (one copy per sentence). */
    private static void addTrimmed(List<String> out, String text, int from, int to) {
        while (from < to && JsStrings.isWhiteSpace(text.charAt(from))) from++;
        while (to > from && JsStrings.isWhiteSpace(text.charAt(to - 1))) to--;
        if (from < to) out.add(text.substring(from, to));
    }

}
