package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 17 (linear text paths): the heuristic extractor's negation scans find the first match of the
 * patterns they replace (start and end), on sentences assembled from the negation words in mixed case,
 * word characters, apostrophes, white space of every kind and the Chinese negation characters.
 */
class NegationScanProperties {

    private static final List<Pattern> PATTERNS = HeuristicExtractor.negationPatterns();

    @Provide
    Arbitrary<String> sentences() {
        return Arbitraries.of("not", "No", "NEVER", "cannot", "Can't", "don't", "DOESN'T", "isn't", "aren't", "won't",
                        "without", "nothing", "know", "a", "_", "1", "'", "’", " ", "\t", "\u3000", "\u00A0", "\n", "不", "没",
                        "无", "非", "未", "别", "莫", "好", "ſ", "K", "-", ".")
                .list().ofMaxSize(16).map(parts -> String.join("", parts));
    }

    @Property(tries = 5000)
    void the_english_scan_finds_the_patterns_first_match(@ForAll("sentences") String s) {
        Matcher m = PATTERNS.get(0).matcher(s);
        long expected = m.find() ? ((long) m.start() << 32) | m.end() : -1;
        assertThat(HeuristicExtractor.findNegationEn(s)).as(s).isEqualTo(expected);
    }

    @Property(tries = 2000)
    void the_chinese_scan_finds_the_patterns_first_match(@ForAll("sentences") String s) {
        Matcher m = PATTERNS.get(1).matcher(s);
        assertThat(HeuristicExtractor.findNegationZh(s)).as(s).isEqualTo(m.find() ? m.start() : -1);
    }

    @Property(tries = 500)
    void and_on_any_text(@ForAll String s) {
        Matcher m = PATTERNS.get(0).matcher(s);
        long expected = m.find() ? ((long) m.start() << 32) | m.end() : -1;
        assertThat(HeuristicExtractor.findNegationEn(s)).isEqualTo(expected);
    }
}
