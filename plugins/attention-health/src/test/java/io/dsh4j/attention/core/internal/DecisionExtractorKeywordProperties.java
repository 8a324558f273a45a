package io.dsh4j.attention.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 17: {@code DecisionExtractor.containsAny}, the one-pass keyword scan, answers as the search of
 * the whole sentence per keyword it replaces ({@code keywords.some(k => text.includes(k))}), for both
 * keyword lists and for arbitrary lists (empty keywords, shared first characters, surrogate halves).
 */
class DecisionExtractorKeywordProperties {

    @Provide
    Arbitrary<String> sentences() {
        Arbitrary<String> pieces = Arbitraries.oneOf(
                Arbitraries.of(DecisionExtractor.KEYWORDS_ALL),
                Arbitraries.of(DecisionExtractor.KEYWORDS_BROAD_ALL),
                Arbitraries.of(DecisionExtractor.KEYWORDS_ALL).map(k -> k.substring(0, Math.max(1, k.length() - 1))),
                Arbitraries.strings().withChars("abcdefrtoish 决定根风险不再下一\uD83D\uDE00").ofMaxLength(6));
        return pieces.list().ofMaxSize(12).map(ps -> String.join("", ps));
    }

    @Property(tries = 3000)
    void the_scan_finds_a_keyword_of_the_primary_list_when_the_search_does(@ForAll("sentences") String text) {
        assertThat(DecisionExtractor.containsAny(text, DecisionExtractor.KEYWORDS_ALL))
                .isEqualTo(searched(text, DecisionExtractor.KEYWORDS_ALL));
    }

    @Property(tries = 2000)
    void and_of_the_broad_list(@ForAll("sentences") String text) {
        assertThat(DecisionExtractor.containsAny(text, DecisionExtractor.KEYWORDS_BROAD_ALL))
                .isEqualTo(searched(text, DecisionExtractor.KEYWORDS_BROAD_ALL));
    }

    @Property(tries = 2000)
    void and_of_any_list(@ForAll("sentences") String text,
            @ForAll("keywordLists") List<String> keywords) {
        assertThat(DecisionExtractor.containsAny(text, keywords)).isEqualTo(searched(text, keywords));
    }

    @Provide
    Arbitrary<List<String>> keywordLists() {
        return Arbitraries.strings().withChars("abo决定\uD83D\uDE00 ").ofMaxLength(3).list().ofMaxSize(5).map(ArrayList::new);
    }

    private static boolean searched(String text, List<String> keywords) {
        for (String kw : keywords) {
            if (text.contains(kw)) return true;
        }
        return false;
    }
}
