package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.CommandWrites;
import io.dsh4j.attention.core.internal.JsSort;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.message.json.Js;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cold fold (spec §3.1 {@code foldSession}): a session's events, one at a time, into
 * {@link SessionFacts}. It backs the handoff document and the offline {@code health} command.
 *
 * <p>Feed events in log order with {@link #accept}, then call {@link #finish} once. Malformed
 * events (not objects, {@code data} not an object, odd field types) are tolerated the way the
 * original tolerated them. A fold built with {@link #forHealth()} skips what only the document
 * needs (decision sentences, request texts, files), so its memory does not grow with the text of
 * the session. Not thread-safe: one fold per session.
 */
public final class ColdFold {

    private static final String GUARD_MARK = "attention-health";
    private static final int ERROR_DETAIL_CHARS = 160;

    private final boolean documentFacts;
    private final Map<TurnNo, TurnAcc> turns = new LinkedHashMap<>();
    private final List<SessionFacts.UserRequest> userRequests = new ArrayList<>();
    private final WorkLedger work = new WorkLedger();
    private final List<SessionFacts.ErrorFact> errors = new ArrayList<>();
    private final DecisionLedger decisions = new DecisionLedger();
    private final Map<String, String> pendingCalls = new HashMap<>();
    private final CompactionLedger compactions = new CompactionLedger();
    private final Deque<PlanInput.UsageSample> recentUsage = new ArrayDeque<>();
    private final SignalLedger signals = new SignalLedger();
    private final List<SessionFacts.TitleChange> titleHistory = new ArrayList<>();

    private String title;
    private SessionFacts.Goal goal;
    private SessionFacts.RequestContext requestContext;
    private List<SessionFacts.Todo> todos;
    private TurnNo todosTurn;
    private double outputTokens;
    private double lastContextTokens;
    private int replies;
    private int stepCount;
    private Double lastEventTime;
    private TurnNo openTurn;
    private double cacheReadTokens;
    private double cacheMissTokens;
    private double outputTokensSum;
    private int outputTokensCount;
    private int usageCount;
    private int guardTripCount;
    private String lastGuardReason;
    private TurnNo lastGuardTurn;
    private boolean finished;
    private Double currentSeq;
    private String currentTimeText;

    private ColdFold(boolean documentFacts) {
        this.documentFacts = documentFacts;
    }

    /** A fold that collects everything the handoff document needs. */
    public static ColdFold forDocument() {
        return new ColdFold(true);
    }

    /** A fold that collects only what the score and the advice need. */
    public static ColdFold forHealth() {
        return new ColdFold(false);
    }

    /** Folds a whole event list (document facts). */
    public static SessionFacts fold(Iterable<? extends JsonNode> events) {
        ColdFold fold = forDocument();
        for (JsonNode e : events) fold.accept(e);
        return fold.finish();
    }

    /**
     * Folds one event.
     *
     * @param event a raw event record ({@code null} and non-objects are ignored)
     * @throws IllegalStateException after {@link #finish}
     */
    public void accept(JsonNode event) {
        JsonNode timeNode = Js.or(Js.get(event, "time"), Js.get(event, "time0"));
        JsonNode seqNode = Js.or(Js.get(event, "seq"), Js.get(event, "seq0"));
        // a seq only orders decisions, by `(a.seq ?? 0) - (b.seq ?? 0)`: keep JavaScript's Number() of it
        currentTimeText = timeNode == null || Js.isNumber(timeNode) ? null : Js.string(timeNode);
        try {
            accept(Js.str(Js.get(event, "type")), seqNode == null ? null : Js.toNumber(seqNode),
                    Js.isNumber(timeNode) ? timeNode.doubleValue() : null, Js.get(event, "data"));
        } finally {
            currentTimeText = null;
        }
    }

    /**
     * Folds one decoded event of the session library.
     *
     * @throws IllegalStateException after {@link #finish}
     */
    public void accept(SessionEvent event) {
        accept(event.type(), (double) event.seq(), event.hasTime() ? (double) event.time() : null, event.data());
    }

    /**
     * Folds one event given by its envelope fields.
     *
     * @param type the event type ({@code null}: ignored, but its time still counts)
     * @param seq  the event seq, or {@code null}
     * @param time the event time in epoch milliseconds, or {@code null}
     * @param data the payload ({@code null} and non-objects read as empty)
     * @throws IllegalStateException after {@link #finish}
     */
    public void accept(String type, Double seq, Double time, JsonNode data) {
        if (finished) throw new IllegalStateException("the fold is finished");
        if (time != null) lastEventTime = time;
        if (type == null) return;
        currentSeq = seq;
        switch (type) {
            case "session/title" -> onTitle(data, time);
            case "request/context" -> onRequestContext(data);
            case "goal/change" -> onGoal(data);
            case "turn/start" -> onTurnStart(data, time);
            case "turn/end" -> onTurnEnd(data, time);
            case "step/start" -> stepCount++;
            case "user/message" -> onUserMessage(data, time);
            case "assistant/message" -> onAssistantMessage(data, time);
            case "tool/call" -> onToolCall(data);
            case "tool/result" -> onToolResult(data, time);
            case "todo/write" -> onTodos(data);
            case "compaction/start" -> compactions.start(data, turnOr(data, openTurn));
            case "compaction/summary" -> onCompactionRecord(data, time, true);
            case "compaction/prune" -> onCompactionRecord(data, time, false);
            case "compaction/end" -> compactions.end(data);
            default -> { }
        }
    }

    private void onRequestContext(JsonNode data) {
        JsonNode window = Js.get(data, "contextWindow");
        JsonNode model = Js.get(data, "model");
        requestContext = new SessionFacts.RequestContext(
                Js.get(data, "provider") == null ? null : Js.string(Js.get(data, "provider")),
                Js.str(model), Js.isNumber(window) ? Js.num(window) : null,
                model == null ? null : Js.string(model), Js.truthy(window) ? Js.toNumber(window) : null);
    }

    private void onTurnStart(JsonNode data, Double time) {
        TurnNo n = TurnNo.read(data, "turn");
        ensureTurn(n).startedAt = time;
        openTurn = n;
    }

    /** A model summary ({@code summary}) or a zero-token prune: one compaction record. */
    private void onCompactionRecord(JsonNode data, Double time, boolean summary) {
        compactions.record(data, currentSeq, time, currentTimeText, summary, lastContextTokens, openTurn);
    }

    private void onTitle(JsonNode data, Double time) {
        JsonNode t = Js.or(Js.get(data, "title"), Js.get(data, "text"));
        String s = Js.str(t);
        if (s != null && !s.isEmpty() && !s.equals(title)) {
            title = s;
            titleHistory.add(new SessionFacts.TitleChange(currentSeq, time, s));
        }
    }

    private void onGoal(JsonNode data) {
        JsonNode g = Js.get(data, "goal");
        if ("clear".equals(Js.str(Js.get(data, "operation"))) || !Js.truthy(g)) {
            goal = null;
            return;
        }
        // `roundsStarted !== undefined` lets JSON null through: the document then says "null" (§0.5)
        JsonNode rounds = data != null && data.isObject() ? data.get("roundsStarted") : null;
        String roundsText = rounds == null || rounds.isMissingNode() ? null : rounds.isNull() ? "null" : Js.string(rounds);
        JsonNode max = Js.get(g, "maxGoalRounds");
        JsonNode blocked = Js.path(g, "blockedReason", "message");
        goal = new SessionFacts.Goal(asText(Js.get(g, "objective")), asText(Js.get(g, "phase")),
                Js.truthy(blocked) ? Js.string(blocked) : null, roundsText, Js.truthy(max) ? Js.string(max) : null);
    }

    private void onTurnEnd(JsonNode data, Double time) {
        TurnNo n = TurnNo.read(data, "turn");
        TurnAcc t = ensureTurn(n);
        t.endedAt = time;
        JsonNode reason = Js.get(data, "reason");
        JsonNode kind = Js.get(reason, "kind");
        t.reason = kind == null ? "unknown" : Js.string(kind);
        t.reasonTruthy = kind == null || Js.truthy(kind);
        t.completed = "completed".equals(Js.str(kind));
        String hookReason = "";
        if (reason != null && "aborted".equals(Js.str(kind))) {
            JsonNode inner = Js.get(reason, "reason");
            if (inner != null && "hook".equals(Js.str(Js.get(inner, "kind")))) {
                hookReason = Js.stringOr(Js.get(inner, "reason"), "");
            }
        }
        boolean guardTrip = hookReason.contains(GUARD_MARK);
        if (guardTrip) {
            guardTripCount = Math.min(Thresholds.DEGRADED_CAP, guardTripCount + 1);
            lastGuardReason = GuardReason.strip(hookReason);
            lastGuardTurn = n;
        }
        if (!t.completed && !guardTrip) {
            JsonNode message = Js.path(reason, "error", "message");
            errors.add(new SessionFacts.ErrorFact(false, n, null, null, t.reason,
                    Js.truthy(message) ? Js.string(message) : null, -1, false));
        }
        openTurn = null;
    }

    private void onUserMessage(JsonNode data, Double time) {
        String kind = Js.str(Js.path(data, "source", "kind"));
        String text = MessageText.of(Js.get(data, "content"));
        if (!"user".equals(kind) || text.isEmpty()) return;
        userRequests.add(new SessionFacts.UserRequest(currentSeq, time, documentFacts ? text : "", openTurn, false));
        if (openTurn != null) {
            TurnAcc t = ensureTurn(openTurn);
            if (t.prompt == null || t.prompt.isEmpty()) t.prompt = documentFacts ? text : "";
        }
        if (documentFacts && text.length() > Thresholds.DECISION_MIN_REQUEST_CHARS) {
            decisions.offer(text, "user", openTurn, currentSeq, time);
        }
    }

    private void onAssistantMessage(JsonNode data, Double time) {
        JsonNode content = Js.path(data, "message", "content");
        String text = MessageText.of(content);
        JsonNode usage = Js.get(data, "usage");
        JsonNode usageObj = usage == null ? MissingUsage.EMPTY : usage;
        JsonNode out = Js.get(usageObj, "outputTokens");
        double ctx = countUsage(usageObj, out);
        replies++;

        TurnNo turnNo = turnOr(data, openTurn);
        if (turnNo != null) {
            TurnAcc t = ensureTurn(turnNo);
            if (Js.isNumber(out)) t.outputTokens += out.doubleValue();
            if (ctx > 0) t.contextTokens = ctx;
            if (!text.isEmpty()) t.response = documentFacts ? text : "";
        }
        if (!text.isEmpty()) {
            signals.reply(text);
            if (documentFacts) decisions.offer(text, "assistant", turnNo, currentSeq, time);
        }
        signals.reasoning(DegradeJudge.scanReasoning(content, usageObj));
    }

    /**
     * The session-wide usage of one assistant message: output tokens, the context size, the cache
     * figures and the hit-rate tail window.
     *
     * @return the message's context size ({@code contextTokensOf}; 0 when unknown)
     */
    private double countUsage(JsonNode usageObj, JsonNode out) {
        if (Js.isNumber(out)) outputTokens += out.doubleValue();
        double ctx = MessageText.contextTokens(usageObj);
        if (ctx > 0) lastContextTokens = ctx;
        JsonNode read = Js.get(usageObj, "cacheReadTokens");
        JsonNode input = Js.get(usageObj, "inputTokens");
        if (Js.isNumber(read)) cacheReadTokens = read.doubleValue();
        if (Js.isNumber(input)) cacheMissTokens = input.doubleValue();
        if (Js.isFinite(out) && out.doubleValue() > 0) {
            outputTokensSum += out.doubleValue();
            outputTokensCount++;
        }
        usageCount++;
        if (Js.isNumber(read) || Js.isNumber(input)) {
            double hit = Math.max(0, cacheReadTokens);
            double total = hit + Math.max(0, cacheMissTokens);
            if (total > 0) {
                recentUsage.addLast(new PlanInput.UsageSample(hit, total));
                if (recentUsage.size() > Thresholds.HIT_RATE_WINDOW) recentUsage.removeFirst();
            }
        }
        if (ctx > 0) compactions.contextMeasured(ctx, requestContext == null ? null : requestContext.contextWindow());
        return ctx;
    }

    private void onToolCall(JsonNode data) {
        String name = Js.stringOr(Js.get(data, "name"), "unknown");
        JsonNode callId = Js.get(data, "callId");
        if (Js.truthy(callId)) pendingCalls.put(Js.string(callId), name);
        work.countCall(name);
        TurnNo turnNo = turnOr(data, openTurn);
        if (turnNo != null) ensureTurn(turnNo).tools++;
        signals.toolCall(name + '\u0000' + Js.stringOr(Js.get(data, "arguments"), ""));
        if (!documentFacts) return;
        JsonNode args = ToolArguments.parse(Js.get(data, "arguments"));
        ToolArguments.Mutation mutation = ToolArguments.fileMutation(name, args);
        if (mutation != null) work.fileChanged(mutation);
        if (CommandWrites.COMMAND_TOOLS.contains(name)) {
            for (CommandWrites.Write w : CommandWrites.of(Js.stringOr(Js.get(args, "command"), ""))) {
                work.commandWrote(w, turnNo);
            }
        }
    }

    private void onToolResult(JsonNode data, Double time) {
        JsonNode content = Js.path(data, "message", "content");
        JsonNode block = Js.at(content, 0);
        JsonNode error = Js.get(data, "error");
        boolean isError = Js.isTrue(Js.get(block, "isError")) || Js.truthy(error);
        String body = MessageText.of(content);
        TurnNo turnNo = turnOr(data, openTurn);
        if (turnNo != null && !body.isEmpty()) ensureTurn(turnNo).toolResultChars += body.length();
        JsonNode callId = Js.get(block, "toolCallId");
        if (!isError && callId != null && "ask_user_question".equals(pendingCalls.get(Js.string(callId)))) {
            for (String answer : QuestionAnswers.parse(body)) {
                userRequests.add(new SessionFacts.UserRequest(currentSeq, time, documentFacts ? answer : "",
                        openTurn, true));
                if (documentFacts) decisions.offerOnce(answer, "user-answer", openTurn, currentSeq, time);
            }
        }
        if (isError) {
            JsonNode name = Js.or(Js.get(error, "name"), Js.get(block, "toolName"));
            JsonNode code = Js.get(error, "code");
            String flat = documentFacts ? JsText.collapse(body) : "";
            boolean cut = flat.length() > ERROR_DETAIL_CHARS;
            errors.add(new SessionFacts.ErrorFact(true, turnNo, name == null ? null : Js.string(name),
                    code == null ? null : Js.string(code), null, cut ? flat.substring(0, ERROR_DETAIL_CHARS) : flat,
                    cut ? flat.length() : -1, Js.truthy(code)));
            if (turnNo != null) ensureTurn(turnNo).errors++;
        }
    }

    private void onTodos(JsonNode data) {
        JsonNode list = Js.get(data, "todos");
        if (list == null || !list.isArray()) return;
        List<SessionFacts.Todo> items = new ArrayList<>();
        for (JsonNode item : list) {
            // a null item made the original throw while rendering: skipped here (README, deviations);
            // any other non-object item has no content and no status, as property reads on it give undefined
            if (item == null || item.isNull()) continue;
            JsonNode content = item.isObject() ? item.get("content") : null;
            boolean nullish = content == null || content.isNull() || content.isMissingNode();
            String text = content == null || content.isMissingNode() ? "undefined" : content.isNull() ? "null" : Js.string(content);
            items.add(new SessionFacts.Todo(text, Js.str(Js.get(item, "status")), nullish));
        }
        todos = items;
        todosTurn = openTurn;
    }

    /**
     * The facts. Call once, after the last event.
     *
     * @throws IllegalStateException when called twice
     */
    public SessionFacts finish() {
        if (finished) throw new IllegalStateException("the fold is finished");
        finished = true;
        // `(a, b) => a.turn - b.turn` on V8: a missing number compares as NaN
        List<TurnAcc> sorted = new ArrayList<>(turns.values());
        JsSort.sort(sorted, (a, b) -> TurnNo.number(a.turn) - TurnNo.number(b.turn));
        Double previous = null;
        List<SessionFacts.Turn> turnList = new ArrayList<>(sorted.size());
        for (TurnAcc t : sorted) {
            Double delta = null;
            boolean compacted = false;
            if (t.contextTokens != null) {
                if (previous != null) {
                    delta = t.contextTokens - previous;
                    compacted = delta < 0;
                }
                previous = t.contextTokens;
            }
            turnList.add(new SessionFacts.Turn(t.turn, t.prompt, t.response, t.tools, t.errors, t.reason, t.startedAt,
                    t.endedAt, t.outputTokens, t.toolResultChars, t.contextTokens, delta, compacted, t.reasonTruthy, t.completed));
        }
        if (documentFacts) decisions.finish();
        return new SessionFacts(List.copyOf(userRequests), List.copyOf(turnList), work.toolCounts(), work.files(),
                work.commandFiles(), List.copyOf(errors), decisions.decisions(),
                todos == null ? null : List.copyOf(todos), todosTurn,
                new SessionFacts.Usage(outputTokens, lastContextTokens, replies), stepCount, lastEventTime, openTurn,
                compactions.compactions(), compactions.lastAfterTokens(), compactions.afterCompactionPercent(),
                cacheReadTokens, cacheMissTokens,
                outputTokensCount > 0 ? outputTokensSum / outputTokensCount : 0, usageCount, List.copyOf(recentUsage),
                guardTripCount, lastGuardReason, lastGuardTurn, signals.repeatWorst(), signals.degradedReplies(),
                signals.replyReasons(), signals.reasoningLoop(), signals.reasoningFlags(), signals.reasoningWorstRepeat(),
                signals.reasoningWorstTokens(), signals.reasoningReasons(),
                title, List.copyOf(titleHistory), goal, requestContext, decisions.broadFallback());
    }

    private TurnAcc ensureTurn(TurnNo n) {
        return turns.computeIfAbsent(n, TurnAcc::new);
    }

    /** {@code data.turn ?? fallback}. */
    private static TurnNo turnOr(JsonNode data, TurnNo fallback) {
        TurnNo t = TurnNo.read(data, "turn");
        return t == null || t == TurnNo.Null.NULL ? fallback : t;
    }

    private static String asText(JsonNode v) {
        return v == null ? null : Js.string(v);
    }

    /** What is known about one turn while folding. */
    private static final class TurnAcc {
        final TurnNo turn;
        String prompt;
        String response;
        int tools;
        int errors;
        String reason;
        boolean reasonTruthy;
        boolean completed;
        Double startedAt;
        Double endedAt;
        double outputTokens;
        long toolResultChars;
        Double contextTokens;

        TurnAcc(TurnNo turn) {
            this.turn = turn;
        }
    }

    /** An empty usage object, so that a missing {@code usage} still gets the budget check ({@code data.usage ?? {}}). */
    private static final class MissingUsage {
        static final JsonNode EMPTY = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    }
}
