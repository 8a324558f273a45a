package io.dsh4j.attention.core;

/**
 * The result of {@link CompactionPlanner#derive} (spec §4.7 o): every figure of the two
 * dimensions, the three plans and the cost ledger, and the final verdict. Pure data: the
 * sentences that explain it come from {@link PlanWording}. {@code null} stands for the original's
 * "unknown" ({@code null}) wherever a figure may be missing.
 */
public record CompactionPlan(Thresholds thresholds, WindowFacts window, CacheFacts usage, Quality quality,
        Compact compact, Verdict verdict, History history, Plans plans, Cost cost) {

    /** The final advice. */
    public Advice advice() {
        return verdict.advice();
    }

    /** Whether the context is large enough to judge ({@code dataMissing} is its negation). */
    public boolean dataMissing() {
        return window.effectivePercent() == null;
    }

    /**
     * Scale (spec §4.7 a).
     *
     * @param headroomRounds {@code floor(headroom ÷ growth)} when growth is known
     * @param avgRoundGrowth the growth the plan used (0 when unknown)
     */
    public record WindowFacts(Double contextWindow, Double effectiveWindow, double usedTokens, Double windowPercent,
            Double effectivePercent, Double officialLine, Double headroomToOfficial, Double headroomRounds,
            double avgRoundGrowth) {}

    /**
     * Cache hit rate (spec §4.7 b).
     *
     * @param tailBasis     whether the tail window was used ({@code hitRateBasis === 'tail'})
     * @param windowSamples the length of the tail window
     */
    public record CacheFacts(double cacheReadTokens, double cacheMissTokens, double hitRate, double perRoundFactor,
            boolean tailBasis, int windowSamples, double lastCacheReadTokens, double lastCacheMissTokens,
            boolean cacheEstablished) {}

    /** The degradation signals the quality dimension saw. */
    public record Signals(double repeatWorst, double degradedReplies, double reasoningLoop, double reasoningFlags,
            double guardTripCount) {}

    /** Dimension A (spec §4.7 j). */
    public record Quality(Double effectivePercent, Signals signals, boolean degraded, boolean guardRepeated,
            QualityAdvice advice, QualityRoute route) {}

    /** Which quality sentence explains dimension A. */
    public enum QualityRoute { NO_DATA, IMMEDIATE, GUARD, HANDOFF, LARGE_BUT_CLEAN, SAFE_BUT_DEGRADED, HEALTHY }

    /** Dimension B (spec §4.7 k). */
    public record Compact(Double windowPercent, Band band, boolean nearOfficial, Double officialLine,
            Double headroomToOfficial, Double headroomRounds, double savingPerRound, Double breakEvenRounds) {}

    /** Which row of the final chain (and which softening) produced the verdict. */
    public enum Route {
        QUALITY_IMMEDIATE, QUALITY_HANDOFF, REPEATED_SUMMARY, AFTER_COMPACTION_HIGH, OFFICIAL, DEFER,
        NO_ROOM_HANDOFF, NO_ROOM_CONTINUE, BAND_FRESH, BAND_COMPACT_CHEAPER, BAND_CONTINUE,
        COST_BROKEN_CACHE, COST_STOCK, DATA_MISSING, PREPARE_DEGRADED, STABLE,
        IMMATURE, PREPARE_COST, COST_NOTE
    }

    /** The one-line UI bases ({@code FINAL_NOTES}). */
    public enum Note {
        NONE, OVER_RELIABLE_RANGE, GUARD_TRIPPED, DEGRADE_BEATS_COMPACT, OFFICIAL_WILL_HANDLE, NO_MANUAL_COMPACT,
        REPEATED_SUMMARY, AFTER_COMPACTION_STILL_HIGH, REPEATED_SUMMARY_BUT_CHEAPER, COMPACTION_STALLED_BUT_CHEAPER,
        NO_COMPRESSIBLE_ROOM, COST_FAVORS_FRESH, CONTINUE_BEATS_COMPACT, PREPARE_HANDOFF, IMMATURE_COST_HANDOFF,
        COST_NOTE_PER_TURN, DATA_MISSING, STILL_RELIABLE
    }

    /** Where the official line is, for a deferred compaction's note and reason (spec §4.7 row 6a). */
    public enum DeferWhere { ROUNDS_UNKNOWN, SLOWER_THAN_LINE, ROUNDS }

    /**
     * The final verdict (spec §4.7 l–n).
     *
     * @param note       the main UI basis
     * @param noteExtra  a compaction fact appended to the note ({@link Note#NONE} when none)
     * @param deferWhere set for a deferred compaction, else {@code null}
     */
    public record Verdict(Advice advice, DrivenBy drivenBy, Route route, Note note, Note noteExtra,
            DeferWhere deferWhere) {}

    /** Compaction history as the plan saw it. */
    public record History(double count, double summaryCount, double pruneCount, PlanInput.LastCompaction last,
            Double afterCompactionPercent) {}

    /** The three plans in token equivalents, per turn (spec §4.7 e–g). */
    public record Plans(double continuePerRound, double remainingRounds, CompactPlan compact, HandoffPlan handoff) {}

    /** Plan B, compact first (information only). */
    public record CompactPlan(double once, double rebuild, double totalOnce, double perRound, double savingPerRound,
            Double breakEvenRounds, double compactedTokens, double summaryInputCost, double summaryOutput,
            double baseline, double compressibleNow, boolean worthCompacting) {}

    /** Plan C, mechanical handoff and a new session. */
    public record HandoffPlan(double once, double perRound, double docTokens) {}

    /**
     * The CNY ledger, per turn, over the horizon (spec §4.7 c, e–i, o {@code cost}).
     *
     * @param horizonRounds   H before the {@code max(1, …)} clamp
     * @param horizon         H after the clamp (the comparison window)
     * @param freshWinsOnCost the cost channel's verdict: break-even or broken cache
     * @param freshWinsOnBreakEven the break-even channel alone
     */
    public record Cost(PriceTable.TierPrice price, double avgOutputTokens, double hitRate, boolean hitRateKnown,
            double handoffBaseHitRate, double blendedInputPrice, double stepsPerTurn, double turnCount,
            double continuePerRound, double compactPerRound, double compactOnce, double compactAmortizedPerRound,
            double horizonRounds, double horizon, double compactSavingPerRound, Double breakEvenRounds,
            double freshPerRound, double freshOnce, double freshFirstTurn, Double freshBreakEvenRounds,
            Double freshWinMarginRounds, double freshFirstRoundPremium, double freshSavingPerRound,
            double totalContinue, double totalCompact, double totalFresh, double savingYuan, boolean savingEnough,
            double freshRoundTokens, PriceQuote priceQuote, boolean freshWinsOnCost, boolean freshWinsOnBreakEven,
            boolean continueWinsOnCost) {

        /** Whether the price may decide anything ({@code priceKnown}). */
        public boolean priceKnown() {
            return priceQuote.known();
        }

        /** The price tier at the plan's instant. */
        public PriceTier priceTier() {
            return priceQuote.tier();
        }
    }
}
