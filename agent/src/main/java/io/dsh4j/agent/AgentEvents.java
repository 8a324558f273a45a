package io.dsh4j.agent;

import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.Query;
import io.dsh4j.kernel.Signal;
import io.dsh4j.kernel.Waterfall;
import io.dsh4j.llm.RetryPolicy;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.Message;
import java.util.List;

/**
 * The agent-domain events (spec kernel-and-agent §5.10), all dispatched with the agent's scope
 * carrier: a listener registered through {@code agent.ctx()} hears only that agent, an untagged one
 * every agent. Plus the live session events of §5.2.
 */
public final class AgentEvents {

    private AgentEvents() {}

    public record AgentPayload(Agent agent) {}
    public record StatusPayload(Agent agent, AgentStatus status) {}
    public record InboxPayload(Agent agent, Message.UserMessage message) {}
    public record ClaimedPayload(Agent agent, Message.UserMessage message, long turn) {}
    public record SessionStartPayload(Agent agent, String source) {}
    public record PreStepPayload(Agent agent, List<Message.UserMessage> messages, long turn, long step, Signal signal) {}
    public record RequestPayload(Agent agent, long turn, long step, Signal signal) {}
    public record RequestErrorPayload(Agent agent, long turn, long step, String provider, LlmFailure failure,
                                      RetryPolicy retryPolicy, Signal signal) {}
    public record TurnStoppingPayload(Agent agent, long turn, Signal signal) {}
    public record ErrorPayload(Agent agent, long turn, long step, Throwable error) {}

    /**
     * One frame of {@code agent/assistant-stream} (a host addition, spec kernel-and-agent §5.9, §7.3;
     * never logged): {@link Frame#START} before a model attempt streams, {@link Frame#CHUNK} right
     * after each {@code assistant/chunk} is appended ({@code seq} is its log seq), {@link Frame#END}
     * when the attempt is over however it ended. {@code attempt} counts from 1 per step and grows each
     * time {@code agent/request-error} asks for a retry; {@code attemptId} is unique per session
     * ({@code <session>:<turn>:<step>:<attempt>}). Delivered synchronously, in chunk order, before the
     * loop reads the next chunk, so a cancel from a listener stops the attempt before more is appended.
     */
    public record AssistantStreamPayload(Agent agent, long turn, long step, int attempt, String attemptId, Frame frame,
                                         long seq, io.dsh4j.message.StreamChunk chunk) {}

    /** The kind of an {@link AssistantStreamPayload}. */
    public enum Frame { START, CHUNK, END }

    /** What {@code agent/request-error} may answer: retry the step's request. */
    public record Retry() {}

    /** Emit (a throw vetoes creation). */
    public static final Notification<AgentPayload> CREATED = Notification.of("agent/created", AgentPayload.class);
    public static final Notification<AgentPayload> DISPOSED = Notification.of("agent/disposed", AgentPayload.class);
    public static final Notification<StatusPayload> STATUS = Notification.of("agent/status", StatusPayload.class);
    public static final Notification<InboxPayload> INBOX_INSERTED = Notification.of("agent/inbox/inserted", InboxPayload.class);
    public static final Notification<ClaimedPayload> INBOX_CLAIMED = Notification.of("agent/inbox/claimed", ClaimedPayload.class);
    public static final Notification<InboxPayload> INBOX_DISCARDED = Notification.of("agent/inbox/discarded", InboxPayload.class);
    public static final Notification<SessionStartPayload> SESSION_START =
            Notification.of("agent/session-start", SessionStartPayload.class);
    public static final Waterfall<PreStepPayload, PreStepDecision> PRE_STEP =
            Waterfall.of("agent/pre-step", PreStepPayload.class, PreStepDecision.class);
    public static final Waterfall<RequestPayload, LlmCallConfig> REQUEST =
            Waterfall.of("agent/request", RequestPayload.class, LlmCallConfig.class);
    /** Answer {@link Retry} to retry; {@code null} (the default) lets the failure stand. */
    public static final Waterfall<RequestErrorPayload, Retry> REQUEST_ERROR =
            Waterfall.of("agent/request-error", RequestErrorPayload.class, Retry.class);
    /** Serial: every listener runs in order until one returns a bail value. */
    public static final Query<TurnStoppingPayload, Object> TURN_STOPPING =
            Query.of("agent/turn-stopping", TurnStoppingPayload.class, Object.class);
    public static final Notification<ErrorPayload> ERROR = Notification.of("agent/error", ErrorPayload.class);
    /** Contained, agent-scoped; see {@link AssistantStreamPayload}. */
    public static final Notification<AssistantStreamPayload> ASSISTANT_STREAM =
            Notification.of("agent/assistant-stream", AssistantStreamPayload.class);

    /** {@code session/event}: contained, on the appending thread, in seq order. */
    public static final Notification<SessionNotice> SESSION_EVENT = Notification.of("session/event", SessionNotice.class);
    /** {@code session/created}: a throw vetoes. */
    public static final Notification<LiveSession> SESSION_CREATED = Notification.of("session/created", LiveSession.class);
    /** {@code session/disposed}: contained. */
    public static final Notification<LiveSession> SESSION_DISPOSED = Notification.of("session/disposed", LiveSession.class);
}
