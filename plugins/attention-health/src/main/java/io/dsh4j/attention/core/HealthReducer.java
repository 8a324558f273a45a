package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsNumbers;
import io.dsh4j.session.event.SessionEvent;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hot reducer (spec §3.2 {@code foldEvent}): one event at a time into a new
 * {@link HealthState}, the projection the live plugin registers. Pure and synchronous; an event
 * that changes nothing (unknown type, {@code null}, a non-object, an unchanged
 * {@code request/context}) returns the <em>same</em> state instance. Every numeric input passes a
 * finite-and-non-negative check, so {@code NaN} and infinities never reach the state.
 *
 * <p>The clock decides the price tier each time the state is finalized (inject a fixed clock for
 * reproducible figures). Thread-safe: the reducer holds no mutable state.
 */
public final class HealthReducer {

    private final Clock clock;
    private final Thresholds thresholds;
    private final PriceTable prices;

    /** A reducer with the given clock, thresholds and price table. */
    public HealthReducer(Clock clock, Thresholds thresholds, PriceTable prices) {
        this.clock = clock;
        this.thresholds = thresholds;
        this.prices = prices;
    }

    /** A reducer with the default thresholds and built-in prices. */
    public HealthReducer(Clock clock) {
        this(clock, Thresholds.DEFAULTS, PriceTable.DEFAULTS);
    }

    /** {@code init()}: the finalized initial state (score 100, level ok). */
    public HealthState init() {
        return finalize(HealthCounters.INITIAL);
    }

    /** Folds a decoded event. */
    public HealthState apply(HealthState state, SessionEvent event) {
        return apply(state, event.type(), event.hasTime() ? (double) event.time() : null, event.data());
    }

    /** Folds a raw event record ({@code null} and non-objects return {@code state}). */
    public HealthState apply(HealthState state, JsonNode event) {
        if (event == null || !event.isObject()) return state;
        JsonNode time = Js.get(event, "time");
        return apply(state, Js.str(Js.get(event, "type")), Js.isNumber(time) ? time.doubleValue() : null,
                Js.get(event, "data"));
    }

    /** Folds one event given by its envelope fields. */
    public HealthState apply(HealthState state, String type, Double time, JsonNode data) {
        if (type == null) return state;
        HealthCounters c = state.counters();
        return switch (type) {
            case "turn/start", "turn/end" -> onTurnBoundary(state, type.equals("turn/start"), data);
            case "request/context" -> {
                JsonNode cwNode = Js.get(data, "contextWindow");
                Double cw = Js.isFinite(cwNode) && cwNode.doubleValue() > 0 ? (Double) cwNode.doubleValue() : c.contextWindow();
                String m = Js.nonEmptyStr(Js.get(data, "model"));
                String model = m != null ? m : c.model();
                if (java.util.Objects.equals(cw, c.contextWindow()) && java.util.Objects.equals(model, c.model())) {
                    yield state;
                }
                HealthCounters.Builder b = c.toBuilder();
                b.contextWindow = cw;
                b.model = model;
                yield finalize(b.build());
            }
            case "assistant/message" -> finalize(onAssistant(c, data));
            case "compaction/summary", "compaction/prune" -> finalize(onCompaction(c, type.equals("compaction/summary"),
                    time, data));
            case "tool/call" -> {
                String key = Js.stringOr(Js.get(data, "name"), "?") + '\u0000' + Js.stringOr(Js.get(data, "arguments"), "");
                HealthCounters.Builder b = c.toBuilder();
                b.callStreak = key.equals(c.lastCallKey()) ? c.callStreak() + 1 : 1;
                b.repeatWorst = Math.max(c.repeatWorst(), b.callStreak);
                b.lastCallKey = key;
                yield finalize(b.build());
            }
            default -> state;
        };
    }

