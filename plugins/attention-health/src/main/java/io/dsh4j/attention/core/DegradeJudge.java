package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.CharTable;
import io.dsh4j.attention.core.internal.Fences;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsStrings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The single implementation of the degradation criteria (spec §4.1–4.3), shared by the hot
 * reducer, the cold fold and the offline scan. Its stance: rather miss than raise a false alarm.
 * Stateless and thread-safe; every method accepts {@code null} as empty input.
 */
public final class DegradeJudge {

    /** Paragraphs this long or shorter never count as repeated ({@code PARA_REPEAT_MIN_CHARS}). */
    static final int PARA_REPEAT_MIN_CHARS = 25;
    /** A repeated line must be longer than this to count toward {@code lineRepeat}. */
    static final int LINE_REPEAT_MIN_CHARS = 4;
    /** Consecutive identical lines that make {@code lineRepeat}. */
    static final int LINE_REPEAT_RUN = 3;
    /** Reasoning loop: at least this many non-empty lines … */
    static final int THINK_LOOP_MIN_LINES = 30;
    /** … with at least this repeat rate ({@code 1 − distinct/total}). */
    static final double THINK_LOOP_REPEAT_RATE = 0.7;
    /** Huge reasoning: one block at least this long (UTF-16 units). */
    static final int THINK_HUGE_CHARS = 100_000;
    /** Reasoning budget: {@code usage.reasoningTokens} at or above this ({@code THINK_BUDGET_TOKENS}). */
    public static final int THINK_BUDGET_TOKENS = 16_000;
    /** Symbol pile-up: a run of at least this many code points … */
    static final int SYMBOL_RUN_MIN = 16;
    /** … with at least this many distinct code points … */
    static final int SYMBOL_RUN_DISTINCT = 4;
    /** … and at least this share of UTF-16 units outside printable ASCII. */
    static final double SYMBOL_RUN_EXOTIC_SHARE = 0.5;

    private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\\n" + JsText.WS + "*\\n");

    private DegradeJudge() {}

    /** {@code replyDegradeReasons}: the reply criteria that {@code text} hits, in spec order. */
    public static List<DegradeReason> replyReasons(String text) {
        List<DegradeReason> hits = new ArrayList<>(2);
        if (JsText.isBlank(text)) return hits;
        if (JsText.count(text, "```") % 2 != 0) hits.add(DegradeReason.FENCE);
        if (hasLineRepeat(text)) hits.add(DegradeReason.LINE_REPEAT);
        if (hasParagraphRepeat(text)) hits.add(DegradeReason.PARA_REPEAT);
        if (symbolRun(text) != null) hits.add(DegradeReason.SYMBOL_RUN);
        return hits;
    }

    /** {@code reasoningDegradeReasons}: the criteria one reasoning block hits, in spec order. */
    public static List<DegradeReason> reasoningReasons(String text) {
        List<DegradeReason> hits = new ArrayList<>(2);
        if (JsText.isBlank(text)) return hits;
        List<String> lines = JsText.trimmedLines(text);
        if (lines.size() >= THINK_LOOP_MIN_LINES) {
            int unique = new HashSet<>(lines).size();
            if (1 - (double) unique / lines.size() >= THINK_LOOP_REPEAT_RATE) hits.add(DegradeReason.THINK_LOOP);
        }
        if (text.length() >= THINK_HUGE_CHARS) hits.add(DegradeReason.THINK_HUGE);
        if (symbolRun(text) != null) hits.add(DegradeReason.SYMBOL_RUN);
        return hits;
    }

    /** {@code looksDegraded(text, 'reply')}. */
    public static boolean looksDegradedReply(String text) {
        return !replyReasons(text).isEmpty();
    }

    /**
     * {@code scanReasoning}: scans the non-blank string {@code reasoning} blocks of one message's
     * content; with a usage object, also the message-level reasoning budget.
     *
     * @param content the message content (an array of blocks; anything else has no reasoning)
     * @param usage   the message usage, or {@code null} to skip the budget check
     */
    public static ReasoningScan scanReasoning(JsonNode content, JsonNode usage) {
        Set<DegradeReason> reasons = new LinkedHashSet<>();
        int worstRepeat = 0;
        int maxChars = 0;
        for (String block : reasoningBlocks(content)) {
            reasons.addAll(reasoningReasons(block));
            worstRepeat = Math.max(worstRepeat, worstLineRepeat(block));
            maxChars = Math.max(maxChars, block.length());
        }
        double reasoningTokens = 0;
        if (usage != null) {
            JsonNode rt = Js.get(usage, "reasoningTokens");
            if (Js.isNumber(rt) && rt.doubleValue() > 0) reasoningTokens = rt.doubleValue();
            if (reasoningTokens >= THINK_BUDGET_TOKENS) reasons.add(DegradeReason.THINK_BUDGET);
        }
        return new ReasoningScan(new ArrayList<>(reasons), worstRepeat, maxChars, reasoningTokens);
    }

    /** The texts of the non-blank string {@code reasoning} blocks of a content array, in order. */
    public static List<String> reasoningBlocks(JsonNode content) {
        List<String> blocks = new ArrayList<>();
        if (content == null || !content.isArray()) return blocks;
        for (JsonNode b : content) {
            if (b == null || !b.isObject()) continue;
            if (!"reasoning".equals(Js.str(Js.get(b, "type")))) continue;
            String text = Js.str(Js.get(b, "text"));
            if (text != null && !JsText.isBlank(text)) blocks.add(text);
        }
        return blocks;
    }

