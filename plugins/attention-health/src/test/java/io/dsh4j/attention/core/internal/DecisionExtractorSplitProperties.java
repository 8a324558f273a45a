package io.dsh4j.attention.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: {@code SentenceScan.pieces}, the one-pass sentence splitter, gives exactly the
 * pieces of the pattern it replaces ({@code SPLIT.split(text, -1)}), on texts made of the characters
 * the pattern looks at (sentence marks, full stops, every kind of white space, capitals, parentheses,
 * newlines, surrogate halves) and on ordinary ones.
 */
class DecisionExtractorSplitProperties {

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of('.', ' ', '\n', '\t', 'A', 'Z', 'a', '(', ')', '!', '?', ';', '。', '；', '！', '？', '\u3000',
                        '\u2028', '\u00A0', '\uFEFF', '\u200A', '\uD83D', '\uDE00', '0', '、')
                .list().ofMaxSize(40).map(cs -> {
                    StringBuilder b = new StringBuilder();
                    cs.forEach(b::append);
                    return b.toString();
                });
    }

    @Property(tries = 3000)
    void the_one_pass_splitter_gives_the_patterns_pieces(@ForAll("texts") String text) {
        assertThat(pieces(text)).isEqualTo(List.of(SentenceScan.splitPattern().split(text, -1)));
    }

    @Property(tries = 500)
    void and_on_any_text(@ForAll String text) {
        assertThat(pieces(text)).isEqualTo(List.of(SentenceScan.splitPattern().split(text, -1)));
    }

    @Property(tries = 3000)
    void the_leading_marks_scan_strips_what_the_pattern_strips(@ForAll("leading") String piece) {
        assertThat(piece.substring(SentenceScan.leadingEnd(piece.toCharArray(), 0, piece.length())))
                .isEqualTo(SentenceScan.leadingPattern().matcher(piece).replaceFirst(""));
    }

    @Provide
    Arbitrary<String> leading() {
        return Arbitraries.of(' ', '\t', '\u3000', '>', '*', '-', '–', '—', '•', '0', '9', '.', '、', '(', ')', '（', '）', 'a', '决',
                        '\uD83D', '\uDE00', '#', '\n')
                .list().ofMaxSize(20).map(cs -> {
                    StringBuilder b = new StringBuilder();
                    cs.forEach(b::append);
                    return b.toString();
                });
    }

    @Property(tries = 3000)
    void the_anchored_checks_answer_as_their_patterns(@ForAll("sentences") String s) {
        List<java.util.regex.Pattern> p = DecisionExtractor.anchoredPatterns();
        assertThat(DecisionExtractor.numbered(s)).as(s).isEqualTo(p.get(0).matcher(s).find());
        assertThat(DecisionExtractor.checkboxOrCommand(s)).as(s).isEqualTo(p.get(1).matcher(s).find() || p.get(2).matcher(s).find());
    }

    @Provide
    Arbitrary<String> sentences() {
        return Arbitraries.of("决定", "decided to ", "root cause ", "npm ", "git ", "- [x] ", "* ", "1. ", "(2) ", "③ ", "# ",
                        "| ", "通过 3/4", "C:\\Users\\someone\\x", "`", "**", "const ", " ", "\n", ". ", "! ", "。", "Ab", "x",
                        "the fix is ", "待定", "> ", "12", "\t", "\u3000", "①", "⑳", "(", "pnpm", "curl\t", "cx", "[ ]", "+")
                .list().ofMaxSize(30).map(parts -> String.join("", parts));
    }

    private static List<String> pieces(String text) {
        List<String> out = new ArrayList<>();
        SentenceScan.pieces(text.toCharArray(), text.length(), (from, to) -> out.add(text.substring(from, to)));
        return out;
    }

    @Test
    void edges_empty_text_marks_at_both_ends_and_runs_of_newlines() {
        for (String text : List.of("", "!", "!!", "a!", "!a", ".", ". A", ".  (x", ". a", "\n", "\n\nA\n", "x. \nY", "。\n",
                "a.\u3000B. C!", "\uD83D\uDE00!\uD83D")) {
            assertThat(pieces(text)).as(text)
                    .isEqualTo(List.of(SentenceScan.splitPattern().split(text, -1)));
        }
    }
}
