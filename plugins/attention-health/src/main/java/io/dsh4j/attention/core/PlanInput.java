package io.dsh4j.attention.core;

import java.time.Instant;
import java.util.List;

/**
 * The inputs of {@link CompactionPlanner#derive} (spec §4.6–4.7). Build it with
 * {@link ColdFold}-based {@code SessionFacts#planInput} or the hot reducer — never by hand in
 * production code (a hand-copied input once dropped {@code guardTripCount}).
 *
 * <p>Numbers follow the original's loose inputs: a window that is not a positive number is
 * unknown; {@code NaN} counts are treated as absent.
 *
 * @param contextWindow          the declared window (≤ 0 or NaN: unknown)
 * @param usedTokens             the current context size
 * @param cacheReadTokens        hit tokens of the last request
 * @param cacheMissTokens        miss tokens of the last request
 * @param avgOutputTokens        mean output per request (≤ 0: the 500-token fallback)
 * @param usageCount             assistant messages seen (requests)
 * @param turnCount              turns seen (0: unknown, steps per turn = 1)
 * @param recentUsage            the cache tail window, oldest first
 * @param avgRoundGrowth         mean context growth per ended turn (≤ 0: unknown)
 * @param compactionCount        summaries + prunes
 * @param summaryCount           model summaries
 * @param pruneCount             zero-token prunes
 * @param lastCompaction         the last compaction's facts, or {@code null}
 * @param afterCompactionPercent declared-window percent after the last compaction, or {@code null}
 * @param repeatWorst            longest identical tool-call run
 * @param degradedReplies        degraded replies
 * @param reasoningLoop          reasoning loops
 * @param reasoningFlags         huge reasoning (without loop)
 * @param guardTripCount         live-guard cancellations
 * @param handoffDocTokens       the handoff document's size, or {@code null} for 12,000
 * @param model                  the model name, or {@code null}
 * @param now                    the instant that decides the price tier
 */
public record PlanInput(double contextWindow, double usedTokens, double cacheReadTokens, double cacheMissTokens,
        double avgOutputTokens, double usageCount, double turnCount, List<UsageSample> recentUsage,
        double avgRoundGrowth, double compactionCount, double summaryCount, double pruneCount,
        LastCompaction lastCompaction, Double afterCompactionPercent, double repeatWorst, double degradedReplies,
        double reasoningLoop, double reasoningFlags, double guardTripCount, Double handoffDocTokens, String model,
        Instant now) {

    /** One request of the cache tail window: hit tokens and hit + miss tokens. */
    public record UsageSample(double hit, double total) {}

    /**
     * What the plan knows of the last compaction.
     *
     * @param afterUsedTokens the first context size measured after it ({@code NaN}: not yet measured)
     */
    public record LastCompaction(double shadowedTokens, double summaryTokens, double summaryInputTokens,
            double preUsedTokens, double afterUsedTokens) {}

    public PlanInput {
        recentUsage = recentUsage == null ? List.of() : List.copyOf(recentUsage);
        if (now == null) throw new IllegalArgumentException("a plan needs the instant that decides the price tier");
    }

    /** An input with only size and the instant (all counters 0), for tests and probes. */
    public static PlanInput ofSize(double usedTokens, double contextWindow, Instant now) {
        return new PlanInput(contextWindow, usedTokens, 0, 0, 0, 0, 0, List.of(), 0, 0, 0, 0, null, null, 0, 0, 0, 0,
                0, null, null, now);
    }

    /** A builder starting from all-zero counters at {@code now}. */
    public static Builder builder(Instant now) {
        return new Builder(now);
    }

    /** A builder holding this input's values. */
    public Builder toBuilder() {
        Builder b = new Builder(now);
        b.contextWindow = contextWindow;
        b.usedTokens = usedTokens;
        b.cacheReadTokens = cacheReadTokens;
        b.cacheMissTokens = cacheMissTokens;
        b.avgOutputTokens = avgOutputTokens;
        b.usageCount = usageCount;
        b.turnCount = turnCount;
        b.recentUsage = recentUsage;
        b.avgRoundGrowth = avgRoundGrowth;
        b.compactionCount = compactionCount;
        b.summaryCount = summaryCount;
        b.pruneCount = pruneCount;
        b.lastCompaction = lastCompaction;
        b.afterCompactionPercent = afterCompactionPercent;
        b.repeatWorst = repeatWorst;
        b.degradedReplies = degradedReplies;
        b.reasoningLoop = reasoningLoop;
        b.reasoningFlags = reasoningFlags;
        b.guardTripCount = guardTripCount;
        b.handoffDocTokens = handoffDocTokens;
        b.model = model;
        return b;
    }

    /** A mutable builder of {@link PlanInput}; not thread-safe. */
    public static final class Builder {
        private final Instant now;
        private double contextWindow;
        private double usedTokens;
        private double cacheReadTokens;
        private double cacheMissTokens;
        private double avgOutputTokens;
        private double usageCount;
        private double turnCount;
        private List<UsageSample> recentUsage = List.of();
        private double avgRoundGrowth;
        private double compactionCount;
        private double summaryCount;
        private double pruneCount;
        private LastCompaction lastCompaction;
        private Double afterCompactionPercent;
        private double repeatWorst;
        private double degradedReplies;
        private double reasoningLoop;
        private double reasoningFlags;
        private double guardTripCount;
        private Double handoffDocTokens;
        private String model;

        private Builder(Instant now) {
            this.now = now;
        }

        public Builder window(double v) { contextWindow = v; return this; }
        public Builder used(double v) { usedTokens = v; return this; }
        public Builder cacheRead(double v) { cacheReadTokens = v; return this; }
        public Builder cacheMiss(double v) { cacheMissTokens = v; return this; }
        public Builder avgOutput(double v) { avgOutputTokens = v; return this; }
        public Builder usageCount(double v) { usageCount = v; return this; }
        public Builder turnCount(double v) { turnCount = v; return this; }
        public Builder recentUsage(List<UsageSample> v) { recentUsage = v; return this; }
        public Builder growth(double v) { avgRoundGrowth = v; return this; }
        public Builder compactionCount(double v) { compactionCount = v; return this; }
        public Builder summaryCount(double v) { summaryCount = v; return this; }
        public Builder pruneCount(double v) { pruneCount = v; return this; }
        public Builder lastCompaction(LastCompaction v) { lastCompaction = v; return this; }
        public Builder afterCompactionPercent(Double v) { afterCompactionPercent = v; return this; }
        public Builder repeatWorst(double v) { repeatWorst = v; return this; }
        public Builder degradedReplies(double v) { degradedReplies = v; return this; }
        public Builder reasoningLoop(double v) { reasoningLoop = v; return this; }
        public Builder reasoningFlags(double v) { reasoningFlags = v; return this; }
        public Builder guardTripCount(double v) { guardTripCount = v; return this; }
        public Builder docTokens(Double v) { handoffDocTokens = v; return this; }
        public Builder model(String v) { model = v; return this; }

        /** The input. */
        public PlanInput build() {
            return new PlanInput(contextWindow, usedTokens, cacheReadTokens, cacheMissTokens, avgOutputTokens,
                    usageCount, turnCount, recentUsage, avgRoundGrowth, compactionCount, summaryCount, pruneCount,
                    lastCompaction, afterCompactionPercent, repeatWorst, degradedReplies, reasoningLoop,
                    reasoningFlags, guardTripCount, handoffDocTokens, model, now);
        }
    }
}