    private HealthState onTurnBoundary(HealthState state, boolean start, JsonNode data) {
        HealthCounters c = state.counters();
        HealthCounters.Builder b = null;
        if (c.growthCurTurnTotal() > 0) {
            b = c.toBuilder();
            double cur = c.growthCurTurnTotal();
            double prev = c.growthTurnEndTotal();
            if (prev > 0 && cur > prev) {
                b.growthSum = c.growthSum() + (cur - prev);
                b.growthCount = c.growthCount() + 1;
            }
            b.growthTurnEndTotal = cur;
            b.growthCurTurnTotal = 0;
        }
        if (!start) {
            String hook = hookReason(Js.get(data, "reason"));
            if (hook.contains(GuardReason.MARK)) {
                if (b == null) b = c.toBuilder();
                String note = GuardReason.strip(hook);
                JsonNode turn = Js.get(data, "turn");
                int guardTurn = Js.isNumber(turn) && turn.doubleValue() >= 0 ? floorTurn(turn.doubleValue())
                        : c.lastGuardTurn() == null ? 0 : floorTurn(c.lastGuardTurn());
                b.guardTripCount = Math.min(Thresholds.DEGRADED_CAP, c.guardTripCount() + 1);
                b.lastGuardReason = note;
                if (Js.isNumber(turn)) b.lastGuardTurn = turn.doubleValue();
                b.degradedSamples = withSample(b.degradedSamples, new DegradedSample(guardTurn, "guard", excerpt(note)));
            }
        } else {
            if (b == null) b = c.toBuilder();
            b.turnCount = Math.min(Thresholds.TURN_COUNT_CAP, c.turnCount() + 1);
        }
        return b == null ? state : finalize(b.build());
    }

    private HealthCounters onAssistant(HealthCounters c, JsonNode data) {
        JsonNode usageRaw = Js.get(data, "usage");
        JsonNode usage = usageRaw == null ? io.dsh4j.attention.core.internal.Json.emptyObject() : usageRaw;
        double tokens = MessageText.contextTokens(usage);
        JsonNode content = Js.path(data, "message", "content");
        String replyText = MessageText.of(content);
        List<DegradeReason> replyReasons = DegradeJudge.replyReasons(replyText);
        ReasoningScan think = DegradeJudge.scanReasoning(content, usage);
        HealthCounters.Builder b = c.toBuilder();
        b.usedTokens = tokens > 0 ? tokens : c.usedTokens();
        if (!replyReasons.isEmpty()) {
            b.degradedReplies = Math.min(Thresholds.DEGRADED_CAP, c.degradedReplies() + 1);
            Map<DegradeReason, Integer> counts = new LinkedHashMap<>(c.replyReasonCounts());
            for (DegradeReason r : replyReasons) counts.merge(r, 1, Integer::sum);
            b.replyReasonCounts = counts;
        }
        if (think.flagged()) {
            if (think.isLoop()) b.reasoningLoop = Math.min(Thresholds.DEGRADED_CAP, c.reasoningLoop() + 1);
            else if (think.isHugeOnly()) b.reasoningFlags = Math.min(Thresholds.DEGRADED_CAP, c.reasoningFlags() + 1);
            Map<DegradeReason, Integer> counts = new LinkedHashMap<>(c.reasoningReasonCounts());
            for (DegradeReason r : think.reasons()) counts.merge(r, 1, Integer::sum);
            b.reasoningReasonCounts = counts;
            b.reasoningWorstRepeat = Math.max(c.reasoningWorstRepeat(), think.worstRepeat());
        }
        JsonNode turn = Js.get(data, "turn");
        int sampleTurn = Js.isNumber(turn) && turn.doubleValue() >= 0 ? floorTurn(turn.doubleValue()) : 0;
        if (think.reasons().contains(DegradeReason.THINK_LOOP) || think.reasons().contains(DegradeReason.THINK_HUGE)) {
            b.degradedSamples = withSample(b.degradedSamples,
                    new DegradedSample(sampleTurn, "reasoning", reasoningExcerpt(content)));
        }
        if (!replyReasons.isEmpty()) {
            b.degradedSamples = withSample(b.degradedSamples, new DegradedSample(sampleTurn, "reply", excerpt(replyText)));
        }
        JsonNode read = Js.get(usage, "cacheReadTokens");
        JsonNode input = Js.get(usage, "inputTokens");
        b.cacheReadTokens = finiteOr(read, c.cacheReadTokens());
        b.cacheMissTokens = finiteOr(input, c.cacheMissTokens());
        double out = finiteOr(Js.get(usage, "outputTokens"), 0);
        if (out > 0) {
            b.outputTokensSum = c.outputTokensSum() + out;
            b.outputTokensCount = c.outputTokensCount() + 1;
        }
        b.usageCount = c.usageCount() + 1;
        if (Js.isNumber(read) || Js.isNumber(input)) {
            double hit = Math.max(0, b.cacheReadTokens);
            double total = hit + Math.max(0, b.cacheMissTokens);
            if (total > 0) {
                List<PlanInput.UsageSample> window = new ArrayList<>(c.recentUsage());
                window.add(new PlanInput.UsageSample(hit, total));
                b.recentUsage = window.subList(Math.max(0, window.size() - Thresholds.HIT_RATE_WINDOW), window.size());
            }
        }
        b.growthCurTurnTotal = tokens > 0 ? tokens : c.growthCurTurnTotal();
        if (c.awaitingCompactionAfter() && tokens > 0 && c.contextWindow() != null) {
            b.afterCompactionPercent = tokens / c.contextWindow() * 100;
            b.lastCompactionAfterTokens = tokens;
            b.awaitingCompactionAfter = false;
        }
        return b.build();
    }

