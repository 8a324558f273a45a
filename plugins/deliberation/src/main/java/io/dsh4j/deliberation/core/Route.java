package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.util.Objects;
import java.util.Optional;

/**
 * A deployment-approved model route (spec §2.2). Only the name and description are ever shown to the
 * model; the overrides go to the child's agent options.
 *
 * @param provider  LLM provider override, {@code null} to inherit the Primary's
 * @param model     model override, {@code null} to inherit
 * @param maxTokens output-token ceiling for the child, {@code null} for none
 */
public record Route(String name, String description, String provider, String model, Long maxTokens) {

    public Route {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
    }

    /** {@code routeOptions}: the present overrides among provider, model, maxTokens; empty when there are none. */
    public Optional<ObjectNode> agentOptions() {
        if (provider == null && model == null && maxTokens == null) return Optional.empty();
        ObjectNode o = JsJson.nodes().objectNode();
        if (provider != null) o.put("provider", provider);
        if (model != null) o.put("model", model);
        if (maxTokens != null) o.put("maxTokens", maxTokens);
        return Optional.of(o);
    }
}
