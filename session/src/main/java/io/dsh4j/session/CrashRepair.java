package io.dsh4j.session;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventPayloadException;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.session.event.TurnEndReason;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Logical crash repair (§1.8): the synthetic events that close a last turn left open by a crash —
 * an error {@code tool/result} for every tool call of the open step still without a result (in the
 * order the calls were made), {@code step/end} for the open step, then
 * {@code turn/end {reason: {kind: "interrupted"}}}. Seqs continue the log; every closer reuses the
 * time of the last real event, so the repair is deterministic.
 *
 * <p>A call is "started" when its {@code tool/call} was recorded: its result then says the outcome is
 * unknown ({@code TOOL_OUTCOME_UNKNOWN}) and cites the call's seq; otherwise it says the call never
 * started ({@code TOOL_NOT_STARTED}).
 */
public final class CrashRepair {

    /** Error code of a recorded call whose result was never durably recorded. */
    public static final String TOOL_OUTCOME_UNKNOWN = "TOOL_OUTCOME_UNKNOWN";
    /** Error code of a requested call that never reached its recorded start. */
    public static final String TOOL_NOT_STARTED = "TOOL_NOT_STARTED";

    /** Result text of a started call (DSH's wire text, as recorded in the corpus). */
    static final String OUTCOME_UNKNOWN_TEXT = "The tool call was interrupted after it was recorded, but no result was durably"
            + " recorded. Its outcome is unknown. Decide whether to retry from the tool semantics: retry only if the operation"
            + " is read-only or idempotent; if it may have side effects, first verify external state or ask the user."
            + " Do not retry blindly.";
    /** Result text of a call that never started. */
    static final String NOT_STARTED_TEXT = "The tool call was interrupted before the harness recorded it as started."
            + " Retry it if it is still needed.";

    private CrashRepair() {}

    /** The closers for {@code events} (a committed prefix in seq order); empty when no turn is open. */
    public static List<SessionEvent> closers(List<SessionEvent> events) {
        Tracker t = new Tracker();
        events.forEach(t::accept);
        return t.closers();
    }

    /**
     * Follows a log one event at a time and knows at any point which closers it would need; its
     * memory is the open turn's pending calls only. Not thread-safe.
     */
    public static final class Tracker {

        private record Pending(long step, Long callSeq) {}

        private Long openTurn;
        private Long openStep;
        private final Map<String, Pending> pending = new LinkedHashMap<>();
        private SessionEvent last;

        /** Takes the next event. Events whose payload does not read are counted for seq and time only. */
        public void accept(SessionEvent event) {
            last = event;
            try {
                follow(event);
            } catch (EventPayloadException ignored) {
                // a malformed payload does not move the turn/step cursor
            }
        }

        private void follow(SessionEvent event) {
            switch (event.type()) {
                case EventTypes.TURN_START -> {
                    openTurn = event.payload(EventPayload.TurnStart.class).turn();
                    openStep = null;
                    pending.clear();
                }
                case EventTypes.TURN_END -> {
                    openTurn = null;
                    openStep = null;
                    pending.clear();
                }
                case EventTypes.STEP_START -> openStep = event.payload(EventPayload.StepStart.class).step();
                case EventTypes.STEP_END -> {
                    pending.clear();
                    openStep = null;
                }
                case EventTypes.ASSISTANT_MESSAGE -> {
                    EventPayload.AssistantMessage m = event.payload(EventPayload.AssistantMessage.class);
                    for (ContentBlock block : m.message().content()) {
                        if (block instanceof ContentBlock.ToolCall call) pending.put(call.id(), new Pending(m.step(), null));
                    }
                }
                case EventTypes.TOOL_CALL -> {
                    String callId = event.payload(EventPayload.ToolCall.class).callId();
                    Pending p = pending.get(callId);
                    if (p != null) pending.put(callId, new Pending(p.step(), event.seq()));
                }
                case EventTypes.TOOL_RESULT -> {
                    if (event.payload(EventPayload.ToolResult.class).message().source() instanceof MessageSource.Tool tool) {
                        pending.remove(tool.callId());
                    }
                }
                default -> { }
            }
        }

        /** Whether a turn is open (its {@code turn/start} without a later {@code turn/end}). */
        public boolean turnOpen() {
            return openTurn != null;
        }

        /** The closers the log seen so far needs; empty when no turn is open. */
        public List<SessionEvent> closers() {
            if (openTurn == null || last == null) return List.of();
            long seq = last.seq() + 1;
            long time = last.time();
            List<SessionEvent> out = new ArrayList<>();
            for (Map.Entry<String, Pending> e : pending.entrySet()) {
                out.add(toolResult(e.getKey(), e.getValue(), openTurn, seq++, time));
            }
            if (openStep != null) out.add(SessionEvent.of(seq++, time, new EventPayload.StepEnd(openTurn, openStep)));
            out.add(SessionEvent.of(seq, time, new EventPayload.TurnEnd(openTurn, new TurnEndReason.Interrupted())));
            return List.copyOf(out);
        }

        private static SessionEvent toolResult(String callId, Pending p, long turn, long seq, long time) {
            boolean started = p.callSeq() != null;
            JsonNodeFactory n = JsJson.nodes();
            ObjectNode text = n.objectNode().put("type", "text").put("text", started ? OUTCOME_UNKNOWN_TEXT : NOT_STARTED_TEXT);
            ObjectNode block = n.objectNode().put("type", "tool-result").put("toolCallId", callId).put("isError", true);
            block.set("content", n.arrayNode().add(text));
            ObjectNode message = n.objectNode().put("id", "interrupted-tool-result-" + callId + "-" + seq).put("role", "user");
            message.set("source", n.objectNode().put("kind", "tool").put("callId", callId));
            ArrayNode content = n.arrayNode().add(block);
            message.set("content", content);
            ObjectNode data = n.objectNode().put("turn", turn).put("step", p.step());
            data.set("message", message);
            data.set("error", started
                    ? n.objectNode().put("name", "ToolOutcomeUnknownError").put("code", TOOL_OUTCOME_UNKNOWN)
                    : n.objectNode().put("name", "ToolNotStartedError").put("code", TOOL_NOT_STARTED));
            SessionEvent.Builder b = SessionEvent.builder(EventTypes.TOOL_RESULT, seq, time).data(data).surfaceOp(SurfaceOp.APPEND);
            if (started) b.sourceEventSeqs(List.of(p.callSeq()));
            return b.build();
        }
    }
}
