package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.claim;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.json.JsStrings;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Regression tests for the differences a differential comparison with the original implementation
 * found (the same inputs rendered by both, slot lines, counts and token totals compared; module README,
 * "Exactness against the original"). Each test is a small hand-written input and the output the spec's
 * rule gives, grouped by the spec section whose rule was missed.
 */
class OriginalConformanceTest {

    /** Spec §0.4 — JavaScript's string operations, reproduced exactly. */
    @Nested
    class JavaScriptText {

        @Test
        void capital_sigma_lowercases_by_the_unicode_final_sigma_condition() {
            // JavaScript decides Σ → ς by the Unicode condition (a cased letter before, skipping
            // case-ignorables; none after); Java's own toLowerCase decides it by word boundaries.
            assertThat(JsStrings.toLowerCase("ΟΔΟΣ_x")).isEqualTo("οδος_x");
            assertThat(JsStrings.toLowerCase("ΟΔΟΣ1a")).isEqualTo("οδος1a");
            assertThat(JsStrings.toLowerCase("ΟΔΟΣ\uFEFFไทย\uFEFFfile")).isEqualTo("οδος\uFEFFไทย\uFEFFfile");
            assertThat(JsStrings.toLowerCase("ΣΣ")).isEqualTo("σς");
            assertThat(JsStrings.toLowerCase("AΣ\u00ADB")).isEqualTo("aσ\u00ADb");
            assertThat(JsStrings.toLowerCase("ΟΔΟΣ.com")).isEqualTo("οδοσ.com");
            assertThat(JsStrings.toLowerCase("1Σ _Σ")).isEqualTo("1σ _σ");
            assertThat(JsStrings.toLowerCase("İstanbul")).isEqualTo("i\u0307stanbul");
        }

        @Test
        void slot_keys_and_relevance_use_the_javascript_lower_case() {
            // §5 step 7: the key of "ΟΔΟΣ_x is set." ends its first word in ς, as the original's key does.
            assertThat(Keys.normalize("ΟΔΟΣ_x is set.", Keys.Strategy.EXACT)).isEqualTo("οδος x is set");
            // §9.1 relevance: the query term "οδος_x" occurs in the lower-cased haystack.
            Slot slot = Fixtures.slotOf(claim("k", "assert", 4, "Use ΟΔΟΣ_x here.", "s1", Trust.EXTERNAL));
            assertThat(Packer.relevance(slot, "οδος_x")).isEqualTo(1.0);
        }

        @Test
        void trust_names_are_trimmed_of_javascript_white_space() {
            // §8.1 trustFromName: trim() removes NBSP, BOM and U+3000 too.
            assertThat(Trust.fromName("\u00a0external")).isEqualTo(Trust.EXTERNAL);
            assertThat(Trust.fromName("trusted\uFEFF")).isEqualTo(Trust.TRUSTED);
            assertThat(Trust.fromName("\u3000Trusted")).isEqualTo(Trust.TRUSTED);
            assertThat(Trust.fromName("\u0085external")).isEqualTo(Trust.UNTRUSTED);
        }
    }

    /** Spec §9.5–9.6 — the block, its templates and what it costs. */
    @Nested
    class Rendering {

        @Test
        void the_resolved_tag_counts_the_names_in_the_source_list_as_the_original_does() {
            // The original counts the pieces of the joined source list between ", " separators: one
            // source whose id contains ", " reads as two; an empty id as none (the list is shown as is).
            Slot commaId = Fixtures.slotOf(claim("k", "assert", 4, "It holds.", "a, b", Trust.EXTERNAL));
            assertThat(Renderer.renderSlot(commaId)).isEqualTo("- `k` = **assert**\n  It holds. _(evidence 4; from 2 sources)_");
            Slot emptyId = Fixtures.slotOf(claim("k", "assert", 4, "It holds.", "", Trust.EXTERNAL));
            assertThat(Renderer.renderSlot(emptyId)).isEqualTo("- `k` = **assert**\n  It holds. _(evidence 4; from )_");
            Slot two = Fixtures.slotOf(claim("k", "assert", 4, "It holds.", "s1", Trust.EXTERNAL),
                    claim("k", "assert", 2, "It holds.", "s2", Trust.EXTERNAL));
            assertThat(Renderer.renderSlot(two)).isEqualTo("- `k` = **assert**\n  It holds. _(evidence 4; from 2 sources)_");
        }

        @Test
        void every_english_footer_tail_is_as_long_as_the_originals() {
            // Footers are not charged against the budget but they are counted in the block's tokens: a
            // tail of another length changes the reported total.
            Texts en = Texts.english();
            assertThat(tail(en.format("footer.unresolved", 1))).hasSize(64);
            assertThat(tail(en.format("footer.adjudicated", 1))).hasSize(51);
            assertThat(tail(en.format("footer.withheld", 1))).hasSize(76);
            assertThat(tail(en.format("footer.retracted", 1))).hasSize(56);
        }

        @Test
        void a_block_with_withheld_credentials_counts_the_originals_tokens() {
            // given one user claim and two redactions
            List<Slot> slots = BeliefMerge.mergeBranches(List.of(new Branch("s1", Trust.EXTERNAL,
                    List.of(Claim.of("the cache is on", "assert", 4, "The cache is on.", "s1")))), Score.EGALITARIAN);
            // when
            Renderer.Rendered r = Renderer.render(slots, Renderer.Options.defaults().withRedacted(2));
            // then: header 31, banner 253, slot 32 + 42, footer 105 (the original's length), 8 line breaks
            assertThat(r.text()).hasSize(31 + 1 + 1 + 253 + 1 + 1 + 32 + 1 + 42 + 1 + 1 + 105);
            assertThat(r.tokens()).isEqualTo(118);
        }

        private String tail(String footer) {
            return footer.substring(footer.indexOf(" \u2014 "));
        }
    }
}
