package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §11 items 18–21 (§4.4). */
class HealthScoreTest {

    private static HealthReport score(double used, double window, double repeat, double degraded, double loop,
            double flags, double summaries) {
        return HealthScore.score(new HealthScore.Input(used, window, repeat, degraded, loop, flags, 0, summaries));
    }

    @Test
    void reference_300k_of_1m_with_three_repeats_and_one_degraded_reply_is_61_watch_at_50_percent() {
        HealthReport r = score(300_000, 1e6, 3, 1, 0, 0, 0);
        assertThat(r.score()).isEqualTo(61);
        assertThat(r.level()).isEqualTo(Level.WATCH);
        assertThat(r.effectivePercent()).isEqualTo(50.0);
    }

    @Test
    void lossy_summaries_cap_the_score_at_79_65_50_50() {
        assertThat(score(20_494, 1e6, 0, 0, 0, 0, 0)).extracting(HealthReport::score, HealthReport::level)
                .containsExactly(100, Level.OK);
        assertThat(score(20_494, 1e6, 0, 0, 0, 0, 1)).extracting(HealthReport::score, HealthReport::level)
                .containsExactly(79, Level.WATCH);
        assertThat(score(20_494, 1e6, 0, 0, 0, 0, 2)).extracting(HealthReport::score, HealthReport::level)
                .containsExactly(65, Level.WATCH);
        assertThat(score(20_494, 1e6, 0, 0, 0, 0, 3)).extracting(HealthReport::score, HealthReport::level)
                .containsExactly(50, Level.WARN);
        assertThat(score(20_494, 1e6, 0, 0, 0, 0, 4)).extracting(HealthReport::score, HealthReport::level)
                .containsExactly(50, Level.WARN);
    }

    @Test
    void a_cap_never_raises_a_score() {
        assertThat(score(900_000, 1e6, 0, 0, 0, 0, 1).score()).isEqualTo(25);
    }

    @Test
    void one_loop_costs_25_two_and_five_loops_cost_the_same_three_flags_cost_12() {
        int base = score(20_000, 1e6, 0, 0, 0, 0, 0).score();
        assertThat(base - score(20_000, 1e6, 0, 0, 1, 0, 0).score()).isEqualTo(25);
        assertThat(score(20_000, 1e6, 0, 0, 2, 0, 0).score()).isEqualTo(score(20_000, 1e6, 0, 0, 5, 0, 0).score());
        assertThat(base - score(20_000, 1e6, 0, 0, 0, 3, 0).score()).isEqualTo(12);
    }

    @Test
    void seven_fifty_k_of_1m_is_effective_100_and_critical() {
        HealthReport r = score(750_000, 1e6, 0, 0, 0, 0, 0);
        assertThat(r.effectivePercent()).isEqualTo(100.0);
        assertThat(r.level()).isEqualTo(Level.CRITICAL);
    }

    @Test
    void level_labels_are_size_words_and_findings_never_advise() {
        Texts zh = Texts.chinese();
        assertThat(Level.OK.label(zh)).isEqualTo("正常");
        assertThat(Level.WATCH.label(zh)).isEqualTo("留意上下文");
        assertThat(Level.WARN.label(zh)).isEqualTo("上下文偏大");
        assertThat(Level.CRITICAL.label(zh)).isEqualTo("上下文过大");
        for (double eff : new double[] {0.35, 0.55, 0.75, 0.95}) {
            for (HealthReport r : new HealthReport[] {score(eff * 600_000, 1e6, 9, 3, 2, 3, 3),
                    score(eff * 600_000, 1e6, 0, 0, 0, 0, 0), score(eff * 600_000, 1e6, 5, 0, 0, 0, 1)}) {
                for (String f : r.findingTexts(zh)) {
                    assertThat(f).doesNotContain("建议", "交接", "压缩", "新开");
                }
            }
        }
    }

    @Test
    void findings_carry_the_spec_literals_in_order() {
        HealthReport r = HealthScore.score(new HealthScore.Input(700_000, 1e6, 8, 2, 3, 1, 69_667, 1));
        List<String> f = r.findingTexts(Texts.chinese());
        assertThat(f).hasSize(6);
        assertThat(f.get(0)).contains("90% 线；评分 −75");
        assertThat(f.subList(1, 5)).containsExactly(
                "连续 8 次相同工具调用（严重打转）",
                "2 条回复出现复读/格式/符号异常",
                "思考过程出现打转：3 次（最长同一行重复 69,667 次）（评分 −50）",
                "思考过程异常长 1 次（评分 −4）");
        assertThat(f.get(5)).startsWith("已经历 1 次模型摘要（有损）：").endsWith("（评分据此封顶 79）");
    }
}
