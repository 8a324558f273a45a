package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec §11 items 22–39 (§4.7–4.9), off-peak Saturday, model absent unless stated. */
class CompactionPlanTest {

    static final Instant SATURDAY = Instant.parse("2026-09-19T02:00:00Z");
    static final Texts ZH = Texts.chinese();
    static final PlanWording W = new PlanWording(ZH);

    static PlanInput.Builder plan(double used, double window) {
        return PlanInput.builder(SATURDAY).used(used).window(window);
    }

    static CompactionPlan derive(PlanInput.Builder b) {
        return CompactionPlanner.derive(b.build());
    }

    /** A tail window of {@code n} requests at the given hit rate. */
    static List<PlanInput.UsageSample> tail(int n, double hitRate, double total) {
        List<PlanInput.UsageSample> list = new ArrayList<>();
        for (int i = 0; i < n; i++) list.add(new PlanInput.UsageSample(total * hitRate, total));
        return list;
    }

    /** The AB fixture: 258,366 used of 1M, 68 requests / 30 turns, tail hit ≈ 99.9 %, growth 6,046 (break-even ≈ 1.54). */
    static PlanInput.Builder ab() {
        return plan(258_366, 1e6).recentUsage(tail(20, 0.9993, 258_366)).cacheRead(257_591).cacheMiss(775)
                .usageCount(68).turnCount(30).growth(6046).model("deepseek-flash");
    }

    @Nested
    class Bands {
        @Test
        void no_data_cannot_judge_and_continues_without_saying_continue_in_the_note() {
            CompactionPlan p = derive(plan(0, Double.NaN));
            assertThat(W.bandText(p)).isEqualTo("无法判断（缺窗口或用量数据）");
            assertThat(p.advice()).isEqualTo(Advice.CONTINUE);
            assertThat(W.adviceText(p)).startsWith("数据不足");
            assertThat(W.note(p)).contains("下一次请求后").doesNotContain("继续");
        }

        @Test
        void twenty_percent_is_normal_and_may_continue() {
            CompactionPlan p = derive(plan(200_000, 1e6));
            assertThat(W.bandText(p)).isEqualTo("正常（占声明窗口 <50%）");
            assertThat(W.adviceText(p)).isEqualTo("可以继续（无需交接）");
        }

        @Test
        void eighty_percent_is_urgent_official_continue_and_75_percent_continues_too() {
            CompactionPlan p = derive(plan(800_000, 1e6).growth(20_000));
            assertThat(p.compact().band()).isEqualTo(Band.URGENT);
            assertThat(p.advice()).isEqualTo(Advice.CONTINUE);
            assertThat(p.verdict().drivenBy()).isEqualTo(DrivenBy.OFFICIAL);
            assertThat(W.note(p)).contains("无需手动压缩");
            assertThat(W.reason(p)).contains("无需手动 `/compact`");
            assertThat(derive(plan(750_000, 1e6).growth(20_000)).advice()).isEqualTo(Advice.CONTINUE);
        }

        @Test
        void sixty_eight_percent_with_slow_growth_defers_and_names_the_turns() {
            CompactionPlan p = derive(plan(680_000, 1e6).growth(1000));
            assertThat(p.compact().band()).isEqualTo(Band.RECOMMEND);
            assertThat(p.advice()).isEqualTo(Advice.CONTINUE);
            assertThat(W.note(p)).contains("无需手动压缩").contains("120 轮");
        }

        @Test
        void fifty_five_percent_without_growth_needs_no_manual_compaction() {
            CompactionPlan p = derive(plan(550_000, 1e6));
            assertThat(p.advice()).isEqualTo(Advice.CONTINUE);
            assertThat(W.note(p)).isEqualTo("无需手动压缩");
        }
    }

