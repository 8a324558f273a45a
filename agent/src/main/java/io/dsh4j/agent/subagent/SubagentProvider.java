package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A provider registered with {@link SubagentRuntime} under a unique name (spec §6.2). Providers may be
 * started concurrently for different children; each start owns its state, cancellation and cleanup.
 */
public interface SubagentProvider {

    /** The unique registry name. */
    String name();

    SubagentCapabilities capabilities();

    /** Descriptive: whether the child sees the parent's completed history (not validated). */
    boolean inheritsParentContext();

    /**
     * Starts one child. Before returning the provider owns every partial resource and rolls it back on
     * failure or abort; after returning the caller owns the run.
     *
     * @param descriptor the durable {@code subagent/descriptor} data of the run
     * @throws Exception when the child could not be published (nothing is left to dispose)
     */
    SubagentRun start(SubagentStartRequest request, ObjectNode descriptor) throws Exception;
}
