package io.dsh4j.attention.core;

/**
 * A built handoff document and its statistics (spec §5.1).
 *
 * @param markdown the document
 * @param stats    the figures of the build
 * @param plan     the plan of the second render pass (the advice the document gives)
 */
public record HandoffResult(String markdown, Stats stats, CompactionPlan plan) {

    /**
     * {@code buildHandoff} stats; score figures are "as of handoff" (live health first, then the fold).
     *
     * @param chars            the document length in UTF-16 units
     * @param handoffDocTokens the document size the second pass assumed
     */
    public record Stats(int events, int userRequests, int turns, int files, int commandFiles, int errors,
            int errorGroups, int decisions, int chars, double handoffDocTokens, boolean broadFallback, String profile,
            int score, Level level, Double effectivePercent, Double windowPercent, double usedTokens, int summaryCount,
            int degradedReplies, int reasoningLoop, int reasoningFlags) {}
}