    @Nested
    class Quality {
        @Test
        void sixty_percent_with_repeats_and_good_cache_is_immediate_quality_handoff() {
            CompactionPlan p = derive(plan(600_000, 1e6).repeatWorst(3).cacheRead(970_000 * 0.6).cacheMiss(18_000)
                    .usageCount(10));
            assertThat(p.quality().advice()).isEqualTo(QualityAdvice.IMMEDIATE);
            assertThat(p.advice()).isEqualTo(Advice.HANDOFF);
            assertThat(p.verdict().drivenBy()).isEqualTo(DrivenBy.QUALITY);
            assertThat(W.qualityReason(p)).contains("建议立即新开会话");
        }

        @Test
        void four_guard_trips_hand_off_on_quality_one_prepares_and_500k_with_one_hands_off() {
            CompactionPlan four = derive(plan(296_987, 999_000).guardTripCount(4));
            assertThat(four.advice()).isEqualTo(Advice.HANDOFF);
            assertThat(four.verdict().drivenBy()).isEqualTo(DrivenBy.QUALITY);
            assertThat(W.note(four)).contains("守卫").contains("4 次");
            CompactionPlan one = derive(plan(296_987, 999_000).guardTripCount(1));
            assertThat(one.advice()).isEqualTo(Advice.PREPARE);
            assertThat(one.quality().degraded()).isTrue();
            assertThat(derive(plan(500_000, 1e6).guardTripCount(1)).advice()).isEqualTo(Advice.HANDOFF);
        }

        @Test
        void low_occupancy_with_past_loops_lists_them_and_never_claims_health() {
            CompactionPlan loops = derive(plan(21_090, 1e6).reasoningLoop(10));
            for (String text : List.of(W.qualityReason(loops), W.reason(loops))) {
                assertThat(text).contains("思考打转 10 次").doesNotContain("质量维度健康", "未检出退化信号");
            }
            CompactionPlan clean = derive(plan(21_090, 1e6));
            assertThat(W.qualityReason(clean)).contains("质量维度健康");
            assertThat(W.reason(clean)).contains("未检出退化信号");
        }

        @Test
        void degradation_is_guard_repeat_degraded_loop_or_flags() {
            assertThat(derive(plan(1000, 1e6)).quality().degraded()).isFalse();
            assertThat(derive(plan(1000, 1e6).repeatWorst(3)).quality().degraded()).isTrue();
            assertThat(derive(plan(1000, 1e6).repeatWorst(2)).quality().degraded()).isFalse();
            assertThat(derive(plan(1000, 1e6).degradedReplies(1)).quality().degraded()).isTrue();
            assertThat(derive(plan(1000, 1e6).reasoningFlags(1)).quality().degraded()).isTrue();
        }
    }

    @Nested
    class Overrides {
        @Test
        void three_summaries_without_cost_basis_continue_with_the_lossy_note_and_with_a_dead_cache_hand_off() {
            CompactionPlan cheap = derive(plan(550_000, 1e6).summaryCount(3).compactionCount(3));
            assertThat(cheap.advice()).isEqualTo(Advice.CONTINUE);
            assertThat(W.note(cheap)).contains("有损摘要");
            CompactionPlan dead = derive(plan(550_000, 1e6).summaryCount(3).compactionCount(3).cacheRead(0)
                    .cacheMiss(550_000).usageCount(500));
            assertThat(dead.advice()).isEqualTo(Advice.HANDOFF);
            assertThat(dead.verdict().drivenBy()).isEqualTo(DrivenBy.OVERRIDE);
            assertThat(W.note(dead)).contains("收益递减").doesNotContain("%");
        }
    }

    @Nested
    class CostChannel {
        @Test
        void a_first_request_zero_hit_is_not_a_broken_cache_but_three_requests_are() {
            CompactionPlan first = derive(plan(500_000, 1e6).cacheRead(0).cacheMiss(500_000).usageCount(1).growth(8000));
            assertThat(first.verdict().drivenBy()).isNotEqualTo(DrivenBy.COST);
            assertThat(first.cost().hitRateKnown()).isFalse();
            CompactionPlan three = derive(plan(500_000, 1e6).cacheRead(0).cacheMiss(500_000).usageCount(3).growth(8000));
            assertThat(three.advice()).isEqualTo(Advice.HANDOFF);
        }

