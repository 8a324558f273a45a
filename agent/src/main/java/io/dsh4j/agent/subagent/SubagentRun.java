package io.dsh4j.agent.subagent;

import io.dsh4j.agent.Agent;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A published one-shot run (spec §6.3–§6.4), owned by the caller: it may await {@link #result()} and
 * must call {@link #dispose()} exactly when done (idempotent). Unloading the provider does not revoke it.
 */
public interface SubagentRun {

    /** For in-process runs, the child session (and agent) id. */
    String id();

    /** The child agent of an in-process run. */
    Optional<Agent> localAgent();

    /**
     * Completes on settlement; child-level failures complete with a non-{@code completed} stop reason,
     * only infrastructure faults complete exceptionally.
     */
    CompletableFuture<SubagentResult> result();

    /**
     * Cancels remaining work, waits for the child to go quiet and releases it (agent and session leave
     * their registries). Idempotent; rethrows only a disposal failure.
     */
    void dispose() throws Exception;
}
