package io.dsh4j.agent;

/**
 * {@code AgentOptions} (spec §5.3): the model route of the agent's first request. {@code null} means
 * "not given" everywhere; an {@code agent/request} listener may supply or switch the route.
 */
public record AgentOptions(String provider, String model, Long maxTokens, String reasoningEffort, Long subagentDepth) {

    /** No route: an {@code agent/request} listener must supply one. */
    public static final AgentOptions NONE = new AgentOptions(null, null, null, null, null);

    /** A route. */
    public static AgentOptions of(String provider, String model) {
        return new AgentOptions(provider, model, null, null, null);
    }

    /** The same with a reasoning effort. */
    public AgentOptions withReasoningEffort(String effort) {
        return new AgentOptions(provider, model, maxTokens, effort, subagentDepth);
    }
}
