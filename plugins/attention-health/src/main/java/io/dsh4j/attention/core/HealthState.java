package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsNumbers;
import java.util.List;
import java.util.Map;

/**
 * The live projection's state (spec §1.3, {@code attentionHealth}): the counters plus the figures
 * {@code finalize} derives from them — the score and the compaction plan. Immutable.
 *
 * @param counters the folded counters
 * @param report   their score
 * @param plan     their plan (priced at the instant the reducer last finalized)
 */
public record HealthState(HealthCounters counters, HealthReport report, CompactionPlan plan) {

    /** The projection key. */
    public static final String KEY = "attentionHealth";
    /** The state version; bumped whenever the state's shape changes. */
    public static final int STATE_VERSION = 6;

    /** The average growth the plan used, rounded for display ({@code avgRoundGrowth}). */
    public double avgRoundGrowth() {
        HealthCounters c = counters;
        return JsNumbers.round(c.growthCount() > 0 ? c.growthSum() / c.growthCount() : 0);
    }

    /**
     * {@code shouldNotify}: silent unless something is wrong — a degradation or guard signal, or a
     * final advice other than {@code continue}. The size level alone never lights the bar.
     */
    public boolean shouldNotify() {
        return plan.quality().degraded() || plan.advice() != Advice.CONTINUE;
    }

