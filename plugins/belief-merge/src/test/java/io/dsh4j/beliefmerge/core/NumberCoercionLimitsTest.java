package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 9 item 1, GUIDE "Bad input … no hang": the one path on which belief-merge coerces a number —
 * the evidence of a model answer's opinion (spec §4.1.6, JavaScript's {@code Number(v)}) — takes a
 * million-digit value in time linear in its length. The engine's private {@code Number()} took
 * seconds for 16,000 digits followed by {@code x} (a backtracking pattern); it now goes through the
 * harness's one coercion. A million-digit number <em>literal</em> exceeds the JSON parser's number cap
 * and is an invalid answer, never a long parse.
 */
class NumberCoercionLimitsTest {

    private static final int LONG = 1_000_000;

    static Alignment.Aligned alignWithEvidence(String evidenceJson) {
        String answer = "{\"slots\":[{\"key\":\"db\",\"opinions\":[{\"source\":\"branch-a\",\"value\":\"postgresql\","
                + "\"evidence\":" + evidenceJson + "}]}]}";
        return Alignment.align(AlignmentTest.surfaces(), ScriptedModel.answering(answer), Alignment.Options.defaults(),
                CancelSignal.NEVER);
    }

    static int evidenceOf(Alignment.Aligned aligned) {
        return aligned.branches().getFirst().claims().getFirst().evidence();
    }

    @Test
    void a_million_digit_string_that_is_not_a_number_clamps_to_the_default_evidence() {
        assertThat(evidenceOf(alignWithEvidence("\"" + "1".repeat(LONG) + "x\""))).isEqualTo(2);
        assertThat(evidenceOf(alignWithEvidence("\"0x" + "f".repeat(LONG) + "g\""))).isEqualTo(2);
    }

    @Test
    void a_million_digit_string_that_is_a_number_converts_as_number_does() {
        // Number("111…1") is Infinity, not finite: the default; a long zero fraction is 0: clamped to 1
        assertThat(evidenceOf(alignWithEvidence("\"" + "1".repeat(LONG) + "\""))).isEqualTo(2);
        assertThat(evidenceOf(alignWithEvidence("\"0." + "0".repeat(LONG) + "5\""))).isEqualTo(1);
        assertThat(evidenceOf(alignWithEvidence("[\"" + "3" + " ".repeat(LONG) + "\"]"))).isEqualTo(3);
    }

    @Test
    void a_million_digit_number_literal_is_an_invalid_answer_naming_the_cap() {
        assertThatThrownBy(() -> alignWithEvidence("1".repeat(LONG))).isInstanceOf(ModelOutputException.class)
                .hasMessageContaining("invalid JSON in model response").hasMessageContaining("size cap");
    }

    @Test
    void the_evidence_clamp_is_javascripts_number() {
        for (String raw : List.of("\"  3 \"", "\"0x3\"", "true", "[4]", "\"3.5\"", "null", "\"\"")) {
            assertThat(evidenceOf(alignWithEvidence(raw))).as(raw).isBetween(1, 4);
        }
        assertThat(evidenceOf(alignWithEvidence("\"0x3\""))).isEqualTo(3);
        assertThat(evidenceOf(alignWithEvidence("\"3.5\""))).isEqualTo(4); // Math.round: half up
        assertThat(evidenceOf(alignWithEvidence("true"))).isEqualTo(1);
    }
}
