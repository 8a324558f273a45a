package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.claim;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.beliefmerge.core.internal.Knapsack;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Packing on hostile input (spec §9.3; GUIDE "bad input": no hang, sizes capped). Many near-equal slots
 * defeat the seed bounds, so the partial search is capped by candidates and by work; the answer stays
 * within the budget and never below density greedy.
 */
class PackingHostileInputTest {

    /** {@code n} one-claim EXTERNAL Fact slots of nearly equal length and value, keys sorted. */
    static List<Slot> nearlyEqualSlots(int n) {
        List<Branch> branches = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String key = String.format("observation %05d holds for the system", i);
            branches.add(new Branch("s" + (i % 3), Trust.EXTERNAL,
                    List.of(claim(key, "assert", 1 + i % 4, "Observation " + i + " holds for the system.", "s" + (i % 3), Trust.EXTERNAL))));
        }
        return BeliefMerge.mergeBranches(branches, Score.EGALITARIAN);
    }

    static Packer.Packing pack(List<Slot> slots, int budget, Packer.Algorithm algorithm) {
        int[] cost = slots.stream().mapToInt(s -> Packer.estimateTokens(Renderer.renderSlot(s))).toArray();
        return Packer.pack(slots, cost, budget, PackWeights.defaults(), null, algorithm);
    }

    @Test
    void ten_thousand_slots_render_within_the_budget_by_density_above_the_candidate_cap() {
        // given: a 400 KB session's worth of heuristic slots (this took minutes and gigabytes under the old cap)
        List<Slot> slots = nearlyEqualSlots(10_000);
        assertThat(slots.size()).isGreaterThan(Knapsack.MAX_PARTIAL_CANDIDATES);
        // when
        Renderer.Rendered r = Renderer.render(slots, Renderer.Options.defaults().withBudget(1200));
        // then
        assertThat(r.algorithm()).isEqualTo(Packer.Algorithm.DENSITY);
        assertThat(r.included()).isPositive();
        assertThat(r.included() + r.dropped()).isEqualTo(10_000);
        assertThat(r.tokens()).isLessThanOrEqualTo((int) (1200 * 1.05));
    }

    @Test
    void a_work_capped_partial_search_is_never_worse_than_density_and_stays_in_the_budget() {
        // given: more near-equal candidates than the work cap lets the seed search finish
        List<Slot> slots = nearlyEqualSlots(1_500);
        long seedsTimesCandidates = 1_500L * 1_499 / 2 * 1_500;
        assertThat(seedsTimesCandidates).isGreaterThan(Knapsack.MAX_PARTIAL_WORK);
        for (int budget : List.of(300, 1200)) {
            // when
            Packer.Packing partial = pack(slots, budget, Packer.Algorithm.PARTIAL);
            Packer.Packing density = pack(slots, budget, Packer.Algorithm.DENSITY);
            // then
            assertThat(partial.utility()).isGreaterThanOrEqualTo(density.utility());
            assertThat(partial.tokens()).isLessThanOrEqualTo(budget);
            assertThat(partial.selected().size() + partial.dropped().size()).isEqualTo(1_500);
        }
    }
}
