package io.dsh4j.attention.core;

import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The heuristic 0–100 context-health score (spec §4.4, {@code scoreContextHealth}) — the one
 * implementation behind the hot reducer, the cold fold, the offline scan, the document and the
 * command line. It describes context size and degradation signals; it never advises.
 * Stateless and thread-safe.
 */
public final class HealthScore {

    /**
     * The inputs of a score. Absent values are 0 (or {@code NaN}); a window that is not a positive
     * number means "unknown", exactly as the original normalised its inputs.
     */
    public record Input(double usedTokens, double contextWindow, double repeatWorst, double degradedReplies,
            double reasoningLoop, double reasoningFlags, double reasoningWorstRepeat, double summaryCount) {

        /** Only size: no signals, no summaries. */
        public static Input ofSize(double usedTokens, double contextWindow) {
            return new Input(usedTokens, contextWindow, 0, 0, 0, 0, 0, 0);
        }
    }

    private HealthScore() {}

    /** Scores with the default thresholds. */
    public static HealthReport score(Input in) {
        return score(in, Thresholds.DEFAULTS);
    }

    /** Scores with the given thresholds. */
    public static HealthReport score(Input in, Thresholds t) {
        double used = in.usedTokens() > 0 && JsNumbers.finite(in.usedTokens()) ? in.usedTokens() : 0;
        Double window = in.contextWindow() > 0 && JsNumbers.finite(in.contextWindow()) ? in.contextWindow() : null;
        double repeatWorst = Double.isNaN(in.repeatWorst()) ? 0 : in.repeatWorst();
        double degraded = Double.isNaN(in.degradedReplies()) ? 0 : in.degradedReplies();
        double loop = nonNegative(in.reasoningLoop());
        double flags = nonNegative(in.reasoningFlags());
        double worstRepeat = nonNegative(in.reasoningWorstRepeat());
        double summaries = nonNegative(in.summaryCount());

        Double windowPercent = window != null && used != 0 ? used / window * 100 : null;
        Double effectiveWindow = window != null ? JsNumbers.round(window * t.effectiveWindowRatio()) : null;
        Double effectivePercent = effectiveWindow != null && effectiveWindow != 0 && used != 0
                ? Math.min(100, used / effectiveWindow * 100) : null;

        double score = 100;
        List<Finding> findings = new ArrayList<>();
        if (effectivePercent != null) {
            boolean degradedSignal = degraded > 0 || repeatWorst >= t.qualityRepeatThreshold() || loop > 0 || flags > 0;
            double eff = effectivePercent;
            if (eff >= t.scoreCriticalFrom()) {
                score -= t.scoreCriticalPenalty();
                findings.add(new Finding(Finding.Kind.EFFECTIVE_CRITICAL, t.scoreCriticalFrom(), Double.NaN,
                        t.scoreCriticalPenalty()));
            } else if (eff >= t.scoreWarnFrom()) {
                score -= t.scoreWarnPenalty();
                findings.add(new Finding(degradedSignal ? Finding.Kind.EFFECTIVE_LARGE_DEGRADED
                        : Finding.Kind.EFFECTIVE_LARGE_CLEAN, 0, Double.NaN, t.scoreWarnPenalty()));
            } else if (eff >= t.scoreWatchFrom()) {
                score -= t.scoreWatchPenalty();
                findings.add(new Finding(Finding.Kind.EFFECTIVE_HALF, 0, Double.NaN, t.scoreWatchPenalty()));
            } else if (eff >= t.scoreNoticeFrom()) {
                score -= t.scoreNoticePenalty();
                findings.add(new Finding(Finding.Kind.EFFECTIVE_NOTICE, 0, Double.NaN, t.scoreNoticePenalty()));
            }
        }

        if (repeatWorst >= t.repeatSevereFrom()) {
            score -= t.repeatSeverePenalty();
            findings.add(new Finding(Finding.Kind.REPEAT_SEVERE, repeatWorst, Double.NaN, t.repeatSeverePenalty()));
        } else if (repeatWorst >= t.repeatSuspectFrom()) {
            score -= t.repeatSuspectPenalty();
            findings.add(new Finding(Finding.Kind.REPEAT_SUSPECT, repeatWorst, Double.NaN, t.repeatSuspectPenalty()));
        } else if (repeatWorst >= t.qualityRepeatThreshold()) {
            score -= t.repeatPenalty();
            findings.add(new Finding(Finding.Kind.REPEAT, repeatWorst, Double.NaN, t.repeatPenalty()));
        }

        if (degraded > 0) {
            double penalty = Math.min(t.degradedReplyPenaltyCap(), degraded * t.degradedReplyPenalty());
            score -= penalty;
            findings.add(new Finding(Finding.Kind.DEGRADED_REPLIES, degraded, Double.NaN, penalty));
        }
        if (loop > 0) {
            double penalty = Math.min(t.reasoningLoopPenaltyCap(), loop * t.reasoningLoopPenalty());
            score -= penalty;
            findings.add(new Finding(Finding.Kind.REASONING_LOOP, loop,
                    worstRepeat >= t.worstRepeatShownFrom() ? worstRepeat : Double.NaN, penalty));
        }
        if (flags > 0) {
            double penalty = Math.min(t.reasoningFlagPenaltyCap(), flags * t.reasoningFlagPenalty());
            score -= penalty;
            findings.add(new Finding(Finding.Kind.REASONING_HUGE, flags, Double.NaN, penalty));
        }

        Integer cap = null;
        if (summaries > 0) {
            cap = t.capFor(summaries);
            findings.add(new Finding(Finding.Kind.LOSSY_SUMMARY, summaries, cap == null ? Double.NaN : cap, 0));
        }

        double rounded = Math.max(0, JsNumbers.round(score));
        int finalScore = (int) Math.min(100, rounded);
        boolean capped = false;
        if (cap != null && finalScore > cap) {
            finalScore = cap;
            capped = true;
        }
        return new HealthReport(finalScore, Level.of(finalScore, t), findings, windowPercent, effectiveWindow,
                effectivePercent, cap, capped, summaries);
    }

    private static double nonNegative(double v) {
        return Double.isNaN(v) ? 0 : Math.max(0, v);
    }
}
