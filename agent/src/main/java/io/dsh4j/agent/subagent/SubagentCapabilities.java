package io.dsh4j.agent.subagent;

/**
 * The start-time features a provider declares (spec §6.2); {@link SubagentRuntime#start} refuses a
 * request that needs one the provider lacks before calling it.
 */
public record SubagentCapabilities(boolean outputSchema, boolean depthLimit, boolean toolFilter, boolean persona) {

    /** All four, as the in-process providers declare them. */
    public static final SubagentCapabilities ALL = new SubagentCapabilities(true, true, true, true);
}
