package io.dsh4j.attention.core;

import io.dsh4j.message.json.JsNumbers;

/**
 * The document's judgement section (spec §5.3 items 6–7): the two dimensions side by side, the
 * token-equivalent and CNY tables with their notes, and the final advice. Not thread-safe.
 */
final class JudgementSection {

    private final HandoffRenderer r;
    private final CompactionPlan plan;
    private final Texts t;
    private final PlanWording w;

    JudgementSection(HandoffRenderer r, CompactionPlan plan) {
        this.r = r;
        this.plan = plan;
        this.t = r.t;
        this.w = new PlanWording(r.t);
    }

    void render() {
        Thresholds th = plan.thresholds();
        CompactionPlan.WindowFacts win = plan.window();
        CompactionPlan.Cost c = plan.cost();
        CompactionPlan.CompactPlan cp = plan.plans().compact();
        r.push(t.get("judge.heading"));
        r.push();
        r.push(t.get("judge.intro"));
        if (r.o.slim()) {
            r.push(t.get("judge.introSlim"));
        } else {
            r.push(t.get("judge.introFull1", n(th.effectiveWindowRatio())));
            r.push(t.get("judge.introFull2"));
            r.push(t.get("judge.introFull3", n(th.officialCompactPercent())));
        }
        r.push();

        r.push(t.get("judge.aHeading", w.qualityBasis(plan)));
        r.push();
        r.push(t.get("judge.aEff", pct(plan.quality().effectivePercent()), n(th.qualityHandoffPercent()),
                n(th.qualityImmediatePercent())));
        CompactionPlan.Signals s = plan.quality().signals();
        r.push(t.get("judge.aSignals", n(s.repeatWorst()), n(s.degradedReplies()), n(s.reasoningLoop()),
                n(s.reasoningFlags()), plan.quality().degraded() ? t.get("judge.detected") : t.get("judge.notDetected")));
        r.push(t.get("judge.aVerdict", switch (plan.quality().advice()) {
            case IMMEDIATE -> t.get("judge.verdictImmediate");
            case HANDOFF -> t.get("judge.verdictHandoff");
            case CONTINUE -> t.get("judge.verdictContinue");
        }));
        r.push(t.get("judge.reason", w.qualityReason(plan)));
        r.push();

        r.push(t.get("judge.bHeading", w.compactBasis(plan)));
        r.push();
        r.push(t.get("judge.bWindow", pct(plan.compact().windowPercent()), JsNumbers.grouped(win.usedTokens())));
        if (win.officialLine() != null) {
            r.push(t.get("judge.bOfficial", n(th.officialCompactPercent()), JsNumbers.grouped(win.officialLine()),
                    JsNumbers.grouped(win.headroomToOfficial()), win.headroomRounds() == null ? ""
                            : t.get("judge.bRounds", JsNumbers.grouped(win.avgRoundGrowth()), n(win.headroomRounds()))));
        }
        CompactionPlan.CacheFacts u = plan.usage();
        r.push(t.get("judge.bHitRate", JsNumbers.toFixed(u.hitRate() * 100, 1), u.tailBasis()
                ? t.get("judge.bHitTail", Integer.toString(u.windowSamples()), JsNumbers.grouped(u.lastCacheReadTokens()),
                        JsNumbers.grouped(u.lastCacheMissTokens()))
                : t.get("judge.bHitLast", JsNumbers.grouped(u.lastCacheReadTokens()),
                        JsNumbers.grouped(u.lastCacheMissTokens()))));
        r.push(r.o.slim() ? t.get("judge.bBandSlim", w.bandText(plan), n(th.officialCompactPercent()))
                : t.get("judge.bBandFull", w.bandText(plan), n(th.compactMildFrom()), n(th.compactRecommendFrom()),
                        n(th.compactUrgentFrom()), n(th.officialCompactPercent())));
        r.push(t.get("judge.reason", w.compactReason(plan)));
        r.push();

        r.push(t.get("judge.tokenHeader"));
        r.push("|---|---|---|---|");
        r.push(t.get("judge.tokenA", JsNumbers.grouped(plan.plans().continuePerRound()),
                win.headroomRounds() == null ? "?" : n(win.headroomRounds())));
        r.push(t.get("judge.tokenB", JsNumbers.grouped(cp.totalOnce()), JsNumbers.grouped(cp.once()),
                JsNumbers.grouped(cp.rebuild()), JsNumbers.grouped(cp.perRound())));
        r.push(t.get("judge.tokenC", JsNumbers.grouped(plan.plans().handoff().once()),
                JsNumbers.grouped(plan.plans().handoff().perRound())));
        r.push();
        r.push(t.get("judge.yuanHeader"));
        r.push("|---|---|---|---|");
        r.push(t.get("judge.yuanA", y(c.continuePerRound()), y(c.totalContinue())));
        r.push(t.get("judge.yuanB", y(c.compactOnce()), y(c.compactPerRound()), y(c.totalCompact())));
        r.push(t.get("judge.yuanC", y(c.freshFirstTurn()), y(c.freshPerRound()), y(c.totalFresh())));
        r.push(t.get("judge.unitPrices", n(c.price().hit()), n(c.price().miss()), n(c.price().out()),
                n(c.horizonRounds()), n(JsNumbers.round(c.avgOutputTokens() * c.stepsPerTurn())))
                + (c.stepsPerTurn() > 1.01 ? t.get("judge.steps", JsNumbers.toFixed(c.stepsPerTurn(), 2),
                        n(c.turnCount())) : ""));
        // H is a comparison window, not a limit; row B is an estimate (spec §5.3 item 6, notes)
        r.push(t.get("judge.horizonNote", n(c.horizonRounds())));
        r.push(t.get("judge.compactEstimate"));
        r.push(t.get("judge.segmented", JsNumbers.toFixed(c.handoffBaseHitRate() * 100, 0)));
        if (c.freshBreakEvenRounds() != null) {
            double margin = c.freshWinMarginRounds();
            r.push(t.get("judge.breakEven", BreakEven.of(c.freshBreakEvenRounds(), t).shortText(),
                    y(c.freshFirstRoundPremium()), y(c.freshSavingPerRound()), n(c.horizonRounds()),
                    margin >= 0 ? t.get("judge.marginLeft", JsNumbers.toFixed(margin, 1))
                            : t.get("judge.marginShort", JsNumbers.toFixed(-margin, 1))));
        }
        r.push(c.hitRateKnown() ? t.get("judge.hitKnown", JsNumbers.toFixed(c.hitRate() * 100, 1))
                : t.get("judge.hitUnknown"));
        r.push();
        if (r.o.slim()) {
            r.push(t.get("judge.tablesSlim", n(th.cacheFactor())));
        } else {
            r.push(t.get("judge.compactBreakdown", JsNumbers.grouped(cp.compactedTokens()), n(th.cacheFactor()),
                    JsNumbers.grouped(cp.summaryOutput()), JsNumbers.grouped(cp.baseline()), n(th.rebuildRounds())));
            r.push(t.get("judge.tablesFull", n(th.cacheFactor())));
        }
        if (!cp.worthCompacting() && win.usedTokens() > 0) {
            r.push(t.get("judge.noGain", JsNumbers.grouped(win.usedTokens()), JsNumbers.grouped(cp.compressibleNow()),
                    JsNumbers.grouped(cp.baseline())));
        }
        if (plan.compact().breakEvenRounds() != null) {
            r.push(t.get("judge.compactBreakEven", JsNumbers.grouped(cp.savingPerRound()),
                    n(plan.compact().breakEvenRounds())));
        }
        r.push();

        r.push(t.get("judge.finalHeading"));
        r.push();
        r.push("**" + w.adviceText(plan) + "**");
        r.push();
        r.push(t.get("judge.finalReason", w.reason(plan)));
        r.push();
        r.push(t.get("judge.boundary"));
        r.push();
    }

    private String pct(Double v) {
        return v == null ? t.get("common.unknown") : JsNumbers.toFixed(v, 1) + "%";
    }

    private static String y(double v) {
        return PlanWording.yuan(v);
    }

    private static String n(double v) {
        return JsNumbers.toJsString(v);
    }
}