        private PlanInput.Builder healthy(double used) {
            return plan(used, 1e6).recentUsage(tail(20, 0.99, used)).usageCount(100).turnCount(10).growth(20_000);
        }

        @Test
        void gates_window_20_percent_growth_and_horizon() {
            assertThat(derive(healthy(199_000)).cost().freshWinsOnCost()).isFalse();
            assertThat(derive(healthy(200_000)).cost().freshWinsOnCost()).isTrue();
            assertThat(derive(healthy(200_000).growth(0)).cost().freshWinsOnCost()).isFalse();
            CompactionPlan far = derive(healthy(200_000).growth(120));
            assertThat(far.cost().horizon()).isEqualTo(5000);
            assertThat(far.cost().freshWinsOnCost()).isFalse();
        }

        @Test
        void a_tiny_session_with_a_low_hit_rate_is_not_handed_off() {
            CompactionPlan p = derive(plan(2914, 1e6).cacheRead(2914 * 0.326).cacheMiss(2914 * 0.674).usageCount(5));
            assertThat(p.advice()).isNotEqualTo(Advice.HANDOFF);
            assertThat(p.cost().freshWinsOnCost()).isFalse();
        }

        @Test
        void broken_cache_wins_at_0_and_49_percent_without_growth_but_not_at_60() {
            for (double hit : new double[] {0, 0.49}) {
                CompactionPlan p = derive(plan(500_000, 1e6).cacheRead(500_000 * hit).cacheMiss(500_000 * (1 - hit))
                        .usageCount(10));
                assertThat(p.cost().freshWinsOnCost()).as("hit %s", hit).isTrue();
                assertThat(p.advice()).isEqualTo(Advice.HANDOFF);
            }
            CompactionPlan sixty = derive(plan(500_000, 1e6).cacheRead(300_000).cacheMiss(200_000).usageCount(10));
            assertThat(sixty.cost().freshWinsOnCost()).isFalse();
            assertThat(sixty.advice()).isNotEqualTo(Advice.HANDOFF);
        }

        @Test
        void whenever_the_broken_cache_channel_wins_the_margin_is_positive() {
            int wins = 0;
            for (double pct = 5; pct <= 100; pct += 5) {
                for (double hit : new double[] {0, 0.2, 0.45}) {
                    for (double growth : new double[] {0, 2000, 20_000, 200_000}) {
                        double used = pct * 10_000;
                        CompactionPlan p = derive(plan(used, 1e6).cacheRead(used * hit).cacheMiss(used * (1 - hit))
                                .usageCount(10).growth(growth));
                        if (p.cost().freshWinsOnCost() && !p.cost().freshWinsOnBreakEven()) {
                            wins++;
                            assertThat(p.cost().freshWinMarginRounds()).isNotNull().isPositive();
                        }
                    }
                }
            }
            assertThat(wins).isPositive();
        }

        @Test
        void the_ab_fixture_hands_off_on_cost_because_of_the_stock() {
            CompactionPlan p = derive(ab());
            assertThat(p.advice()).isEqualTo(Advice.HANDOFF);
            assertThat(p.verdict().drivenBy()).isEqualTo(DrivenBy.COST);
            assertThat(p.cost().stepsPerTurn()).isEqualTo(68.0 / 30);
            // the spec's figures (§11 item 34): break-even ≈ 1.54 turns, saving ≈ ¥0.93
            assertThat(p.cost().freshBreakEvenRounds()).isBetween(1.2, 1.6).isCloseTo(1.54, within(0.005));
            assertThat(p.cost().savingYuan()).isBetween(0.9, 1.2).isCloseTo(0.93, within(0.005));
            // H = floor((800,000 official line − 258,366 used) ÷ 6,046 growth) = 89 turns
            assertThat(p.cost().horizon()).isEqualTo(89);
            CompactionPlan perRequest = derive(ab().turnCount(0));
            assertThat(perRequest.cost().stepsPerTurn()).isEqualTo(1.0);
            // per-turn cost > 2 × per-request cost: the per-request figure is the same ledger without turns
            assertThat(p.cost().continuePerRound()).isGreaterThan(2 * perRequest.cost().continuePerRound());
            assertThat(W.reason(p)).contains("存量").doesNotContain("失效", "重付全部上下文");
            assertThat(perRequest.cost().savingYuan()).isLessThan(p.cost().savingYuan() / 2);
            CompactionPlan broken = derive(ab().recentUsage(tail(20, 0, 258_366)));
            assertThat(broken.advice()).isEqualTo(Advice.HANDOFF);
            assertThat(W.reason(broken)).contains("失效").contains("重付全部上下文");
        }

