package io.dsh4j.attention.core;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.List;

/**
 * The one table of thresholds, weights and caps of the judgement chain — the original's
 * {@code COMPACT_DEFAULTS} (spec §4.5) under its own key names, plus the score weights that the
 * original wrote inline (spec §4.4), so that no number lives in a method body.
 *
 * <p>Percentages are in percent (0–100); rates are fractions (0–1); prices are CNY per million
 * tokens. {@link #DEFAULTS} is the shipped table; {@link #with} derives a table with one value
 * changed (tests, calibration). Immutable and thread-safe.
 */
public record Thresholds(
        // ── legacy flash off-peak price (display/tests only; decisions use PriceTable) ──
        double legacyHitPerMillion,
        double legacyMissPerMillion,
        double legacyOutputPerMillion,
        // ── cost model ──
        double cacheFactor,
        double fallbackOutputTokens,
        double costFreshMargin,
        double handoffMarginRounds,
        double prepareMarginRounds,
        double prepareSavingRatio,
        double matureSessionTurns,
        double handoffBaseHitRate,
        double handoffMinWindowPercent,
        double handoffMaxHorizonRounds,
        double brokenCacheHitRate,
        double minSavingYuan,
        double assumedHitRate,
        double effectiveWindowRatio,
        double summaryOutputTokens,
        double remainingRounds,
        double freshSessionBaseTokens,
        // ── dimension A: quality (effective window) ──
        double qualityHandoffPercent,
        double qualityImmediatePercent,
        double qualityRepeatThreshold,
        double qualityDegradedThreshold,
        double qualityGuardTripHandoff,
        // ── dimension B: declared-window bands ──
        double compactMildFrom,
        double compactRecommendFrom,
        double compactUrgentFrom,
        double officialCompactPercent,
        double officialLineMargin,
        double compactDeferMinRounds,
        double compactDeferBelowDeclaredPercent,
        // ── cross-dimension overrides ──
        double handoffAfterWindowPercent,
        double handoffAtCompactionCount,
        // ── compaction model ──
        double compressibleRatio,
        double retainRatio,
        double rebuildRounds,
        double worthCompactingShare,
        // ── score: bands on effective %, their penalties ──
        double scoreCriticalFrom,
        double scoreWarnFrom,
        double scoreWatchFrom,
        double scoreNoticeFrom,
        double scoreCriticalPenalty,
        double scoreWarnPenalty,
        double scoreWatchPenalty,
        double scoreNoticePenalty,
        // ── score: repeated tool calls ──
        double repeatSevereFrom,
        double repeatSuspectFrom,
        double repeatSeverePenalty,
        double repeatSuspectPenalty,
        double repeatPenalty,
        // ── score: degradation ──
        double degradedReplyPenalty,
        double degradedReplyPenaltyCap,
        double reasoningLoopPenalty,
        double reasoningLoopPenaltyCap,
        double reasoningFlagPenalty,
        double reasoningFlagPenaltyCap,
        double worstRepeatShownFrom,
        // ── score: levels ──
        double levelOkFrom,
        double levelWatchFrom,
        double levelWarnFrom,
        List<LossyCap> lossySummaryCaps) {

    /** A score cap that applies once a session has had at least {@code from} model summaries. */
    public record LossyCap(int from, int cap) {}

    /** Requests in the cache-hit tail window ({@code HIT_RATE_WINDOW}). */
    public static final int HIT_RATE_WINDOW = 20;
    /** Document characters per token when sizing plan C ({@code HANDOFF_CHARS_PER_TOKEN}). */
    public static final int HANDOFF_CHARS_PER_TOKEN = 2;
    /** The first render pass assumes this many document tokens. */
    public static final int FIRST_PASS_DOC_TOKENS = 6000;
    /** The second pass never assumes fewer document tokens than this. */
    public static final int MIN_DOC_TOKENS = 500;
    /** Document tokens assumed when none are measured (hot path). */
    public static final int DEFAULT_DOC_TOKENS = 12_000;
    /** Hot-path cap of every degradation counter ({@code DEGRADED_CAP}). */
    public static final int DEGRADED_CAP = 99;
    /** Hot-path cap of the turn count ({@code TURN_COUNT_CAP}). */
    public static final int TURN_COUNT_CAP = 9999;
    /** Incident samples kept ({@code DEGRADED_SAMPLE_CAP}). */
    public static final int DEGRADED_SAMPLE_CAP = 5;
    /** Characters of one incident excerpt ({@code DEGRADED_EXCERPT_CHARS}). */
    public static final int DEGRADED_EXCERPT_CHARS = 200;
    /** A reasoning excerpt starts at the most repeated line once it repeats this often. */
    public static final int EXCERPT_LOOP_MIN_REPEAT = 3;
    /** A human request longer than this many characters is scanned for decision sentences (spec §3.1). */
    public static final int DECISION_MIN_REQUEST_CHARS = 80;

    /** The shipped table (the original's values). */
    public static final Thresholds DEFAULTS = new Thresholds(
            0.02, 1, 4,
            0.02, 500, 1.5, 1, 2, 0.6, 15, 0.76, 20, 200, 0.5, 0.15, 0.9, 0.6, 2000, 10, 20_000,
            70, 90, 3, 1, 2,
            50, 65, 80, 80, 5, 30, 60,
            60, 2,
            0.6, 0.16, 1.5, 0.1,
            90, 70, 50, 30, 75, 45, 25, 8,
            8, 5, 25, 15, 8,
            6, 30, 25, 50, 4, 12, 10,
            80, 60, 40,
            List.of(new LossyCap(3, 50), new LossyCap(2, 65), new LossyCap(1, 79)));

    public Thresholds {
        lossySummaryCaps = List.copyOf(lossySummaryCaps);
    }

    /**
     * This table with one numeric entry changed.
     *
     * @param key   a component name, e.g. {@code "minSavingYuan"}
     * @param value the new value
     * @throws IllegalArgumentException when {@code key} names no numeric entry
     */
    public Thresholds with(String key, double value) {
        RecordComponent[] components = Thresholds.class.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        boolean found = false;
        try {
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                types[i] = c.getType();
                if (c.getName().equals(key) && c.getType() == double.class) {
                    args[i] = value;
                    found = true;
                } else {
                    args[i] = c.getAccessor().invoke(this);
                }
            }
            if (!found) throw new IllegalArgumentException("no numeric threshold named '" + key + "'");
            Constructor<Thresholds> ctor = Thresholds.class.getDeclaredConstructor(types);
            return ctor.newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy thresholds", e);
        }
    }

    /** The score cap for a number of model summaries, or {@code null} when none applies. */
    public Integer capFor(double summaryCount) {
        if (summaryCount <= 0) return null;
        for (LossyCap tier : lossySummaryCaps) {
            if (summaryCount >= tier.from()) return tier.cap();
        }
        return null;
    }
}
