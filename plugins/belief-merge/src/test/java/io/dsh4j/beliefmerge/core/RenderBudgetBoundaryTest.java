package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.claim;
import static io.dsh4j.beliefmerge.core.Fixtures.slotOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §9.6, checklist item 41 at its exact boundary: the mandatory overhead is header tokens + banner
 * tokens + 2 (74 with a banner of the original's length), and a block is rendered iff
 * {@code budget − overhead ≥ cheapest slot cost}; hostile budgets never overflow or throw.
 */
class RenderBudgetBoundaryTest {

    static Slot external(String key) {
        return slotOf(claim(key, "v", 4, "The " + key + " is v.", "s-" + key, Trust.EXTERNAL));
    }

    @Test
    void the_overhead_with_the_external_banner_is_74_tokens() {
        int header = Packer.estimateTokens("## " + Renderer.DEFAULT_HEADER);
        int banner = Packer.estimateTokens(Texts.english().format("banner", "EXTERNAL"));
        assertThat(header + banner + 2).isEqualTo(74);
    }

    @Test
    void a_block_appears_exactly_when_the_budget_holds_the_overhead_and_the_cheapest_slot() {
        // given: one external slot
        Slot slot = external("alpha");
        int cost = Packer.estimateTokens(Renderer.renderSlot(slot));
        // when
        Renderer.Rendered fits = Renderer.render(List.of(slot), Renderer.Options.defaults().withBudget(74 + cost));
        Renderer.Rendered short1 = Renderer.render(List.of(slot), Renderer.Options.defaults().withBudget(74 + cost - 1));
        // then
        assertThat(fits.included()).isEqualTo(1);
        assertThat(fits.text()).startsWith("## Merged context (BeliefMerge)\n\n> ").contains("- `alpha` = **v**");
        assertThat(short1.text()).isEmpty();
        assertThat(short1.included()).isZero();
        assertThat(short1.dropped()).isEqualTo(1);
        assertThat(short1.reason()).isEqualTo(Renderer.REASON_BUDGET);
    }

    @Test
    void a_trusted_block_has_no_banner_so_its_overhead_is_the_header_alone() {
        Slot slot = slotOf(claim("alpha", "v", 4, "The alpha is v.", "s1", Trust.TRUSTED));
        int header = Packer.estimateTokens("## " + Renderer.DEFAULT_HEADER);
        int cost = Packer.estimateTokens(Renderer.renderSlot(slot));
        assertThat(Renderer.render(List.of(slot), Renderer.Options.defaults().withBudget(header + cost)).included()).isEqualTo(1);
        assertThat(Renderer.render(List.of(slot), Renderer.Options.defaults().withBudget(header + cost - 1)).text()).isEmpty();
    }

    @Test
    void forty_tokens_inject_nothing_while_200_include_some_of_50_small_slots() {
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < 50; i++) slots.add(external(String.format("k%02d", i)));
        Renderer.Rendered forty = Renderer.render(slots, Renderer.Options.defaults().withBudget(40));
        Renderer.Rendered twoHundred = Renderer.render(slots, Renderer.Options.defaults().withBudget(200));
        assertThat(forty.text()).isEmpty();
        assertThat(forty.reason()).isEqualTo(Renderer.REASON_BUDGET);
        assertThat(twoHundred.included()).isBetween(1, 49);
        assertThat(twoHundred.dropped()).isEqualTo(50 - twoHundred.included());
        assertThat(twoHundred.tokens()).isLessThanOrEqualTo((int) (200 * 1.05));
    }

    @Test
    void extreme_budgets_neither_overflow_nor_throw() {
        List<Slot> slots = List.of(external("a"), external("b"));
        Renderer.Rendered max = Renderer.render(slots, Renderer.Options.defaults().withBudget(Integer.MAX_VALUE));
        assertThat(max.included()).isEqualTo(2);
        assertThat(max.dropped()).isZero();
        Renderer.Rendered zero = Renderer.render(slots, Renderer.Options.defaults().withBudget(0));
        assertThat(zero.text()).isEmpty();
        assertThat(zero.reason()).isEqualTo(Renderer.REASON_BUDGET);
    }
}
