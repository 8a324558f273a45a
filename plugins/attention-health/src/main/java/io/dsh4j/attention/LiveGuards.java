package io.dsh4j.attention;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.attention.core.GuardAttempts;
import io.dsh4j.attention.core.GuardOptions;
import io.dsh4j.attention.core.GuardReason;
import io.dsh4j.attention.core.GuardTripLog;
import io.dsh4j.attention.core.JsonlFile;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.kernel.Context;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.PreToolDecision;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.reminder.RepeatToolReminder;
import java.nio.file.Path;
import java.util.Map;
import java.util.WeakHashMap;
import org.slf4j.Logger;

/**
 * The live guards. The reasoning-loop guard is wired to {@code agent/assistant-stream} (spec §6.2): one engine guard per
 * model attempt ({@link GuardAttempts}), fed the attempt's {@code reasoning-delta} chunks; on a trip
 * the turn is cancelled with a {@code hook} cause whose reason starts with {@code attention-health：}
 * (the mark the folds count as a guard trip) and a trip row goes to {@code guard-trips.jsonl} with the
 * reasoning tail shaped by {@code DSH_ATTENTION_HEALTH_GUARD_TAIL}. A failure inside the listener is
 * logged as isolated and never reaches the loop.
 *
 * <p>The cancel reason is always in the original's words (zh-CN): it is data in the log, which the
 * folds and DSH's own plugin read, not a message to the user.
 */
final class LiveGuards {

    private LiveGuards() {}

    /** The mark the folds count, then the kind of loop (data in the log, in the original's language). */
    static final String TOOL_LOOP = GuardReason.CANCEL_PREFIX + "工具调用打转 —— ";

    /**
     * The tool-call loop guard on {@code tools/pre-execute}: one {@link ToolLoopDetector} per agent; the
     * call that completes a loop is denied, the turn is cancelled with a {@code hook} cause and a trip row
     * (kind {@code tool-repeat} / {@code tool-cycle}) is appended, its tail the loop's canonical calls under
     * the same tail rules as the reasoning guard's. A human prompt entering a step resets the agent's chain.
     */
    static void installToolGuard(Context ctx, Path dir, AttentionHealthPlugin.Options options, int repeatLimit,
                                 int cycleRepeats) {
        Logger log = ctx.logger();
        Map<ToolAgent, ToolLoopDetector> chains = new WeakHashMap<>();
        ctx.events().on(AgentEvents.PRE_STEP, (p, next) -> {
            if (p.messages().stream().anyMatch(m -> m.source() instanceof MessageSource.User)) {
                synchronized (chains) {
                    ToolLoopDetector d = chains.get(p.agent());
                    if (d != null) d.reset();
                }
            }
            return next.proceed();
        });
        ctx.events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> {
            try {
                if (exec.agent() instanceof Agent agent) {
                    ToolLoopDetector.Trip trip;
                    synchronized (chains) {
                        trip = chains.computeIfAbsent(agent, a -> new ToolLoopDetector(repeatLimit, cycleRepeats))
                                .observe(new ToolLoopDetector.Call(exec.name(), RepeatToolReminder.canonical(exec.arguments())));
                    }
                    if (trip != null) {
                        String reason = toolReason(trip);
                        log.warn("[attention-health] tool-call loop, cancelling the turn of {}: {}", agent.id(), reason);
                        recordToolTrip(dir, options, trip, reason, agent.id());
                        agent.cancel(new AgentCancelCause.Hook(TOOL_LOOP + reason), true);
                        return new PreToolDecision.Deny(GuardReason.CANCEL_PREFIX + reason);
                    }
                }
            } catch (RuntimeException e) {
                log.warn("[attention-health] tool guard exception (isolated): {}", e.toString());
            }
            return next.proceed();
        });
    }

    static String toolReason(ToolLoopDetector.Trip trip) {
        return switch (trip.kind()) {
            case REPEAT -> "同一工具调用 " + trip.unit().getFirst().tool() + " 连续 " + trip.count() + " 次（参数相同）";
            case CYCLE -> trip.unit().size() + " 个工具调用（"
                    + String.join(" → ", trip.unit().stream().map(ToolLoopDetector.Call::tool).toList()) + "）以相同参数循环 "
                    + trip.count() + " 次";
        };
    }

    private static void recordToolTrip(Path dir, AttentionHealthPlugin.Options options, ToolLoopDetector.Trip trip,
                                       String reason, String sessionId) {
        ObjectNode row = JsJson.nodes().objectNode();
        row.put("at", options.clock().millis());
        row.put("kind", trip.kind().key);
        row.put("reason", reason);
        ObjectNode detail = row.putObject("detail");
        var tools = detail.putArray("tools");
        trip.unit().forEach(c -> tools.add(c.tool()));
        detail.put(trip.kind() == ToolLoopDetector.Kind.REPEAT ? "streak" : "repeat", trip.count());
        String calls = String.join("\n", trip.unit().stream().map(c -> c.tool() + " " + c.arguments()).toList());
        row.setAll(GuardTripLog.shapeTail(calls, GuardTripLog.tailChars(options.env().apply(GuardTripLog.TAIL_ENV))));
        row.put("sessionId", sessionId);
        JsonlFile.append(dir.resolve(GuardTripLog.FILE), row);
    }

    static void install(Context ctx, Path dir, AttentionHealthPlugin.Options options) {
        Logger log = ctx.logger();
        GuardAttempts attempts = new GuardAttempts(GuardOptions.DEFAULTS, Texts.chinese());
        ctx.events().on(AgentEvents.ASSISTANT_STREAM, frame -> {
            try {
                GuardAttempts.Cancellation hit;
                synchronized (attempts) {
                    hit = switch (frame.frame()) {
                        case START -> {
                            attempts.start(frame.attemptId());
                            yield null;
                        }
                        case END -> {
                            attempts.end(frame.attemptId());
                            yield null;
                        }
                        case CHUNK -> frame.chunk() instanceof StreamChunk.ReasoningDelta r
                                ? attempts.reasoningDelta(frame.attemptId(), r.text()) : null;
                    };
                }
                if (hit == null) return;
                String sessionId = frame.agent().id();
                String reason = hit.trip().reason(Texts.chinese());
                log.warn("[attention-health] reasoning loop, cancelling the turn of {}: {} (kind={} {})", sessionId, reason,
                        hit.trip().kind().key(), hit.trip().detail());
                GuardTripLog.record(dir, options.clock().millis(), hit.trip(), reason, hit.tail(), sessionId,
                        GuardTripLog.tailChars(options.env().apply(GuardTripLog.TAIL_ENV)));
                frame.agent().cancel(new AgentCancelCause.Hook(hit.cancelReason()), true);
            } catch (RuntimeException e) {
                log.warn("[attention-health] guard exception (isolated): {}", e.toString());
            }
        });
    }
}