        @Test
        void the_same_ledger_prepares_at_fast_growth_notes_cost_at_60000_and_hands_off_at_6000() {
            CompactionPlan fast = derive(ab().growth(200_000));
            assertThat(fast.advice()).isEqualTo(Advice.PREPARE);
            assertThat(fast.verdict().drivenBy()).isEqualTo(DrivenBy.COST);
            assertThat(W.adviceText(fast)).isEqualTo("接近交接阈值 · 可在下一个任务边界交接");
            assertThat(W.reason(fast)).contains("继续也完全可以").contains("按当前增速外推");
            assertThat(W.note(fast)).isEqualTo(ZH.get("note.prepareHandoff"));
            CompactionPlan mid = derive(ab().growth(60_000));
            assertThat(mid.advice()).isEqualTo(Advice.COST_NOTE);
            assertThat(mid.cost().savingYuan()).isPositive().isLessThan(0.09);
            assertThat(W.note(mid)).contains("继续没问题");
            assertThat(W.adviceText(mid)).contains("可继续").doesNotContain("建议", "应当", "立即");
            assertThat(derive(ab().growth(6000)).advice()).isEqualTo(Advice.HANDOFF);
        }

        @Test
        void a_young_session_prepares_instead_of_handing_off_on_cost_but_never_on_quality() {
            assertThat(derive(ab().turnCount(30)).advice()).isEqualTo(Advice.HANDOFF);
            CompactionPlan young = derive(ab().turnCount(8));
            assertThat(young.advice()).isEqualTo(Advice.PREPARE);
            assertThat(young.verdict().drivenBy()).isEqualTo(DrivenBy.COST);
            assertThat(young.verdict().note()).isEqualTo(CompactionPlan.Note.IMMATURE_COST_HANDOFF);
            String reason = W.reason(young);
            assertThat(reason).contains("成熟线").contains("8 轮").doesNotContain("建议机械交接");
            assertThat(reason.split("新开首轮", -1)).hasSize(2);
            assertThat(derive(ab().turnCount(0)).advice()).isEqualTo(Advice.HANDOFF);
            CompactionPlan guarded = derive(ab().turnCount(4).guardTripCount(4));
            assertThat(guarded.advice()).isEqualTo(Advice.HANDOFF);
            assertThat(guarded.verdict().drivenBy()).isEqualTo(DrivenBy.QUALITY);
        }

        @Test
        void an_unknown_model_skips_the_cost_channel() {
            CompactionPlan p = derive(ab().model("gpt-x"));
            assertThat(p.cost().priceKnown()).isFalse();
            assertThat(p.cost().freshWinsOnCost()).isFalse();
            assertThat(W.priceLabel(p)).contains("成本比较已跳过");
        }
    }

    @Test
    void break_even_display_tiers() {
        assertThat(BreakEven.of(0.0, ZH).shortText()).isEqualTo("首轮即摊平");
        assertThat(BreakEven.of(-1.0, ZH).ledgerText()).isEqualTo("首轮即摊平");
        assertThat(BreakEven.of(0.0457, ZH)).isEqualTo(new BreakEven("首轮内", "首轮内即摊平"));
        assertThat(BreakEven.of(1.8, ZH).shortText()).isEqualTo("1.8 轮");
        assertThat(BreakEven.of(null, ZH)).isNull();
    }

