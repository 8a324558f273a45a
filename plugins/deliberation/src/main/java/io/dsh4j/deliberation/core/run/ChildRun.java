package io.dsh4j.deliberation.core.run;

import io.dsh4j.deliberation.core.ChildResult;

/** A published child (spec §12.2 {@code SubagentRun}); its owner disposes it exactly once, after the result. */
public interface ChildRun {

    /** The child session id. */
    String id();

    /** Blocks until the child's result; throws when the result is rejected. Honours the branch's signal. */
    ChildResult awaitResult() throws Exception;

    /** Whether the child's own session ended with {@code turn/end {completed}} (false when unknown). */
    boolean completedNormally();

    /** Releases the child. */
    void dispose() throws Exception;
}