    private HealthCounters onCompaction(HealthCounters c, boolean summary, Double time, JsonNode data) {
        HealthCounters.Builder b = c.toBuilder();
        double shadowed = finiteOr(Js.get(data, "shadowedTokenCount"), 0);
        if (summary) {
            b.summaryCount = c.summaryCount() + 1;
            double usageOut = finiteOr(Js.path(data, "usage", "outputTokens"), 0);
            b.lastCompactionSummaryTokens = usageOut > 0 ? usageOut
                    : JsNumbers.round(MessageText.of(Js.get(data, "summary")).length() / 4.0);
            b.lastCompactionSummaryInputTokens = finiteOr(Js.path(data, "usage", "inputTokens"), shadowed);
        } else {
            b.pruneCount = c.pruneCount() + 1;
            b.lastCompactionSummaryTokens = 0;
            b.lastCompactionSummaryInputTokens = 0;
        }
        b.lastCompactionAt = time != null && JsNumbers.finite(time) && time >= 0 ? time : c.lastCompactionAt();
        b.lastCompactionKind = summary ? "summary" : "prune";
        b.lastCompactionShadowedTokens = shadowed;
        b.lastCompactionManual = Js.truthy(Js.get(data, "sourceCommandId"));
        b.lastCompactionPreTokens = c.usedTokens();
        b.awaitingCompactionAfter = true;
        return b.build();
    }

