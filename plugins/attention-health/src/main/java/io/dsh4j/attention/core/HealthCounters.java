package io.dsh4j.attention.core;

/**
 * The counters of the hot reducer (spec §1.3 state fields, {@code stateVersion} 6), before the
 * derived figures. Immutable; {@link HealthReducer} returns the same instance for events that
 * change nothing. Maps and lists are unmodifiable.
 */
public record HealthCounters(
        double usedTokens,
        Double contextWindow,
        String model,
        int repeatWorst,
        int degradedReplies,
        java.util.Map<DegradeReason, Integer> replyReasonCounts,
        int reasoningLoop,
        int reasoningFlags,
        int reasoningWorstRepeat,
        java.util.Map<DegradeReason, Integer> reasoningReasonCounts,
        String lastCallKey,
        int callStreak,
        int summaryCount,
        int pruneCount,
        Double lastCompactionAt,
        String lastCompactionKind,
        double lastCompactionShadowedTokens,
        double lastCompactionSummaryTokens,
        double lastCompactionSummaryInputTokens,
        boolean lastCompactionManual,
        double lastCompactionPreTokens,
        double lastCompactionAfterTokens,
        Double afterCompactionPercent,
        boolean awaitingCompactionAfter,
        double cacheReadTokens,
        double cacheMissTokens,
        double outputTokensSum,
        int outputTokensCount,
        int usageCount,
        int turnCount,
        java.util.List<PlanInput.UsageSample> recentUsage,
        int guardTripCount,
        String lastGuardReason,
        Double lastGuardTurn,
        java.util.List<DegradedSample> degradedSamples,
        double growthSum,
        int growthCount,
        double growthTurnEndTotal,
        double growthCurTurnTotal) {

    public HealthCounters {
        replyReasonCounts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(replyReasonCounts));
        reasoningReasonCounts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(reasoningReasonCounts));
        recentUsage = java.util.List.copyOf(recentUsage);
        degradedSamples = java.util.List.copyOf(degradedSamples);
    }

    /** The initial counters: all zero, window and model unknown. */
    public static final HealthCounters INITIAL = new Builder().build();

    /** A builder holding these counters. */
    Builder toBuilder() {
        Builder b = new Builder();
        b.usedTokens = usedTokens;
        b.contextWindow = contextWindow;
        b.model = model;
        b.repeatWorst = repeatWorst;
        b.degradedReplies = degradedReplies;
        b.replyReasonCounts = replyReasonCounts;
        b.reasoningLoop = reasoningLoop;
        b.reasoningFlags = reasoningFlags;
        b.reasoningWorstRepeat = reasoningWorstRepeat;
        b.reasoningReasonCounts = reasoningReasonCounts;
        b.lastCallKey = lastCallKey;
        b.callStreak = callStreak;
        b.summaryCount = summaryCount;
        b.pruneCount = pruneCount;
        b.lastCompactionAt = lastCompactionAt;
        b.lastCompactionKind = lastCompactionKind;
        b.lastCompactionShadowedTokens = lastCompactionShadowedTokens;
        b.lastCompactionSummaryTokens = lastCompactionSummaryTokens;
        b.lastCompactionSummaryInputTokens = lastCompactionSummaryInputTokens;
        b.lastCompactionManual = lastCompactionManual;
        b.lastCompactionPreTokens = lastCompactionPreTokens;
        b.lastCompactionAfterTokens = lastCompactionAfterTokens;
        b.afterCompactionPercent = afterCompactionPercent;
        b.awaitingCompactionAfter = awaitingCompactionAfter;
        b.cacheReadTokens = cacheReadTokens;
        b.cacheMissTokens = cacheMissTokens;
        b.outputTokensSum = outputTokensSum;
        b.outputTokensCount = outputTokensCount;
        b.usageCount = usageCount;
        b.turnCount = turnCount;
        b.recentUsage = recentUsage;
        b.guardTripCount = guardTripCount;
        b.lastGuardReason = lastGuardReason;
        b.lastGuardTurn = lastGuardTurn;
        b.degradedSamples = degradedSamples;
        b.growthSum = growthSum;
        b.growthCount = growthCount;
        b.growthTurnEndTotal = growthTurnEndTotal;
        b.growthCurTurnTotal = growthCurTurnTotal;
        return b;
    }

    /** A mutable copy used while folding one event; not thread-safe. */
    static final class Builder {
        double usedTokens;
        Double contextWindow;
        String model;
        int repeatWorst;
        int degradedReplies;
        java.util.Map<DegradeReason, Integer> replyReasonCounts;
        int reasoningLoop;
        int reasoningFlags;
        int reasoningWorstRepeat;
        java.util.Map<DegradeReason, Integer> reasoningReasonCounts;
        String lastCallKey;
        int callStreak;
        int summaryCount;
        int pruneCount;
        Double lastCompactionAt;
        String lastCompactionKind;
        double lastCompactionShadowedTokens;
        double lastCompactionSummaryTokens;
        double lastCompactionSummaryInputTokens;
        boolean lastCompactionManual;
        double lastCompactionPreTokens;
        double lastCompactionAfterTokens;
        Double afterCompactionPercent;
        boolean awaitingCompactionAfter;
        double cacheReadTokens;
        double cacheMissTokens;
        double outputTokensSum;
        int outputTokensCount;
        int usageCount;
        int turnCount;
        java.util.List<PlanInput.UsageSample> recentUsage;
        int guardTripCount;
        String lastGuardReason;
        Double lastGuardTurn;
        java.util.List<DegradedSample> degradedSamples;
        double growthSum;
        int growthCount;
        double growthTurnEndTotal;
        double growthCurTurnTotal;

        Builder() {
            replyReasonCounts = java.util.Map.of();
            reasoningReasonCounts = java.util.Map.of();
            recentUsage = java.util.List.of();
            degradedSamples = java.util.List.of();
        }

        HealthCounters build() {
            return new HealthCounters(usedTokens, contextWindow, model, repeatWorst, degradedReplies, replyReasonCounts, reasoningLoop, reasoningFlags, reasoningWorstRepeat, reasoningReasonCounts, lastCallKey, callStreak, summaryCount, pruneCount, lastCompactionAt, lastCompactionKind, lastCompactionShadowedTokens, lastCompactionSummaryTokens, lastCompactionSummaryInputTokens, lastCompactionManual, lastCompactionPreTokens, lastCompactionAfterTokens, afterCompactionPercent, awaitingCompactionAfter, cacheReadTokens, cacheMissTokens, outputTokensSum, outputTokensCount, usageCount, turnCount, recentUsage, guardTripCount, lastGuardReason, lastGuardTurn, degradedSamples, growthSum, growthCount, growthTurnEndTotal, growthCurTurnTotal);
        }
    }
}
