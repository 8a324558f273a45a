package io.dsh4j.attention.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: {@code DecisionExtractor.splitPieces}, the one-pass sentence splitter, gives exactly the
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
        assertThat(DecisionExtractor.splitPieces(text)).isEqualTo(List.of(DecisionExtractor.splitPattern().split(text, -1)));
    }

    @Property(tries = 500)
    void and_on_any_text(@ForAll String text) {
        assertThat(DecisionExtractor.splitPieces(text)).isEqualTo(List.of(DecisionExtractor.splitPattern().split(text, -1)));
    }

    @Test
    void edges_empty_text_marks_at_both_ends_and_runs_of_newlines() {
        for (String text : List.of("", "!", "!!", "a!", "!a", ".", ". A", ".  (x", ". a", "\n", "\n\nA\n", "x. \nY", "。\n",
                "a.\u3000B. C!", "\uD83D\uDE00!\uD83D")) {
            assertThat(DecisionExtractor.splitPieces(text)).as(text)
                    .isEqualTo(List.of(DecisionExtractor.splitPattern().split(text, -1)));
        }
    }
}
