package io.dsh4j.beliefmerge.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §11.2 and checklist item 56: <em>every</em> arm — the oracle included — respects the same budget
 * (≤ 1.15×) on every scenario, not only on average; and the published tight-budget separation holds.
 */
class BenchBudgetFairnessTest {

    @Test
    void every_arm_of_every_scenario_stays_within_115_percent_of_the_budget() {
        for (int topics : List.of(8, 10, 16)) {
            for (long seed = 1; seed <= 5; seed++) {
                Scenario s = MergeBenchTest.scenario(seed, topics);
                for (int budget : List.of(100, 200, 400, 800, 1200)) {
                    List<BenchArms.Arm> arms = BenchArms.all(s, budget);
                    assertThat(arms).extracting(BenchArms.Arm::name)
                            .containsExactly("none", "single:branch-a", "concat", "beliefmerge-heuristic", "beliefmerge-oracle");
                    for (BenchArms.Arm arm : arms) {
                        assertThat(arm.tokens()).as("%s seed %d topics %d budget %d", arm.name(), seed, topics, budget)
                                .isLessThanOrEqualTo((int) (budget * 1.15));
                    }
                }
            }
        }
    }

    @Test
    void at_400_tokens_the_oracle_is_complete_near_258_tokens_and_the_heuristic_beats_concat_threefold() {
        MergeBench.Report r = MergeBench.run(MergeBenchTest.TIGHT);
        MergeBench.Row heuristic = MergeBenchTest.row(r, "beliefmerge-heuristic");
        MergeBench.Row concat = MergeBenchTest.row(r, "concat");
        MergeBench.Row oracle = MergeBenchTest.row(r, "beliefmerge-oracle");
        assertThat(heuristic.bridge()).isGreaterThanOrEqualTo(0.9).isGreaterThanOrEqualTo(3 * concat.bridge());
        assertThat(oracle.bridge()).isEqualTo(1.0);
        assertThat(oracle.unambiguous()).isEqualTo(1.0);
        assertThat(oracle.invented()).isZero();
        assertThat(oracle.tokens()).isBetween(250.0, 266.0);
        for (MergeBench.Row row : r.rows()) assertThat(row.tokens()).as(row.arm()).isLessThanOrEqualTo(400 * 1.15);
    }
}
