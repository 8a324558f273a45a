package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * What the model sees of a tool: {@code {name, description, parameters}} — nothing else of a
 * {@link ToolDefinition} (timeouts, classifiers, output contracts) ever reaches it.
 *
 * @param parameters the JSON Schema of the arguments; must not be mutated
 */
public record ToolSchema(String name, String description, JsonNode parameters) {
    public ToolSchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parameters, "parameters");
    }
}