    /**
     * The wire view (spec §1.3 view fields, exactly those keys) in the given language.
     * Every number is finite.
     */
    public ObjectNode view(Texts texts) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        HealthCounters c = counters;
        CompactionPlan p = plan;
        PlanWording w = new PlanWording(texts);
        CompactionPlan.Cost cost = p.cost();
        ObjectNode v = f.objectNode();
        v.put("score", report.score());
        v.put("level", report.level().key());
        v.put("usedTokens", c.usedTokens());
        putNullable(v, "contextWindow", c.contextWindow());
        putNullable(v, "effectivePercent", report.effectivePercent());
        v.put("effectiveWindowRatio", p.thresholds().effectiveWindowRatio());
        putNullable(v, "windowPercent", report.windowPercent());
        v.put("repeatWorst", c.repeatWorst());
        v.put("degradedReplies", c.degradedReplies());
        v.set("replyReasons", reasons(c.replyReasonCounts(), texts));
        v.put("reasoningLoop", c.reasoningLoop());
        v.put("reasoningFlags", c.reasoningFlags());
        v.put("reasoningWorstRepeat", c.reasoningWorstRepeat());
        v.set("reasoningReasons", reasons(c.reasoningReasonCounts(), texts));
        ArrayNode findings = v.putArray("findings");
        report.findingTexts(texts).forEach(findings::add);
        putNullable(v, "officialLine", p.window().officialLine());
        putNullable(v, "headroomToOfficial", p.window().headroomToOfficial());
        putNullable(v, "headroomRounds", p.window().headroomRounds());
        v.put("avgRoundGrowth", avgRoundGrowth());
        v.put("compactionCount", c.summaryCount() + c.pruneCount());
        v.put("lastCompactionWasModel", "summary".equals(c.lastCompactionKind()));
        v.put("qualityAdvice", p.quality().advice().key());
        v.put("compactBand", p.compact().band().key());
        v.put("compactAdvice", p.advice().key());
        v.put("compactAdviceText", w.adviceText(p));
        v.put("compactReason", w.reason(p));
        v.put("compactAdviceNote", w.note(p));
        v.put("continuePerRound", p.plans().continuePerRound());
        v.put("compactPerRound", p.plans().compact().perRound());
        v.put("compactSavingPerRound", p.plans().compact().savingPerRound());
        v.put("freshPerRound", p.plans().handoff().perRound());
        v.put("compactTotalOnce", p.plans().compact().totalOnce());
        putNullable(v, "compactBreakEvenRounds", p.plans().compact().breakEvenRounds());
        v.put("cacheHitRate", p.usage().hitRate());
        v.put("costContinuePerRound", cost.continuePerRound());
        v.put("costCompactPerRound", cost.compactPerRound());
        v.put("costCompactOnce", cost.compactOnce());
        v.put("costCompactAmortizedPerRound", cost.compactAmortizedPerRound());
        v.put("costFreshPerRound", cost.freshPerRound());
        putNullable(v, "costBreakEvenRounds", cost.breakEvenRounds());
        putNullable(v, "costFreshBreakEvenRounds", cost.freshBreakEvenRounds());
        putNullable(v, "costFreshWinMarginRounds", cost.freshWinMarginRounds());
        v.put("costHandoffBaseHitRate", cost.handoffBaseHitRate());
        v.put("costFreshWinsOnCost", cost.freshWinsOnCost());
        v.put("costSavingYuan", cost.savingYuan());
        v.put("costSavingEnough", cost.savingEnough());
        v.put("costPriceKnown", cost.priceKnown());
        v.put("costPriceTier", cost.priceTier().key());
        v.put("costPriceLabel", w.priceLabel(p));
        v.put("costTotalContinue", cost.totalContinue());
        v.put("costTotalCompact", cost.totalCompact());
        v.put("costTotalFresh", cost.totalFresh());
        v.put("costHorizonRounds", cost.horizonRounds());
        v.put("costHitRateKnown", cost.hitRateKnown());
        v.put("avgOutputTokens", cost.avgOutputTokens());
        v.put("compactWorthwhile", p.plans().compact().worthCompacting());
        v.put("shouldNotify", shouldNotify());
        v.put("guardTripCount", c.guardTripCount());
        if (c.lastGuardReason() == null) v.putNull("lastGuardReason");
        else v.put("lastGuardReason", c.lastGuardReason());
        ArrayNode samples = v.putArray("degradedSamples");
        for (DegradedSample s : c.degradedSamples()) {
            samples.addObject().put("turn", s.turn()).put("kind", s.kind()).put("excerpt", s.excerpt());
        }
        v.put("summaryCount", c.summaryCount());
        return v;
    }

    /** The view keys, in order (the strict schema's key set). */
    public static final List<String> VIEW_KEYS = List.of("score", "level", "usedTokens", "contextWindow",
            "effectivePercent", "effectiveWindowRatio", "windowPercent", "repeatWorst", "degradedReplies", "replyReasons",
            "reasoningLoop", "reasoningFlags", "reasoningWorstRepeat", "reasoningReasons", "findings", "officialLine",
            "headroomToOfficial", "headroomRounds", "avgRoundGrowth", "compactionCount", "lastCompactionWasModel",
            "qualityAdvice", "compactBand", "compactAdvice", "compactAdviceText", "compactReason", "compactAdviceNote",
            "continuePerRound", "compactPerRound", "compactSavingPerRound", "freshPerRound", "compactTotalOnce",
            "compactBreakEvenRounds", "cacheHitRate", "costContinuePerRound", "costCompactPerRound", "costCompactOnce",
            "costCompactAmortizedPerRound", "costFreshPerRound", "costBreakEvenRounds", "costFreshBreakEvenRounds",
            "costFreshWinMarginRounds", "costHandoffBaseHitRate", "costFreshWinsOnCost", "costSavingYuan",
            "costSavingEnough", "costPriceKnown", "costPriceTier", "costPriceLabel", "costTotalContinue",
            "costTotalCompact", "costTotalFresh", "costHorizonRounds", "costHitRateKnown", "avgOutputTokens",
            "compactWorthwhile", "shouldNotify", "guardTripCount", "lastGuardReason", "degradedSamples", "summaryCount");

    private static ArrayNode reasons(Map<DegradeReason, Integer> counts, Texts texts) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        counts.forEach((k, n) -> {
            if (n > 0) list.addObject().put("key", k.key()).put("count", n).put("label", k.label(texts));
        });
        return list;
    }

    private static void putNullable(ObjectNode v, String key, Double value) {
        if (value == null) v.putNull(key);
        else v.put(key, value);
    }
}
