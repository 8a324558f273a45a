package io.dsh4j.agent;

/**
 * A created agent and how to end it (spec §5.4). {@link #dispose()} is idempotent and shared with the
 * owner's unload: cancel {@code disposed}, wait until idle, dispose the scope (every scoped
 * registration), remove the agent ({@code agent/disposed}) and the session ({@code session/disposed}).
 * It blocks; call it from a virtual thread or the main thread, never from the lifecycle executor.
 */
public interface AgentHandle extends AutoCloseable {

    Agent agent();

    void dispose();

    @Override
    default void close() {
        dispose();
    }
}
