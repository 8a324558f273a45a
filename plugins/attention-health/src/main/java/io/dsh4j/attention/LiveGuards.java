package io.dsh4j.attention;

import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.attention.core.GuardAttempts;
import io.dsh4j.attention.core.GuardOptions;
import io.dsh4j.attention.core.GuardTripLog;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.kernel.Context;
import io.dsh4j.message.StreamChunk;
import java.nio.file.Path;
import org.slf4j.Logger;

/**
 * The reasoning-loop guard wired to {@code agent/assistant-stream} (spec §6.2): one engine guard per
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
