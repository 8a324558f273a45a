package io.dsh4j.attention.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 17 (linear text paths): the one-pass stages of {@code TextTools.plain} give exactly what the
 * patterns they replace give ({@code replaceAll}), on texts made of the characters the patterns look at
 * (stars, backticks, pipes, dashes, hashes, pluses, every kind of white space and line terminator), and
 * {@code clip} and {@code similarity} give what their whole-text definitions give.
 */
class TextToolsPlainProperties {

    private static final List<Pattern> PATTERNS = TextTools.plainPatterns();
    /** The characters each line pattern (table row, bullet, heading, rule) can start with after its white space. */
    private static final List<String> FIRSTS = List.of("|", "-*+", "#", "-");
    private static final Pattern INLINE_CODE = PATTERNS.get(0);
    private static final Pattern EMPHASIS = PATTERNS.get(5);

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of('*', '*', '`', '|', '-', '-', '#', '+', ' ', ' ', '\n', '\n', '\r', '\t', '\u2028', '\u2029',
                        '\u0085', '\u00A0', '\u3000', 'a', 'b', '1', '决')
                .list().ofMaxSize(48).map(cs -> {
                    StringBuilder b = new StringBuilder();
                    cs.forEach(b::append);
                    return b.toString();
                });
    }

    @Property(tries = 4000)
    void the_line_start_stages_blank_what_their_patterns_blank(@ForAll("texts") String text) {
        for (int i = 1; i < 5; i++) {
            Pattern p = PATTERNS.get(i);
            String expected = p.matcher(text).replaceAll(" ");
            assertThat(TextTools.blankAtLineStarts(text, p, FIRSTS.get(i - 1), false)).as(p.pattern()).isEqualTo(expected);
            assertThat(TextTools.blankAtLineStarts(text, p, FIRSTS.get(i - 1), lineFeedsOnly(text))).as(p.pattern()).isEqualTo(expected);
        }
    }

    @Property(tries = 4000)
    void the_inline_code_and_emphasis_scans_unwrap_what_their_patterns_unwrap(@ForAll("texts") String text) {
        assertThat(TextTools.unwrapInlineCode(text)).isEqualTo(INLINE_CODE.matcher(text).replaceAll("$1"));
        assertThat(TextTools.unwrapEmphasis(text)).isEqualTo(EMPHASIS.matcher(text).replaceAll("$1"));
    }

    @Property(tries = 1000)
    void plain_is_the_patterns_in_order_then_the_whole_text_clip(@ForAll("texts") String text) {
        String t = Fences.strip(text, "```");
        t = INLINE_CODE.matcher(t).replaceAll("$1");
        for (Pattern p : PATTERNS.subList(1, 5)) t = p.matcher(t).replaceAll(" ");
        t = EMPHASIS.matcher(t).replaceAll("$1");
        for (int max : new int[] {0, 3, 10, 100}) {
            assertThat(TextTools.plain(text, max, "…({0})")).isEqualTo(wholeClip(JsText.collapse(t), max, "…({0})"));
        }
    }

    @Property(tries = 1000)
    void clip_counts_the_whole_collapsed_text_and_keeps_its_head(@ForAll("texts") String text) {
        for (int max : new int[] {0, 1, 5, 20, 1000}) {
            assertThat(TextTools.clip(text, max, " [{0}]")).isEqualTo(wholeClip(text, max, " [{0}]"));
        }
    }

    @Property(tries = 1000)
    void similarity_is_the_multiset_jaccard_of_bigrams(@ForAll("words") String a, @ForAll("words") String b) {
        assertThat(TextTools.similarity(a, b)).isEqualTo(referenceSimilarity(a, b));
        assertThat(TextTools.similarity(a, a)).isEqualTo(referenceSimilarity(a, a));
    }

    @Property(tries = 1000)
    void a_text_is_as_similar_to_itself_as_its_definition_says(@ForAll String a) {
        // issue 17: equal texts are decided without building their normalised copy
        assertThat(TextTools.similarity(a, a)).isEqualTo(referenceSimilarity(a, a));
        assertThat(TextTools.similarity(a, new String(a))).isEqualTo(referenceSimilarity(a, a));
    }

    @Property(tries = 1000)
    void normalize_keeps_the_letters_and_numbers_a_code_point_stream_keeps(@ForAll("words") String a, @ForAll String b) {
        for (String text : List.of(a, b)) {
            StringBuilder reference = new StringBuilder();
            JsText.lower(text).codePoints().filter(TextTools::isLetterOrNumber).forEach(reference::appendCodePoint);
            assertThat(TextTools.normalize(text)).isEqualTo(reference.toString());
        }
    }

    @Provide
    Arbitrary<String> words() {
        return Arbitraries.of('a', 'b', 'c', 'A', ' ', '-', '决', '定', '1', 'é', '\uD83D', '\uDE00')
                .list().ofMaxSize(300).map(cs -> {
                    StringBuilder s = new StringBuilder();
                    cs.forEach(s::append);
                    return s.toString();
                });
    }

    @Test
    void edges_runs_of_newlines_long_star_runs_and_unclosed_marks() {
        for (String text : List.of("", "\n\n\n- a", "  \n \n# h\n", "---\n\n\nx", "|a|  \n  \n  \nfoo", "*****a**", "***a****b*",
                "*a\n*b*", "``", "`a", "`a`b`", " - \u2028+ x", "\r---\r", "a|b|\n|c|", "####### x", "\u0085- x")) {
            for (int i = 1; i < 5; i++) {
                Pattern p = PATTERNS.get(i);
                assertThat(TextTools.blankAtLineStarts(text, p, FIRSTS.get(i - 1), lineFeedsOnly(text))).as(p.pattern() + " on " + text)
                        .isEqualTo(p.matcher(text).replaceAll(" "));
            }
            assertThat(TextTools.unwrapEmphasis(text)).as(text).isEqualTo(EMPHASIS.matcher(text).replaceAll("$1"));
            assertThat(TextTools.unwrapInlineCode(text)).as(text).isEqualTo(INLINE_CODE.matcher(text).replaceAll("$1"));
        }
    }

    /** Whether the only line terminator of {@code text} is the line feed. */
    private static boolean lineFeedsOnly(String text) {
        return text.indexOf('\r') < 0 && text.indexOf('\u2028') < 0 && text.indexOf('\u2029') < 0;
    }

    private static String wholeClip(String text, int max, String note) {
        String flat = JsText.collapse(text);
        if (flat.length() <= max) return flat;
        return flat.substring(0, max) + note.replace("{0}", Integer.toString(flat.length()));
    }

    private static double referenceSimilarity(String a, String b) {
        String na = TextTools.normalize(a);
        String nb = TextTools.normalize(b);
        if (na.isEmpty() || nb.isEmpty()) return 0;
        if (na.equals(nb)) return 1;
        if (na.length() < 2 || nb.length() < 2) return 0;
        Map<String, Integer> ga = new HashMap<>();
        Map<String, Integer> gb = new HashMap<>();
        for (int i = 0; i + 1 < na.length(); i++) ga.merge(na.substring(i, i + 2), 1, Integer::sum);
        for (int i = 0; i + 1 < nb.length(); i++) gb.merge(nb.substring(i, i + 2), 1, Integer::sum);
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
}