    /** {@code finalize}: scores the counters and derives the plan at the clock's instant. */
    public HealthState finalize(HealthCounters c) {
        HealthReport report = HealthScore.score(new HealthScore.Input(c.usedTokens(),
                c.contextWindow() == null ? Double.NaN : c.contextWindow(), c.repeatWorst(), c.degradedReplies(),
                c.reasoningLoop(), c.reasoningFlags(), c.reasoningWorstRepeat(), c.summaryCount()), thresholds);
        double growth = c.growthCount() > 0 ? c.growthSum() / c.growthCount() : 0;
        PlanInput.LastCompaction last = c.lastCompactionShadowedTokens() > 0 || c.lastCompactionSummaryTokens() > 0
                ? new PlanInput.LastCompaction(c.lastCompactionShadowedTokens(), c.lastCompactionSummaryTokens(),
                        c.lastCompactionSummaryInputTokens(), c.lastCompactionPreTokens(), c.lastCompactionAfterTokens())
                : null;
        PlanInput in = new PlanInput(c.contextWindow() == null ? Double.NaN : c.contextWindow(), c.usedTokens(),
                c.cacheReadTokens(), c.cacheMissTokens(),
                c.outputTokensCount() > 0 ? c.outputTokensSum() / c.outputTokensCount() : 0, c.usageCount(),
                c.turnCount(), c.recentUsage(), growth, c.summaryCount() + c.pruneCount(), c.summaryCount(),
                c.pruneCount(), last, c.afterCompactionPercent(), c.repeatWorst(), c.degradedReplies(),
                c.reasoningLoop(), c.reasoningFlags(), c.guardTripCount(), null, c.model(), clock.instant());
        return new HealthState(c, report, CompactionPlanner.derive(in, thresholds, prices));
    }

    private static String hookReason(JsonNode reason) {
        if (reason == null || !"aborted".equals(Js.str(Js.get(reason, "kind")))) return "";
        JsonNode inner = Js.get(reason, "reason");
        if (inner == null || !"hook".equals(Js.str(Js.get(inner, "kind")))) return "";
        return Js.stringOr(Js.get(inner, "reason"), "");
    }

    /** {@code finiteOr}: a finite number ≥ 0, else the fallback. */
    private static double finiteOr(JsonNode v, double fallback) {
        return Js.isFinite(v) && v.doubleValue() >= 0 ? v.doubleValue() : fallback;
    }

    private static Double finiteOr(JsonNode v, Double fallback) {
        return Js.isFinite(v) && v.doubleValue() >= 0 ? v.doubleValue() : fallback;
    }

    private static int floorTurn(double turn) {
        double f = Math.floor(turn);
        return f >= Integer.MAX_VALUE || !JsNumbers.finite(f) ? Integer.MAX_VALUE : Math.max(0, (int) f);
    }

    /** {@code withSample}: drop an item with the same turn and kind, append, keep the last 5. */
    static List<DegradedSample> withSample(List<DegradedSample> list, DegradedSample sample) {
        List<DegradedSample> kept = new ArrayList<>();
        for (DegradedSample s : list) {
            if (!(s.turn() == sample.turn() && s.kind().equals(sample.kind()))) kept.add(s);
        }
        kept.add(sample);
        return kept.subList(Math.max(0, kept.size() - Thresholds.DEGRADED_SAMPLE_CAP), kept.size());
    }

    /** {@code toExcerpt}: whitespace collapsed, trimmed, cut to 200 characters. */
    static String excerpt(String text) {
        String one = JsText.collapse(text);
        return JsText.head(one, Thresholds.DEGRADED_EXCERPT_CHARS);
    }

    /** {@code reasoningExcerpt}: the longest reasoning block from the first occurrence of its most repeated line. */
    static String reasoningExcerpt(JsonNode content) {
        List<String> blocks = DegradeJudge.reasoningBlocks(content);
        if (blocks.isEmpty()) return "";
        String text = blocks.get(0);
        for (String blk : blocks) if (blk.length() > text.length()) text = blk;
        Map<String, Integer> counts = new HashMap<>();
        String top = "";
        int topCount = 0;
        int start = 0;
        while (start <= text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl;
            String line = JsText.trim(text.substring(start, end));
            if (line.length() >= 2) {
                int n = counts.merge(line, 1, Integer::sum);
                if (n > topCount) {
                    topCount = n;
                    top = line;
                }
            }
            if (nl < 0) break;
            start = nl + 1;
        }
        int at = topCount >= Thresholds.EXCERPT_LOOP_MIN_REPEAT ? text.indexOf(top) : -1;
        return excerpt(at > 0 ? text.substring(at) : text);
    }
}
