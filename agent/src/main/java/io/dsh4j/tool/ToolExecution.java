package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Signal;

/**
 * One call inside the pipeline (spec §3.4): the input with its arguments snapshotted (a deep copy
 * nobody else holds; treat it as read-only), a fresh opaque {@link #token()} and the resolved
 * {@link #rootCallId()}. Listeners of the tool events receive it.
 */
public interface ToolExecution {

    String callId();

    /** The root call of this execution tree; {@link #callId()} for a root call. */
    String rootCallId();

    String name();

    /** The snapshotted arguments. Must not be mutated. */
    JsonNode arguments();

    /** The calling agent, or {@code null} for a direct call. */
    ToolAgent agent();

    /**
     * The signal the body sees: the caller's, fused with whatever a {@code tools/execute} wrapper
     * installed ({@link ToolDispatch#withSignal}).
     */
    Signal signal();

    /** A unique identity of this execution (never serialized); compare by identity. */
    Object token();
}
