package io.dsh4j.attention.core;

import io.dsh4j.attention.core.CompactionPlan.Cost;
import io.dsh4j.attention.core.CompactionPlan.DeferWhere;
import io.dsh4j.attention.core.CompactionPlan.Note;
import io.dsh4j.attention.core.CompactionPlan.QualityRoute;
import io.dsh4j.attention.core.CompactionPlan.Route;
import io.dsh4j.message.json.JsNumbers;

/**
 * {@code deriveCompactionPlan} (spec §4.7): scale, cache hit rate, prices, the three plans, the
 * CNY ledger over the horizon, the quality and band dimensions, the final advice chain, the
 * three-level softening of the cost channel and the compaction facts of the note.
 *
 * <p>Arithmetic is done in doubles in the original's order of operations, so that every figure
 * matches it to the last bit. The planner never calls a model and never opens a connection.
 * Stateless and thread-safe.
 */
public final class CompactionPlanner {

    private static final double EPSILON_SAVING = 1e-12;
    private static final double PER_MILLION = 1e6;

    private CompactionPlanner() {}

    /** The plan with the default thresholds and the built-in price table. */
    public static CompactionPlan derive(PlanInput in) {
        return derive(in, Thresholds.DEFAULTS, PriceTable.DEFAULTS);
    }