    /** The highest total occurrence count of any trimmed non-empty line. */
    static int worstLineRepeat(String text) {
        Map<String, Integer> counts = new HashMap<>();
        int worst = 0;
        for (String line : JsText.trimmedLines(text)) {
            int n = counts.merge(line, 1, Integer::sum);
            if (n > worst) worst = n;
        }
        return worst;
    }

    /**
     * Whether three consecutive trimmed non-empty lines ({@link JsText#trimmedLines}) are equal and longer
     * than four characters, comparing the lines in place (issue 17: a 5 MB reply was copied line by line).
     */
    static boolean hasLineRepeat(String text) {
        int n = text.length();
        int prevFrom = -1;
        int prevTo = -1;
        int run = 1;
        for (int start = 0; start <= n; ) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? n : nl;
            int from = start;
            int to = end;
            while (from < to && JsStrings.isWhiteSpace(text.charAt(from))) from++;
            while (to > from && JsStrings.isWhiteSpace(text.charAt(to - 1))) to--;
            if (to > from) {
                int len = to - from;
                if (prevFrom >= 0 && len == prevTo - prevFrom && len > LINE_REPEAT_MIN_CHARS
                        && text.regionMatches(from, text, prevFrom, len)) {
                    run++;
                    if (run >= LINE_REPEAT_RUN) return true;
                } else {
                    run = 1;
                }
                prevFrom = from;
                prevTo = to;
            }
            if (nl < 0) break;
            start = nl + 1;
        }
        return false;
    }

    /**
     * Whether a trimmed paragraph longer than 25 characters occurs twice, the paragraphs being the pieces
     * of {@code PARAGRAPH_BREAK.split(text, -1)} found without the pattern: a break is a newline, the
     * white space after it, up to the last newline of that white space ({@code \s*} backs off to it);
     * a newline whose white space holds no other newline breaks nothing. {@code DegradeJudgeProperties}
     * pins it to the pattern.
     */
    static boolean hasParagraphRepeat(String text) {
        Set<String> seen = new HashSet<>();
        int n = text.length();
        int from = 0;
        int nl = text.indexOf('\n');
        while (true) {
            int end = -1;
            int next = -1;
            while (nl >= 0) {
                int q = nl + 1;
                int last = -1;
                while (q < n && JsStrings.isWhiteSpace(text.charAt(q))) {
                    if (text.charAt(q) == '\n') last = q;
                    q++;
                }
                if (last >= 0) {
                    end = nl;
                    next = last + 1;
                    break;
                }
                nl = q >= n ? -1 : text.indexOf('\n', q);
            }
            if (end < 0) end = n;
            int a = from;
            int b = end;
            while (a < b && JsStrings.isWhiteSpace(text.charAt(a))) a++;
            while (b > a && JsStrings.isWhiteSpace(text.charAt(b - 1))) b--;
            if (b - a > PARA_REPEAT_MIN_CHARS && !seen.add(text.substring(a, b))) return true;
            if (next < 0) return false;
            from = next;
            nl = text.indexOf('\n', next);
        }
    }

    /** The paragraph break {@link #hasParagraphRepeat} stands for (for its property test). */
    static Pattern paragraphBreak() {
        return PARAGRAPH_BREAK;
    }

    /**
     * {@code symbolRunHit}: outside code, the first run of at least 16 code points that are neither
     * letters, numbers nor whitespace, with at least 4 distinct code points and at least half of its
     * UTF-16 units outside printable ASCII; box-drawing and block characters do not count.
     *
     * @return the run, or {@code null} when there is none
     */
    public static String symbolRun(String text) {
        if (text == null || text.isEmpty()) return null;
        String prose = withoutBoxDrawing(Fences.stripInlineCode(Fences.strip(Fences.strip(text, "```"), "~~~")));
        int i = 0;
        int len = prose.length();
        while (i < len) {
            if (symbolWidth(prose, i) == 0) {
                i += Character.charCount(prose.codePointAt(i));
                continue;
            }
            int start = i;
            int codePoints = 0;
            while (i < len) {
                int w = symbolWidth(prose, i);
                if (w == 0) break;
                codePoints++;
                i += w;
            }
            if (codePoints >= SYMBOL_RUN_MIN) {
                String run = prose.substring(start, i);
                if (run.codePoints().distinct().count() < SYMBOL_RUN_DISTINCT) continue;
                int exotic = 0;
                for (int k = 0; k < run.length(); k++) {
                    char c = run.charAt(k);
                    if (c < 0x20 || c > 0x7E) exotic++;
                }
                if ((double) exotic / run.length() < SYMBOL_RUN_EXOTIC_SHARE) continue;
                return run;
            }
        }
        return null;
    }

    /**
     * The UTF-16 length of the code point at {@code i} when it {@link #isSymbol is a symbol}, else 0; a
     * character that is not a surrogate is looked up in {@link CharTable} (issue 17: two property lookups
     * per character of a 5 MB reply).
     */
    private static int symbolWidth(String s, int i) {
        char c = s.charAt(i);
        if (!Character.isSurrogate(c)) return CharTable.isSymbol(c) ? 1 : 0;
        int cp = s.codePointAt(i);
        return isSymbol(cp) ? Character.charCount(cp) : 0;
    }

    static boolean isSymbol(int cp) {
        if (Character.isLetter(cp)) return false;
        int type = Character.getType(cp);
        if (type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER || type == Character.OTHER_NUMBER) {
            return false;
        }
        return !(cp <= 0xFFFF && JsText.isSpace((char) cp));
    }

    private static String withoutBoxDrawing(String text) {
        char[] chars = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '\u2500' && c <= '\u259F') {
                if (chars == null) chars = text.toCharArray();
                chars[i] = ' ';
            }
        }
        return chars == null ? text : new String(chars);
    }
}
