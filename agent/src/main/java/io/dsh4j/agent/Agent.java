package io.dsh4j.agent;

import io.dsh4j.kernel.Context;
import io.dsh4j.message.Message;
import io.dsh4j.tool.ToolAgent;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The agent handle (spec kernel-and-agent §5.3). The object is its own scope key: registrations made
 * through {@link #ctx()} are visible to this agent only, and listeners registered there hear only its
 * events. Thread-safe; every method may be called from any thread, including from inside the agent's
 * own listeners (see {@link #cancel} for the one re-entrancy rule).
 */
public interface Agent extends ToolAgent {

    /** Equals {@code session().id()}. */
    @Override
    String id();

    AgentOptions options();

    LiveSession session();

    /** The agent-scoped context (§5.5). */
    Context ctx();

    AgentStatus status();

    /** A snapshot of the pending {@code next-turn} list. */
    List<Message.UserMessage> nextTurn();

    /** A snapshot of the pending {@code next-step} list. */
    List<Message.UserMessage> nextStep();

    /**
     * Appends {@code message} to {@code target}, optionally waking the driver. A waking send while the
     * current activity is already cancelled goes to {@code next-turn} and runs once the agent is idle.
     *
     * @throws IllegalArgumentException {@code message "<id>" is already pending}
     */
    void send(Message.UserMessage message, InboxTarget target, boolean wake);

    /** {@code send(m, next-turn, true)}. */
    default void followup(Message.UserMessage message) {
        send(message, InboxTarget.NEXT_TURN, true);
    }

    /** {@code send(m, next-step, true)}. */
    default void steer(Message.UserMessage message) {
        send(message, InboxTarget.NEXT_STEP, true);
    }

    /** {@code send(m, next-step, false)}. */
    default void inject(Message.UserMessage message) {
        send(message, InboxTarget.NEXT_STEP, false);
    }

    /**
     * Cancels the running activity with {@code cause} (the first cause wins; idle: a no-op), and unless
     * {@code keepInbox} clears the inbox durably first. Without {@code keepInbox}, from inside a
     * {@code session/event} notice of this agent's session with a non-empty inbox, this throws
     * {@link LiveSession#REENTRY} and the abort is skipped (DSH's rule).
     */
    void cancel(AgentCancelCause cause, boolean keepInbox);

    /** Completes when no driver remains (follows replacement work). */
    CompletableFuture<Void> whenIdle();
}