    @Test
    void advice_values_are_the_wire_enum_and_the_boundary_grid_reaches_every_band_and_never_compact() {
        assertThat(Advice.VALUES).containsExactly("continue", "costNote", "prepare", "handoff", "compact");
        Set<Band> bands = EnumSet.noneOf(Band.class);
        Set<DrivenBy> drivers = EnumSet.noneOf(DrivenBy.class);
        for (int pct = 1; pct <= 100; pct++) {
            for (double growth : new double[] {0, 500, 2000, 8000, 20_000}) {
                double used = pct * 10_000;
                CompactionPlan p = derive(plan(used, 1e6).recentUsage(tail(20, 0.97, used)).usageCount(40)
                        .avgOutput(600).growth(growth));
                bands.add(p.compact().band());
                drivers.add(p.verdict().drivenBy());
                assertThat(p.advice()).isNotEqualTo(Advice.COMPACT);
                if (p.advice() == Advice.HANDOFF) assertThat(p.verdict().drivenBy()).isEqualTo(DrivenBy.COST);
                if (pct >= 80) assertThat(p.advice()).isEqualTo(Advice.CONTINUE);
            }
        }
        assertThat(bands).containsExactlyInAnyOrder(Band.values());
        assertThat(drivers).contains(DrivenBy.OFFICIAL);
    }

    @Test
    void structural_relations_of_the_thresholds_hold() {
        Thresholds t = Thresholds.DEFAULTS;
        // the defaults of the spec's table (§4.6), then the relations it asks the tests to hold
        assertThat(List.of(t.cacheFactor(), t.legacyHitPerMillion(), t.legacyMissPerMillion(), t.legacyOutputPerMillion()))
                .containsExactly(0.02, 0.02, 1.0, 4.0);
        assertThat(List.of(t.effectiveWindowRatio(), t.qualityImmediatePercent(), t.officialCompactPercent()))
                .containsExactly(0.6, 90.0, 80.0);
        assertThat(List.of(t.compactMildFrom(), t.compactRecommendFrom(), t.compactUrgentFrom(),
                t.compactDeferBelowDeclaredPercent())).containsExactly(50.0, 65.0, 80.0, 60.0);
        assertThat(t.qualityImmediatePercent() * t.effectiveWindowRatio()).isEqualTo(54.0);
        assertThat(t.compactDeferBelowDeclaredPercent()).isGreaterThan(t.compactMildFrom());
        assertThat(t.effectiveWindowRatio()).isGreaterThanOrEqualTo(0.5).isLessThan(1);
        assertThat(t.compactMildFrom()).isLessThan(t.compactRecommendFrom());
        assertThat(t.compactRecommendFrom()).isLessThan(t.compactUrgentFrom());
        assertThat(t.qualityImmediatePercent() * t.effectiveWindowRatio()).isLessThan(t.officialCompactPercent());
        assertThat(t.cacheFactor()).isEqualTo(t.legacyHitPerMillion() / t.legacyMissPerMillion());
        assertThat(t.legacyHitPerMillion()).isLessThan(t.legacyMissPerMillion());
        assertThat(t.legacyMissPerMillion()).isLessThanOrEqualTo(t.legacyOutputPerMillion());
        assertThat(t.with("minSavingYuan", 0.2).minSavingYuan()).isEqualTo(0.2);
    }

    @Test
    void notes_never_carry_markdown_and_the_data_missing_note_does_not_say_continue() {
        for (CompactionPlan.Note n : CompactionPlan.Note.values()) {
            if (n == CompactionPlan.Note.NONE) continue;
            String key = "note." + java.util.Arrays.stream(n.name().toLowerCase(java.util.Locale.ROOT).split("_"))
                    .reduce("", (a, b) -> a.isEmpty() ? b : a + Character.toUpperCase(b.charAt(0)) + b.substring(1));
            assertThat(ZH.get(key, "1")).as(key).doesNotContain("*", "`", "规模大本身不劝你换会话", "缓存从零重建");
        }
        assertThat(ZH.get("note.dataMissing")).contains("下一次请求后").doesNotContain("继续");
    }
}
