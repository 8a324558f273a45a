package io.dsh4j.attention.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The degradation signals a {@link ColdFold} counts (spec §3.5, §4.1–4.3): the longest streak of
 * identical tool calls, replies with degradation reasons, and reasoning loops or anomalies with the
 * worst repeated line and the longest reasoning. Reasons keep first-seen order. Not thread-safe.
 */
final class SignalLedger {

    private final Map<DegradeReason, Integer> replyReasons = new LinkedHashMap<>();
    private final Map<DegradeReason, Integer> reasoningReasons = new LinkedHashMap<>();
    private String lastCallKey;
    private int callStreak;
    private int repeatWorst;
    private int degradedReplies;
    private int reasoningLoop;
    private int reasoningFlags;
    private int reasoningWorstRepeat;
    private double reasoningWorstTokens;

    /** A tool call, identified by its name and raw arguments. */
    void toolCall(String key) {
        callStreak = key.equals(lastCallKey) ? callStreak + 1 : 1;
        repeatWorst = Math.max(repeatWorst, callStreak);
        lastCallKey = key;
    }

    /** The text of an assistant reply (non-empty). */
    void reply(String text) {
        List<DegradeReason> reasons = DegradeJudge.replyReasons(text);
        if (reasons.isEmpty()) return;
        degradedReplies++;
        for (DegradeReason r : reasons) replyReasons.merge(r, 1, Integer::sum);
    }

    /** The reasoning scan of an assistant message. */
    void reasoning(ReasoningScan scan) {
        if (!scan.flagged()) return;
        if (scan.isLoop()) reasoningLoop++;
        else if (scan.isHugeOnly()) reasoningFlags++;
        for (DegradeReason r : scan.reasons()) reasoningReasons.merge(r, 1, Integer::sum);
        reasoningWorstRepeat = Math.max(reasoningWorstRepeat, scan.worstRepeat());
        if (scan.reasoningTokens() > reasoningWorstTokens) reasoningWorstTokens = scan.reasoningTokens();
    }

    int repeatWorst() {
        return repeatWorst;
    }

    int degradedReplies() {
        return degradedReplies;
    }

    int reasoningLoop() {
        return reasoningLoop;
    }

    int reasoningFlags() {
        return reasoningFlags;
    }

    int reasoningWorstRepeat() {
        return reasoningWorstRepeat;
    }

    double reasoningWorstTokens() {
        return reasoningWorstTokens;
    }

    List<SessionFacts.ReasonCount> replyReasons() {
        return counts(replyReasons);
    }

    List<SessionFacts.ReasonCount> reasoningReasons() {
        return counts(reasoningReasons);
    }

    private static List<SessionFacts.ReasonCount> counts(Map<DegradeReason, Integer> map) {
        List<SessionFacts.ReasonCount> list = new ArrayList<>();
        map.forEach((k, v) -> list.add(new SessionFacts.ReasonCount(k, v)));
        return List.copyOf(list);
    }
}
