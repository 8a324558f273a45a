package io.dsh4j.agent;

/**
 * The route and knobs of one model request, as {@code agent/request} proposes it (spec §5.7).
 * {@code provider} and {@code model} must be set by the time the request is made.
 */
public record LlmCallConfig(String provider, String model, Long maxTokens, String reasoningEffort) {

    /** The same with another route. */
    public LlmCallConfig withRoute(String newProvider, String newModel) {
        return new LlmCallConfig(newProvider, newModel, maxTokens, reasoningEffort);
    }
}