    /** The plan under the given thresholds and price table. */
    public static CompactionPlan derive(PlanInput in, Thresholds t, PriceTable prices) {
        // (a) scale
        Double window = in.contextWindow() > 0 && JsNumbers.finite(in.contextWindow()) ? in.contextWindow() : null;
        double used = in.usedTokens() > 0 && JsNumbers.finite(in.usedTokens()) ? in.usedTokens() : 0;
        Double effWin = window != null ? JsNumbers.round(window * t.effectiveWindowRatio()) : null;
        Double windowPct = window != null && used != 0 ? used / window * 100 : null;
        Double effPct = effWin != null && effWin != 0 && used != 0 ? Math.min(100, used / effWin * 100) : null;
        boolean dataMissing = effPct == null;
        Double officialLine = window != null ? JsNumbers.round(window * t.officialCompactPercent() / 100) : null;
        Double headroom = officialLine != null ? Math.max(0, officialLine - used) : null;
        double growth = in.avgRoundGrowth() > 0 && JsNumbers.finite(in.avgRoundGrowth()) ? in.avgRoundGrowth() : 0;
        Double headroomRounds = headroom != null && growth > 0 ? Math.floor(headroom / growth) : null;

        // (b) cache hit rate
        double lastHit = Math.max(0, orZero(in.cacheReadTokens()));
        double lastMiss = Math.max(0, orZero(in.cacheMissTokens()));
        double tailTotal = 0;
        double tailHit = 0;
        for (PlanInput.UsageSample s : in.recentUsage()) {
            tailTotal += JsNumbers.finite(s.total()) ? s.total() : 0;
        }
        for (PlanInput.UsageSample s : in.recentUsage()) {
            tailHit += JsNumbers.finite(s.hit()) ? s.hit() : 0;
        }
        boolean useTail = in.recentUsage().size() >= 3 && tailTotal > 0;
        double hit = useTail ? tailHit : lastHit;
        double miss = useTail ? tailTotal - tailHit : lastMiss;
        double totalInput = hit + miss;
        double hitRate = totalInput > 0 ? hit / totalInput : 0;
        double usageCount = JsNumbers.finite(in.usageCount()) ? in.usageCount() : 0;
        boolean cacheEstablished = hit > 0 || usageCount >= 2;
        boolean hitRateKnown = totalInput > 0 && cacheEstablished;
        double perRoundFactor = hitRate * t.cacheFactor() + (1 - hitRate) * 1;

        // (c) prices
        PriceQuote quote = Prices.resolve(in.model(), in.now(), prices);
        PriceTable.TierPrice p = quote.price();
        boolean priceUsable = quote.known();
        double avgOut = in.avgOutputTokens() > 0 && JsNumbers.finite(in.avgOutputTokens()) ? in.avgOutputTokens()
                : t.fallbackOutputTokens();
        double effHit = hitRateKnown ? hitRate : t.assumedHitRate();
        double blended = effHit * p.hit() + (1 - effHit) * p.miss();

        // (d) steps per turn
        double turnCount = JsNumbers.finite(in.turnCount()) ? Math.max(0, Math.floor(in.turnCount())) : 0;
        double steps = turnCount > 0 && usageCount > 0 ? Math.max(1, usageCount / turnCount) : 1;

        // (e) plan A — continue
        double continuePerRound = JsNumbers.round(used * perRoundFactor);
        double continueReqYuan = yuan(used, blended) + yuan(avgOut, p.out());

        // (f) plan B — compact first (information only)
        PlanInput.LastCompaction last = in.lastCompaction();
        double lastShadowed = last == null ? 0 : orZero(last.shadowedTokens());
        double lastAfter = last == null || !JsNumbers.finite(last.afterUsedTokens()) ? 0 : last.afterUsedTokens();
        boolean hasMeasured = orZero(in.compactionCount()) > 0 && lastShadowed > 0;
        Double measured = hasMeasured && lastAfter > 0 ? lastAfter : null;
        double retain = t.retainRatio();
        boolean windowApplies = window != null && used > window * retain;
        double estimated = windowApplies
                ? Math.max(JsNumbers.round(window * retain), t.freshSessionBaseTokens())
                : JsNumbers.round(used * (1 - t.compressibleRatio()));
        boolean stale = measured != null && used > measured * 3;
        double baseline = Math.min(used, Math.max(stale ? 0 : (measured == null ? 0 : measured), estimated));
        double compressibleNow = Math.max(0, used - baseline);
        double afterUsed = Math.max(0, baseline);
        boolean worth = used > 0 && compressibleNow > used * t.worthCompactingShare();
        double compacted = Math.min(compressibleNow, used);
        double lastSummaryTokens = last == null ? 0 : orZero(last.summaryTokens());
        double summaryOutput = hasMeasured && truthy(lastSummaryTokens) ? lastSummaryTokens : t.summaryOutputTokens();
        double compactOnce = JsNumbers.round(compacted * t.cacheFactor() + summaryOutput);
        double compactPerRound = JsNumbers.round(afterUsed * perRoundFactor);
        double rebuild = JsNumbers.round(afterUsed * (1 - t.cacheFactor()) * t.rebuildRounds());
        double continuePerTurn = JsNumbers.round(continuePerRound * steps);
        double compactPerTurn = JsNumbers.round(compactPerRound * steps);
        double savingPerRound = continuePerTurn - compactPerTurn;
        double compactTotalOnce = compactOnce + rebuild;
        Double breakEvenRounds = savingPerRound > 0 && worth ? Math.ceil(compactTotalOnce / savingPerRound) : null;
        double compactOnceYuan = yuan(compacted, p.hit()) + yuan(summaryOutput, p.out())
                + yuan(afterUsed * t.rebuildRounds(), p.miss());
        double compactReqYuan = yuan(afterUsed, blended) + yuan(avgOut, p.out());
        double compactSavingPerTurnYuan = (continueReqYuan - compactReqYuan) * steps;
        Double breakEvenRoundsYuan = compactSavingPerTurnYuan > 0 && worth
                ? compactOnceYuan / compactSavingPerTurnYuan : null;

        // (g) plan C — mechanical handoff + new session
        double doc = Math.max(0, JsNumbers.round(in.handoffDocTokens() == null
                ? Thresholds.DEFAULT_DOC_TOKENS : in.handoffDocTokens()));
        double freshPerRoundTokens = t.freshSessionBaseTokens() + doc;
        double freshRoundTokens = t.freshSessionBaseTokens() + doc;
        double baseHit = t.handoffBaseHitRate();
        double basePrefix = baseHit * p.hit() + (1 - baseHit) * p.miss();
        double handoffOnceYuan = yuan(t.freshSessionBaseTokens(), basePrefix) + yuan(doc, p.miss())
                + yuan(avgOut, p.out());
        double freshReqYuan = yuan(freshRoundTokens, p.hit()) + yuan(avgOut, p.out());
        double continuePerTurnYuan = continueReqYuan * steps;
        double compactPerTurnYuan = compactReqYuan * steps;
        double freshPerTurnYuan = freshReqYuan * steps;
        double freshFirstTurnYuan = handoffOnceYuan + freshReqYuan * (steps - 1);

        // (h) horizon totals
        double horizonRounds = headroomRounds != null ? headroomRounds : t.remainingRounds();
        double h = Math.max(1, horizonRounds);
        double totalContinue = continuePerTurnYuan * h;
        double totalCompact = compactOnceYuan + compactPerTurnYuan * h;
        double totalFresh = freshFirstTurnYuan + freshPerTurnYuan * Math.max(0, h - 1);
        double premium = freshFirstTurnYuan - freshPerTurnYuan;
        double freshSaving = continuePerTurnYuan - freshPerTurnYuan;
        Double freshBreakEven = freshSaving > EPSILON_SAVING ? premium / freshSaving : null;
        Double freshMargin = freshBreakEven == null ? null : h - freshBreakEven;
        double savingYuan = totalContinue - totalFresh;
        boolean windowPctOk = (windowPct == null ? 0 : windowPct) >= t.handoffMinWindowPercent();
        boolean horizonOk = h <= t.handoffMaxHorizonRounds();
        boolean savingEnough = savingYuan >= t.minSavingYuan();

        // (i) cost verdicts
        boolean freshWinsBreakEven = priceUsable && hitRateKnown && used > 0 && headroomRounds != null && windowPctOk
                && horizonOk && savingEnough && freshBreakEven != null
                && freshBreakEven + t.handoffMarginRounds() < h;
        boolean continueWinsOnCost = !hitRateKnown || freshSaving <= 0;
        boolean brokenCacheWins = priceUsable && cacheEstablished && hitRateKnown && used > 0
                && hitRate < t.brokenCacheHitRate() && freshSaving > 0 && windowPctOk && savingEnough;
        boolean freshWinsAny = freshWinsBreakEven || brokenCacheWins;

        // (j) dimension A — quality
        CompactionPlan.Signals signals = new CompactionPlan.Signals(orZero(in.repeatWorst()),
                orZero(in.degradedReplies()), orZero(in.reasoningLoop()), orZero(in.reasoningFlags()),
                orZero(in.guardTripCount()));
        boolean degraded = signals.guardTripCount() > 0 || signals.repeatWorst() >= t.qualityRepeatThreshold()
                || signals.degradedReplies() >= t.qualityDegradedThreshold() || signals.reasoningLoop() > 0
                || signals.reasoningFlags() > 0;
        boolean guardRepeated = signals.guardTripCount() >= t.qualityGuardTripHandoff();
        QualityAdvice qualityAdvice = QualityAdvice.CONTINUE;
        QualityRoute qualityRoute;
        if (effPct == null) {
            qualityRoute = QualityRoute.NO_DATA;
        } else if (effPct >= t.qualityImmediatePercent() && degraded) {
            qualityAdvice = QualityAdvice.IMMEDIATE;
            qualityRoute = QualityRoute.IMMEDIATE;
        } else if (guardRepeated) {
            qualityAdvice = QualityAdvice.HANDOFF;
            qualityRoute = QualityRoute.GUARD;
        } else if (effPct >= t.qualityHandoffPercent() && degraded) {
            qualityAdvice = QualityAdvice.HANDOFF;
            qualityRoute = QualityRoute.HANDOFF;
        } else if (effPct >= t.qualityHandoffPercent()) {
            qualityRoute = QualityRoute.LARGE_BUT_CLEAN;
        } else if (degraded) {
            qualityRoute = QualityRoute.SAFE_BUT_DEGRADED;
        } else {
            qualityRoute = QualityRoute.HEALTHY;
        }

        // (k) dimension B — declared-window band
        Band band = Band.CONTINUE;
        if (windowPct != null) {
            if (windowPct >= t.compactUrgentFrom()) band = Band.URGENT;
            else if (windowPct >= t.compactRecommendFrom()) band = Band.RECOMMEND;
            else if (windowPct >= t.compactMildFrom()) band = Band.MILD;
        }
        boolean nearOfficial = windowPct != null && windowPct >= t.officialCompactPercent() - t.officialLineMargin();
        if (nearOfficial) band = Band.URGENT;

        // (l) final advice chain
        double summaryCount = orZero(in.summaryCount());
        Double afterPercent = in.afterCompactionPercent();
        boolean headroomKnown = headroomRounds != null;
        boolean slowerThanLine = breakEvenRoundsYuan != null && headroomKnown && breakEvenRoundsYuan > headroomRounds;
        boolean inBand = band == Band.MILD || band == Band.RECOMMEND || band == Band.URGENT;
        boolean defer = !nearOfficial && inBand && continueWinsOnCost
                && (headroomKnown ? headroomRounds >= t.compactDeferMinRounds() || slowerThanLine
                        : windowPct != null && windowPct < t.compactDeferBelowDeclaredPercent());

        Advice advice;
        DrivenBy drivenBy = DrivenBy.STABLE;
        Route route;
        Note note;
        DeferWhere deferWhere = null;
        if (qualityAdvice == QualityAdvice.IMMEDIATE) {
            advice = Advice.HANDOFF;
            drivenBy = DrivenBy.QUALITY;
            route = Route.QUALITY_IMMEDIATE;
            note = Note.OVER_RELIABLE_RANGE;
        } else if (qualityAdvice == QualityAdvice.HANDOFF) {
            advice = Advice.HANDOFF;
            drivenBy = DrivenBy.QUALITY;
            route = Route.QUALITY_HANDOFF;
            note = guardRepeated ? Note.GUARD_TRIPPED : Note.DEGRADE_BEATS_COMPACT;
        } else if (summaryCount >= t.handoffAtCompactionCount() && windowPct != null
                && windowPct >= t.compactMildFrom() && freshWinsAny) {
            advice = Advice.HANDOFF;
            drivenBy = DrivenBy.OVERRIDE;
            route = Route.REPEATED_SUMMARY;
            note = Note.REPEATED_SUMMARY;
        } else if (afterPercent != null && afterPercent > t.handoffAfterWindowPercent() && freshWinsAny) {
            advice = Advice.HANDOFF;
            drivenBy = DrivenBy.OVERRIDE;
            route = Route.AFTER_COMPACTION_HIGH;
            note = Note.AFTER_COMPACTION_STILL_HIGH;
        } else if (nearOfficial) {
            advice = Advice.CONTINUE;
            drivenBy = DrivenBy.OFFICIAL;
            route = Route.OFFICIAL;
            note = Note.OFFICIAL_WILL_HANDLE;
        } else if (inBand) {
            if (defer) {
                advice = Advice.CONTINUE;
                route = Route.DEFER;
                note = Note.NO_MANUAL_COMPACT;
                deferWhere = !headroomKnown ? DeferWhere.ROUNDS_UNKNOWN
                        : slowerThanLine ? DeferWhere.SLOWER_THAN_LINE : DeferWhere.ROUNDS;
            } else if (!worth) {
                if (freshWinsAny) {
                    advice = Advice.HANDOFF;
                    drivenBy = DrivenBy.COST;
                    route = Route.NO_ROOM_HANDOFF;
                    note = Note.COST_FAVORS_FRESH;
                } else {
                    advice = Advice.CONTINUE;
                    route = Route.NO_ROOM_CONTINUE;
                    note = Note.NO_COMPRESSIBLE_ROOM;
                }
            } else if (freshWinsAny) {
                advice = Advice.HANDOFF;
                drivenBy = DrivenBy.COST;
                route = Route.BAND_FRESH;
                note = Note.COST_FAVORS_FRESH;
            } else if (hitRateKnown && totalCompact < totalContinue) {
                advice = Advice.CONTINUE;
                route = Route.BAND_COMPACT_CHEAPER;
                note = Note.NO_MANUAL_COMPACT;
            } else {
                advice = Advice.CONTINUE;
                drivenBy = DrivenBy.COST;
                route = Route.BAND_CONTINUE;
                note = Note.CONTINUE_BEATS_COMPACT;
            }
        } else if (!continueWinsOnCost) {
            drivenBy = DrivenBy.COST;
            advice = freshWinsAny ? Advice.HANDOFF : Advice.CONTINUE;
            note = freshWinsAny ? Note.COST_FAVORS_FRESH : Note.NO_MANUAL_COMPACT;
            route = hitRate < t.brokenCacheHitRate() ? Route.COST_BROKEN_CACHE : Route.COST_STOCK;
        } else if (dataMissing) {
            advice = Advice.CONTINUE;
            route = Route.DATA_MISSING;
            note = Note.DATA_MISSING;
        } else if (degraded) {
            advice = Advice.PREPARE;
            drivenBy = DrivenBy.QUALITY;
            route = Route.PREPARE_DEGRADED;
            note = Note.PREPARE_HANDOFF;
        } else {
            advice = Advice.CONTINUE;
            route = Route.STABLE;
            note = Note.STILL_RELIABLE;
        }

        // (m) cost-channel softening, three levels
        boolean costGatesOpen = priceUsable && hitRateKnown && used > 0 && headroomRounds != null && windowPctOk
                && horizonOk;
        boolean immature = turnCount > 0 && turnCount < t.matureSessionTurns();
        double minSaving = t.minSavingYuan();
        boolean nearSaving = savingYuan > 0 && savingYuan < minSaving && savingYuan >= minSaving * t.prepareSavingRatio();
        boolean thinMargin = freshBreakEven != null && freshMargin != null && freshMargin >= 0
                && freshMargin <= t.prepareMarginRounds();
        boolean softenable = drivenBy != DrivenBy.OFFICIAL && drivenBy != DrivenBy.OVERRIDE && !freshWinsAny
                && costGatesOpen;
        if (advice == Advice.HANDOFF && drivenBy == DrivenBy.COST && immature) {
            advice = Advice.PREPARE;
            route = Route.IMMATURE;
            note = Note.IMMATURE_COST_HANDOFF;
        } else if (advice == Advice.CONTINUE && softenable && (thinMargin || nearSaving)) {
            advice = Advice.PREPARE;
            drivenBy = DrivenBy.COST;
            route = Route.PREPARE_COST;
            note = Note.PREPARE_HANDOFF;
        } else if (advice == Advice.CONTINUE && softenable && savingYuan > 0
                && savingYuan < minSaving * t.prepareSavingRatio()) {
            advice = Advice.COST_NOTE;
            drivenBy = DrivenBy.COST;
            route = Route.COST_NOTE;
            note = Note.COST_NOTE_PER_TURN;
        }

        // (n) compaction facts appended to the note
        Note extra = Note.NONE;
        if (advice != Advice.HANDOFF) {
            boolean summaryStalled = summaryCount >= t.handoffAtCompactionCount() && windowPct != null
                    && windowPct >= t.compactMildFrom();
            boolean compactionStalled = afterPercent != null && afterPercent > t.handoffAfterWindowPercent();
            if (summaryStalled) extra = Note.REPEATED_SUMMARY_BUT_CHEAPER;
            else if (compactionStalled) extra = Note.COMPACTION_STALLED_BUT_CHEAPER;
        }

        // (o) output
        CompactionPlan.WindowFacts windowFacts = new CompactionPlan.WindowFacts(window, effWin, used, windowPct, effPct,
                officialLine, headroom, headroomRounds, growth);
        CompactionPlan.CacheFacts cache = new CompactionPlan.CacheFacts(hit, miss, hitRate, perRoundFactor, useTail,
                in.recentUsage().size(), lastHit, lastMiss, cacheEstablished);
        CompactionPlan.Quality quality = new CompactionPlan.Quality(effPct, signals, degraded, guardRepeated,
                qualityAdvice, qualityRoute);
        CompactionPlan.Compact compact = new CompactionPlan.Compact(windowPct, band, nearOfficial, officialLine,
                headroom, headroomRounds, savingPerRound, breakEvenRounds);
        CompactionPlan.Verdict verdict = new CompactionPlan.Verdict(advice, drivenBy, route, note, extra, deferWhere);
        CompactionPlan.History history = new CompactionPlan.History(orZero(in.compactionCount()), summaryCount,
                orZero(in.pruneCount()), last, afterPercent);
        CompactionPlan.CompactPlan compactPlan = new CompactionPlan.CompactPlan(compactOnce, rebuild, compactTotalOnce,
                compactPerTurn, savingPerRound, breakEvenRounds, compacted, JsNumbers.round(compacted * t.cacheFactor()),
                summaryOutput, baseline, compressibleNow, worth);
        CompactionPlan.HandoffPlan handoffPlan = new CompactionPlan.HandoffPlan(doc,
                JsNumbers.round(freshPerRoundTokens * steps), doc);
        CompactionPlan.Plans plans = new CompactionPlan.Plans(continuePerTurn, t.remainingRounds(), compactPlan,
                handoffPlan);
        Cost cost = new Cost(p, avgOut, hitRate, hitRateKnown, baseHit, blended, steps, turnCount,
                continuePerTurnYuan, compactPerTurnYuan, compactOnceYuan, compactOnceYuan / h + compactPerTurnYuan,
                horizonRounds, h, compactSavingPerTurnYuan, breakEvenRoundsYuan, freshPerTurnYuan, handoffOnceYuan,
                freshFirstTurnYuan, freshBreakEven, freshMargin, premium, freshSaving, totalContinue, totalCompact,
                totalFresh, savingYuan, savingEnough, freshRoundTokens, quote, freshWinsAny, freshWinsBreakEven,
                continueWinsOnCost);
        return new CompactionPlan(t, windowFacts, cache, quality, compact, verdict, history, plans, cost);
    }

    private static double yuan(double tokens, double perMillion) {
        return Math.max(0, tokens) * perMillion / PER_MILLION;
    }

    /** A finite number, else 0: NaN and infinities (JSON's {@code 1e400}) never reach the arithmetic. */
    private static double orZero(double v) {
        return JsNumbers.finite(v) ? v : 0;
    }

    private static boolean truthy(double v) {
        return v != 0 && !Double.isNaN(v);
    }
}
