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
        CompactionPlan.WindowFacts scale = scale(in, t);
        CacheRate cache = cacheRate(in, t);
        Pricing pricing = pricing(in, t, prices, scale, cache);
        PlanB planB = planB(in, t, scale, cache, pricing);
        PlanC planC = planC(in, t, pricing, planB);
        Horizon horizon = horizon(t, scale, planB, planC);
        CostVerdicts costs = costVerdicts(t, scale, cache, pricing, horizon);
        CompactionPlan.Quality quality = quality(in, t, scale);
        CompactionPlan.Compact compact = band(t, scale, planB);
        CompactionPlan.Verdict chain = finalChain(in, t, scale, cache, planB, horizon, costs, quality, compact);
        CompactionPlan.Verdict softened = soften(t, chain, scale, cache, pricing, horizon, costs);
        CompactionPlan.Verdict verdict = withCompactionFacts(in, t, softened, scale);
        return assemble(in, t, scale, cache, pricing, planB, planC, horizon, costs, quality, compact, verdict);
    }

    // (a) scale

    private static CompactionPlan.WindowFacts scale(PlanInput in, Thresholds t) {
        Double window = in.contextWindow() > 0 && JsNumbers.finite(in.contextWindow()) ? in.contextWindow() : null;
        double used = in.usedTokens() > 0 && JsNumbers.finite(in.usedTokens()) ? in.usedTokens() : 0;
        Double effWin = window != null ? JsNumbers.round(window * t.effectiveWindowRatio()) : null;
        Double windowPct = window != null && used != 0 ? used / window * 100 : null;
        Double effPct = effWin != null && effWin != 0 && used != 0 ? Math.min(100, used / effWin * 100) : null;
        Double officialLine = window != null ? JsNumbers.round(window * t.officialCompactPercent() / 100) : null;
        Double headroom = officialLine != null ? Math.max(0, officialLine - used) : null;
        double growth = in.avgRoundGrowth() > 0 && JsNumbers.finite(in.avgRoundGrowth()) ? in.avgRoundGrowth() : 0;
        Double headroomRounds = headroom != null && growth > 0 ? Math.floor(headroom / growth) : null;
        return new CompactionPlan.WindowFacts(window, effWin, used, windowPct, effPct, officialLine, headroom,
                headroomRounds, growth);
    }

    // (b) cache hit rate

    /** The cache facts of the plan, and what the later steps read beside them. */
    private record CacheRate(CompactionPlan.CacheFacts facts, double usageCount, boolean hitRateKnown) {
        double hitRate() {
            return facts.hitRate();
        }
    }

    private static CacheRate cacheRate(PlanInput in, Thresholds t) {
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
        return new CacheRate(new CompactionPlan.CacheFacts(hit, miss, hitRate, perRoundFactor, useTail,
                in.recentUsage().size(), lastHit, lastMiss, cacheEstablished), usageCount, hitRateKnown);
    }

    // (c) prices, (d) steps per turn, (e) plan A — continue

    private record Pricing(PriceQuote quote, PriceTable.TierPrice p, double avgOut, double blended, double turnCount,
            double steps, double continuePerRound, double continueReqYuan) {
        boolean priceUsable() {
            return quote.known();
        }
    }

    private static Pricing pricing(PlanInput in, Thresholds t, PriceTable prices, CompactionPlan.WindowFacts scale,
            CacheRate cache) {
        PriceQuote quote = Prices.resolve(in.model(), in.now(), prices);
        PriceTable.TierPrice p = quote.price();
        double avgOut = in.avgOutputTokens() > 0 && JsNumbers.finite(in.avgOutputTokens()) ? in.avgOutputTokens()
                : t.fallbackOutputTokens();
        double effHit = cache.hitRateKnown() ? cache.hitRate() : t.assumedHitRate();
        double blended = effHit * p.hit() + (1 - effHit) * p.miss();
        double turnCount = JsNumbers.finite(in.turnCount()) ? Math.max(0, Math.floor(in.turnCount())) : 0;
        double steps = turnCount > 0 && cache.usageCount() > 0 ? Math.max(1, cache.usageCount() / turnCount) : 1;
        double used = scale.usedTokens();
        double continuePerRound = JsNumbers.round(used * cache.facts().perRoundFactor());
        double continueReqYuan = yuan(used, blended) + yuan(avgOut, p.out());
        return new Pricing(quote, p, avgOut, blended, turnCount, steps, continuePerRound, continueReqYuan);
    }

    // (f) plan B — compact first (information only)

    private record PlanB(CompactionPlan.CompactPlan plan, double continuePerTurn, double afterUsed,
            double compactOnceYuan, double compactReqYuan, double compactSavingPerTurnYuan, Double breakEvenRoundsYuan) {
        boolean worth() {
            return plan.worthCompacting();
        }
    }

    private static PlanB planB(PlanInput in, Thresholds t, CompactionPlan.WindowFacts scale, CacheRate cache, Pricing pr) {
        Double window = scale.contextWindow();
        double used = scale.usedTokens();
        PriceTable.TierPrice p = pr.p();
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
        double compactPerRound = JsNumbers.round(afterUsed * cache.facts().perRoundFactor());
        double rebuild = JsNumbers.round(afterUsed * (1 - t.cacheFactor()) * t.rebuildRounds());
        double continuePerTurn = JsNumbers.round(pr.continuePerRound() * pr.steps());
        double compactPerTurn = JsNumbers.round(compactPerRound * pr.steps());
        double savingPerRound = continuePerTurn - compactPerTurn;
        double compactTotalOnce = compactOnce + rebuild;
        Double breakEvenRounds = savingPerRound > 0 && worth ? Math.ceil(compactTotalOnce / savingPerRound) : null;
        double compactOnceYuan = yuan(compacted, p.hit()) + yuan(summaryOutput, p.out())
                + yuan(afterUsed * t.rebuildRounds(), p.miss());
        double compactReqYuan = yuan(afterUsed, pr.blended()) + yuan(pr.avgOut(), p.out());
        double compactSavingPerTurnYuan = (pr.continueReqYuan() - compactReqYuan) * pr.steps();
        Double breakEvenRoundsYuan = compactSavingPerTurnYuan > 0 && worth
                ? compactOnceYuan / compactSavingPerTurnYuan : null;
        CompactionPlan.CompactPlan plan = new CompactionPlan.CompactPlan(compactOnce, rebuild, compactTotalOnce,
                compactPerTurn, savingPerRound, breakEvenRounds, compacted, JsNumbers.round(compacted * t.cacheFactor()),
                summaryOutput, baseline, compressibleNow, worth);
        return new PlanB(plan, continuePerTurn, afterUsed, compactOnceYuan, compactReqYuan, compactSavingPerTurnYuan,
                breakEvenRoundsYuan);
    }

    // (g) plan C — mechanical handoff + new session

    private record PlanC(double doc, double freshPerRoundTokens, double freshRoundTokens, double baseHit,
            double handoffOnceYuan, double continuePerTurnYuan, double compactPerTurnYuan, double freshPerTurnYuan,
            double freshFirstTurnYuan) {}

    private static PlanC planC(PlanInput in, Thresholds t, Pricing pr, PlanB planB) {
        PriceTable.TierPrice p = pr.p();
        double doc = Math.max(0, JsNumbers.round(in.handoffDocTokens() == null
                ? Thresholds.DEFAULT_DOC_TOKENS : in.handoffDocTokens()));
        double freshPerRoundTokens = t.freshSessionBaseTokens() + doc;
        double freshRoundTokens = t.freshSessionBaseTokens() + doc;
        double baseHit = t.handoffBaseHitRate();
        double basePrefix = baseHit * p.hit() + (1 - baseHit) * p.miss();
        double handoffOnceYuan = yuan(t.freshSessionBaseTokens(), basePrefix) + yuan(doc, p.miss())
                + yuan(pr.avgOut(), p.out());
        double freshReqYuan = yuan(freshRoundTokens, p.hit()) + yuan(pr.avgOut(), p.out());
        double continuePerTurnYuan = pr.continueReqYuan() * pr.steps();
        double compactPerTurnYuan = planB.compactReqYuan() * pr.steps();
        double freshPerTurnYuan = freshReqYuan * pr.steps();
        double freshFirstTurnYuan = handoffOnceYuan + freshReqYuan * (pr.steps() - 1);
        return new PlanC(doc, freshPerRoundTokens, freshRoundTokens, baseHit, handoffOnceYuan, continuePerTurnYuan,
                compactPerTurnYuan, freshPerTurnYuan, freshFirstTurnYuan);
    }

    // (h) horizon totals

    private record Horizon(double horizonRounds, double h, double totalContinue,
            double totalCompact, double totalFresh, double premium, double freshSaving, Double freshBreakEven,
            Double freshMargin, double savingYuan, boolean windowPctOk, boolean horizonOk, boolean savingEnough) {}

    private static Horizon horizon(Thresholds t, CompactionPlan.WindowFacts scale, PlanB planB, PlanC c) {
        double horizonRounds = scale.headroomRounds() != null ? scale.headroomRounds() : t.remainingRounds();
        double h = Math.max(1, horizonRounds);
        double totalContinue = c.continuePerTurnYuan() * h;
        double totalCompact = planB.compactOnceYuan() + c.compactPerTurnYuan() * h;
        double totalFresh = c.freshFirstTurnYuan() + c.freshPerTurnYuan() * Math.max(0, h - 1);
        double premium = c.freshFirstTurnYuan() - c.freshPerTurnYuan();
        double freshSaving = c.continuePerTurnYuan() - c.freshPerTurnYuan();
        Double freshBreakEven = freshSaving > EPSILON_SAVING ? premium / freshSaving : null;
        Double freshMargin = freshBreakEven == null ? null : h - freshBreakEven;
        double savingYuan = totalContinue - totalFresh;
        Double windowPct = scale.windowPercent();
        boolean windowPctOk = (windowPct == null ? 0 : windowPct) >= t.handoffMinWindowPercent();
        boolean horizonOk = h <= t.handoffMaxHorizonRounds();
        boolean savingEnough = savingYuan >= t.minSavingYuan();
        return new Horizon(horizonRounds, h, totalContinue, totalCompact, totalFresh, premium,
                freshSaving, freshBreakEven, freshMargin, savingYuan, windowPctOk, horizonOk, savingEnough);
    }
    // (i) cost verdicts

    private record CostVerdicts(boolean freshWinsBreakEven, boolean continueWinsOnCost, boolean freshWinsAny) {}

    private static CostVerdicts costVerdicts(Thresholds t, CompactionPlan.WindowFacts scale, CacheRate cache, Pricing pr,
            Horizon hz) {
        double used = scale.usedTokens();
        boolean freshWinsBreakEven = pr.priceUsable() && cache.hitRateKnown() && used > 0 && scale.headroomRounds() != null
                && hz.windowPctOk() && hz.horizonOk() && hz.savingEnough() && hz.freshBreakEven() != null
                && hz.freshBreakEven() + t.handoffMarginRounds() < hz.h();
        boolean continueWinsOnCost = !cache.hitRateKnown() || hz.freshSaving() <= 0;
        boolean brokenCacheWins = pr.priceUsable() && cache.facts().cacheEstablished() && cache.hitRateKnown() && used > 0
                && cache.hitRate() < t.brokenCacheHitRate() && hz.freshSaving() > 0 && hz.windowPctOk() && hz.savingEnough();
        return new CostVerdicts(freshWinsBreakEven, continueWinsOnCost, freshWinsBreakEven || brokenCacheWins);
    }

    // (j) dimension A — quality

    private static CompactionPlan.Quality quality(PlanInput in, Thresholds t, CompactionPlan.WindowFacts scale) {
        Double effPct = scale.effectivePercent();
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
        return new CompactionPlan.Quality(effPct, signals, degraded, guardRepeated, qualityAdvice, qualityRoute);
    }

    // (k) dimension B — declared-window band

    private static CompactionPlan.Compact band(Thresholds t, CompactionPlan.WindowFacts scale, PlanB planB) {
        Double windowPct = scale.windowPercent();
        Band band = Band.CONTINUE;
        if (windowPct != null) {
            if (windowPct >= t.compactUrgentFrom()) band = Band.URGENT;
            else if (windowPct >= t.compactRecommendFrom()) band = Band.RECOMMEND;
            else if (windowPct >= t.compactMildFrom()) band = Band.MILD;
        }
        boolean nearOfficial = windowPct != null && windowPct >= t.officialCompactPercent() - t.officialLineMargin();
        if (nearOfficial) band = Band.URGENT;
        return new CompactionPlan.Compact(windowPct, band, nearOfficial, scale.officialLine(), scale.headroomToOfficial(),
                scale.headroomRounds(), planB.plan().savingPerRound(), planB.plan().breakEvenRounds());
    }

    // (l) final advice chain

    private static CompactionPlan.Verdict finalChain(PlanInput in, Thresholds t, CompactionPlan.WindowFacts scale,
            CacheRate cache, PlanB planB, Horizon hz, CostVerdicts costs, CompactionPlan.Quality quality,
            CompactionPlan.Compact compact) {
        Double windowPct = scale.windowPercent();
        Double headroomRounds = scale.headroomRounds();
        boolean nearOfficial = compact.nearOfficial();
        Band band = compact.band();
        boolean freshWinsAny = costs.freshWinsAny();
        double summaryCount = orZero(in.summaryCount());
        Double afterPercent = in.afterCompactionPercent();
        Double breakEvenRoundsYuan = planB.breakEvenRoundsYuan();
        boolean headroomKnown = headroomRounds != null;
        boolean slowerThanLine = breakEvenRoundsYuan != null && headroomKnown && breakEvenRoundsYuan > headroomRounds;
        boolean inBand = band == Band.MILD || band == Band.RECOMMEND || band == Band.URGENT;
        boolean defer = !nearOfficial && inBand && costs.continueWinsOnCost()
                && (headroomKnown ? headroomRounds >= t.compactDeferMinRounds() || slowerThanLine
                        : windowPct != null && windowPct < t.compactDeferBelowDeclaredPercent());

        if (quality.advice() == QualityAdvice.IMMEDIATE) {
            return verdict(Advice.HANDOFF, DrivenBy.QUALITY, Route.QUALITY_IMMEDIATE, Note.OVER_RELIABLE_RANGE);
        } else if (quality.advice() == QualityAdvice.HANDOFF) {
            return verdict(Advice.HANDOFF, DrivenBy.QUALITY, Route.QUALITY_HANDOFF,
                    quality.guardRepeated() ? Note.GUARD_TRIPPED : Note.DEGRADE_BEATS_COMPACT);
        } else if (summaryCount >= t.handoffAtCompactionCount() && windowPct != null
                && windowPct >= t.compactMildFrom() && freshWinsAny) {
            return verdict(Advice.HANDOFF, DrivenBy.OVERRIDE, Route.REPEATED_SUMMARY, Note.REPEATED_SUMMARY);
        } else if (afterPercent != null && afterPercent > t.handoffAfterWindowPercent() && freshWinsAny) {
            return verdict(Advice.HANDOFF, DrivenBy.OVERRIDE, Route.AFTER_COMPACTION_HIGH, Note.AFTER_COMPACTION_STILL_HIGH);
        } else if (nearOfficial) {
            return verdict(Advice.CONTINUE, DrivenBy.OFFICIAL, Route.OFFICIAL, Note.OFFICIAL_WILL_HANDLE);
        } else if (inBand) {
            return bandRow(cache, planB, hz, freshWinsAny, defer, headroomKnown, slowerThanLine);
        } else if (!costs.continueWinsOnCost()) {
            return verdict(freshWinsAny ? Advice.HANDOFF : Advice.CONTINUE, DrivenBy.COST,
                    cache.hitRate() < t.brokenCacheHitRate() ? Route.COST_BROKEN_CACHE : Route.COST_STOCK,
                    freshWinsAny ? Note.COST_FAVORS_FRESH : Note.NO_MANUAL_COMPACT);
        } else if (scale.effectivePercent() == null) {
            return verdict(Advice.CONTINUE, DrivenBy.STABLE, Route.DATA_MISSING, Note.DATA_MISSING);
        } else if (quality.degraded()) {
            return verdict(Advice.PREPARE, DrivenBy.QUALITY, Route.PREPARE_DEGRADED, Note.PREPARE_HANDOFF);
        } else {
            return verdict(Advice.CONTINUE, DrivenBy.STABLE, Route.STABLE, Note.STILL_RELIABLE);
        }
    }

    /** Row 6 of the chain: the declared window is in a compaction band. */
    private static CompactionPlan.Verdict bandRow(CacheRate cache, PlanB planB, Horizon hz, boolean freshWinsAny,
            boolean defer, boolean headroomKnown, boolean slowerThanLine) {
        if (defer) {
            DeferWhere where = !headroomKnown ? DeferWhere.ROUNDS_UNKNOWN
                    : slowerThanLine ? DeferWhere.SLOWER_THAN_LINE : DeferWhere.ROUNDS;
            return new CompactionPlan.Verdict(Advice.CONTINUE, DrivenBy.STABLE, Route.DEFER, Note.NO_MANUAL_COMPACT,
                    Note.NONE, where);
        } else if (!planB.worth()) {
            return freshWinsAny
                    ? verdict(Advice.HANDOFF, DrivenBy.COST, Route.NO_ROOM_HANDOFF, Note.COST_FAVORS_FRESH)
                    : verdict(Advice.CONTINUE, DrivenBy.STABLE, Route.NO_ROOM_CONTINUE, Note.NO_COMPRESSIBLE_ROOM);
        } else if (freshWinsAny) {
            return verdict(Advice.HANDOFF, DrivenBy.COST, Route.BAND_FRESH, Note.COST_FAVORS_FRESH);
        } else if (cache.hitRateKnown() && hz.totalCompact() < hz.totalContinue()) {
            return verdict(Advice.CONTINUE, DrivenBy.STABLE, Route.BAND_COMPACT_CHEAPER, Note.NO_MANUAL_COMPACT);
        } else {
            return verdict(Advice.CONTINUE, DrivenBy.COST, Route.BAND_CONTINUE, Note.CONTINUE_BEATS_COMPACT);
        }
    }

    private static CompactionPlan.Verdict verdict(Advice advice, DrivenBy drivenBy, Route route, Note note) {
        return new CompactionPlan.Verdict(advice, drivenBy, route, note, Note.NONE, null);
    }

    // (m) cost-channel softening, three levels

    private static CompactionPlan.Verdict soften(Thresholds t, CompactionPlan.Verdict v, CompactionPlan.WindowFacts scale,
            CacheRate cache, Pricing pr, Horizon hz, CostVerdicts costs) {
        boolean costGatesOpen = pr.priceUsable() && cache.hitRateKnown() && scale.usedTokens() > 0
                && scale.headroomRounds() != null && hz.windowPctOk() && hz.horizonOk();
        boolean immature = pr.turnCount() > 0 && pr.turnCount() < t.matureSessionTurns();
        double minSaving = t.minSavingYuan();
        double savingYuan = hz.savingYuan();
        boolean nearSaving = savingYuan > 0 && savingYuan < minSaving && savingYuan >= minSaving * t.prepareSavingRatio();
        boolean thinMargin = hz.freshBreakEven() != null && hz.freshMargin() != null && hz.freshMargin() >= 0
                && hz.freshMargin() <= t.prepareMarginRounds();
        boolean softenable = v.drivenBy() != DrivenBy.OFFICIAL && v.drivenBy() != DrivenBy.OVERRIDE && !costs.freshWinsAny()
                && costGatesOpen;
        if (v.advice() == Advice.HANDOFF && v.drivenBy() == DrivenBy.COST && immature) {
            return new CompactionPlan.Verdict(Advice.PREPARE, v.drivenBy(), Route.IMMATURE, Note.IMMATURE_COST_HANDOFF,
                    v.noteExtra(), v.deferWhere());
        } else if (v.advice() == Advice.CONTINUE && softenable && (thinMargin || nearSaving)) {
            return new CompactionPlan.Verdict(Advice.PREPARE, DrivenBy.COST, Route.PREPARE_COST, Note.PREPARE_HANDOFF,
                    v.noteExtra(), v.deferWhere());
        } else if (v.advice() == Advice.CONTINUE && softenable && savingYuan > 0
                && savingYuan < minSaving * t.prepareSavingRatio()) {
            return new CompactionPlan.Verdict(Advice.COST_NOTE, DrivenBy.COST, Route.COST_NOTE, Note.COST_NOTE_PER_TURN,
                    v.noteExtra(), v.deferWhere());
        }
        return v;
    }

    // (n) compaction facts appended to the note

    private static CompactionPlan.Verdict withCompactionFacts(PlanInput in, Thresholds t, CompactionPlan.Verdict v,
            CompactionPlan.WindowFacts scale) {
        if (v.advice() == Advice.HANDOFF) return v;
        Double windowPct = scale.windowPercent();
        Double afterPercent = in.afterCompactionPercent();
        boolean summaryStalled = orZero(in.summaryCount()) >= t.handoffAtCompactionCount() && windowPct != null
                && windowPct >= t.compactMildFrom();
        boolean compactionStalled = afterPercent != null && afterPercent > t.handoffAfterWindowPercent();
        Note extra = summaryStalled ? Note.REPEATED_SUMMARY_BUT_CHEAPER
                : compactionStalled ? Note.COMPACTION_STALLED_BUT_CHEAPER : Note.NONE;
        return new CompactionPlan.Verdict(v.advice(), v.drivenBy(), v.route(), v.note(), extra, v.deferWhere());
    }

    // (o) output

    private static CompactionPlan assemble(PlanInput in, Thresholds t, CompactionPlan.WindowFacts scale, CacheRate cache,
            Pricing pr, PlanB planB, PlanC c, Horizon hz, CostVerdicts costs, CompactionPlan.Quality quality,
            CompactionPlan.Compact compact, CompactionPlan.Verdict verdict) {
        CompactionPlan.History history = new CompactionPlan.History(orZero(in.compactionCount()),
                orZero(in.summaryCount()), orZero(in.pruneCount()), in.lastCompaction(), in.afterCompactionPercent());
        CompactionPlan.HandoffPlan handoffPlan = new CompactionPlan.HandoffPlan(c.doc(),
                JsNumbers.round(c.freshPerRoundTokens() * pr.steps()), c.doc());
        CompactionPlan.Plans plans = new CompactionPlan.Plans(planB.continuePerTurn(), t.remainingRounds(), planB.plan(),
                handoffPlan);
        Cost cost = new Cost(pr.p(), pr.avgOut(), cache.hitRate(), cache.hitRateKnown(), c.baseHit(), pr.blended(),
                pr.steps(), pr.turnCount(), c.continuePerTurnYuan(), c.compactPerTurnYuan(), planB.compactOnceYuan(),
                planB.compactOnceYuan() / hz.h() + c.compactPerTurnYuan(), hz.horizonRounds(), hz.h(),
                planB.compactSavingPerTurnYuan(), planB.breakEvenRoundsYuan(), c.freshPerTurnYuan(), c.handoffOnceYuan(),
                c.freshFirstTurnYuan(), hz.freshBreakEven(), hz.freshMargin(), hz.premium(), hz.freshSaving(),
                hz.totalContinue(), hz.totalCompact(), hz.totalFresh(), hz.savingYuan(), hz.savingEnough(),
                c.freshRoundTokens(), pr.quote(), costs.freshWinsAny(), costs.freshWinsBreakEven(),
                costs.continueWinsOnCost());
        return new CompactionPlan(t, scale, cache.facts(), quality, compact, verdict, history, plans, cost);
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
