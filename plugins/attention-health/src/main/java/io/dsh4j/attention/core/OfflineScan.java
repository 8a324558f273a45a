package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.Js;

/**
 * The offline scan, path C of the cross-check (spec §3.3 {@code analyzeSession}): one pass over
 * the events that the shared judge and score then evaluate. It exists so that the hot reducer and
 * the cold fold can be checked against a third, independent reading. Not thread-safe: one scan
 * per session.
 */
public final class OfflineScan {

    /**
     * The scan's result.
     *
     * @param usedTokens      the last positive context size, else the largest seen
     * @param contextWindow   the last numeric window (any number), or {@code NaN}
     * @param repeatWorst     the longest run of identical tool calls
     * @param report          the score
     */
    public record Result(double usedTokens, double contextWindow, int repeatWorst, int degradedReplies,
            int reasoningLoop, int reasoningFlags, int reasoningWorstRepeat, int summaryCount, int replies,
            HealthReport report) {}

    private double contextWindow = Double.NaN;
    private double last;
    private double max;
    private int replies;
    private String prevKey;
    private int streak = 1;
    private int streakWorst;
    private int degraded;
    private int loop;
    private int flags;
    private int worstRepeat;
    private int summaries;

    /** Scans one raw event record. */
    public void accept(JsonNode event) {
        String type = Js.str(Js.get(event, "type"));
        if (type == null) return;
        JsonNode data = Js.get(event, "data");
        switch (type) {
            case "request/context" -> {
                JsonNode cw = Js.get(data, "contextWindow");
                if (Js.isNumber(cw)) contextWindow = cw.doubleValue();
            }
            case "assistant/message" -> {
                JsonNode usage = Js.get(data, "usage");
                double tokens = MessageText.contextTokens(usage);
                if (tokens > 0) {
                    last = tokens;
                    max = Math.max(max, tokens);
                }
                replies++;
                JsonNode content = Js.path(data, "message", "content");
                if (!DegradeJudge.replyReasons(MessageText.of(content)).isEmpty()) degraded++;
                ReasoningScan scan = DegradeJudge.scanReasoning(content, usage);
                if (scan.flagged()) {
                    if (scan.isLoop()) loop++;
                    else if (scan.isHugeOnly()) flags++;
                    worstRepeat = Math.max(worstRepeat, scan.worstRepeat());
                }
            }
            case "compaction/summary" -> summaries++;
            case "tool/call" -> {
                String key = Js.stringOr(Js.get(data, "name"), "?") + '\u0000' + Js.stringOr(Js.get(data, "arguments"), "");
                if (key.equals(prevKey)) {
                    streak++;
                } else {
                    closeStreak();
                    prevKey = key;
                    streak = 1;
                }
            }
            default -> { }
        }
    }

    private void closeStreak() {
        if (prevKey != null) streakWorst = Math.max(streakWorst, streak);
    }

    /** The result; call once after the last event. */
    public Result finish(Thresholds t) {
        closeStreak();
        double used = last != 0 ? last : max;
        HealthReport report = HealthScore.score(new HealthScore.Input(used, contextWindow, streakWorst, degraded, loop,
                flags, worstRepeat, summaries), t);
        return new Result(used, contextWindow, streakWorst, degraded, loop, flags, worstRepeat, summaries, replies,
                report);
    }
}
