package io.dsh4j.attention.core;

import io.dsh4j.message.json.JsNumbers;

/**
 * One explanation of a health score (spec §4.4 findings), kept as data so that any language can
 * render it. Findings describe size and signals only; they never advise an action.
 *
 * @param kind  what the finding states
 * @param count the count it states (repeat run, replies, loops, flags, summaries), or 0
 * @param extra the second figure: the worst line repeat of a loop finding, or the cap of a
 *              lossy-summary finding ({@code NaN} when there is none)
 * @param penalty the score points it cost (0 when it costs none)
 */
public record Finding(Kind kind, double count, double extra, double penalty) {

    /** The kinds of finding, in the order the score emits them. */
    public enum Kind {
        EFFECTIVE_CRITICAL, EFFECTIVE_LARGE_DEGRADED, EFFECTIVE_LARGE_CLEAN, EFFECTIVE_HALF, EFFECTIVE_NOTICE,
        REPEAT_SEVERE, REPEAT_SUSPECT, REPEAT, DEGRADED_REPLIES, REASONING_LOOP, REASONING_HUGE, LOSSY_SUMMARY
    }

    /** The finding as a sentence in the given language. */
    public String text(Texts t) {
        String n = JsNumbers.toJsString(count);
        String p = JsNumbers.toJsString(penalty);
        return switch (kind) {
            case EFFECTIVE_CRITICAL -> t.get("finding.effectiveCritical", n, p);
            case EFFECTIVE_LARGE_DEGRADED -> t.get("finding.effectiveLargeDegraded", p);
            case EFFECTIVE_LARGE_CLEAN -> t.get("finding.effectiveLargeClean", p);
            case EFFECTIVE_HALF -> t.get("finding.effectiveHalf", p);
            case EFFECTIVE_NOTICE -> t.get("finding.effectiveNotice", p);
            case REPEAT_SEVERE -> t.get("finding.repeatSevere", n);
            case REPEAT_SUSPECT -> t.get("finding.repeatSuspect", n);
            case REPEAT -> t.get("finding.repeat", n);
            case DEGRADED_REPLIES -> t.get("finding.degradedReplies", n);
            case REASONING_LOOP -> t.get("finding.reasoningLoop", n,
                    Double.isNaN(extra) ? "" : t.get("finding.reasoningLoopWorst", JsNumbers.grouped(extra)), p);
            case REASONING_HUGE -> t.get("finding.reasoningHuge", n, p);
            case LOSSY_SUMMARY -> t.get("finding.lossySummary", n,
                    Double.isNaN(extra) ? "" : t.get("finding.lossySummaryCap", JsNumbers.toJsString(extra)));
        };
    }
}
