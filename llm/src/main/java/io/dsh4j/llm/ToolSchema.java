package io.dsh4j.llm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A tool as the model sees it ({@code {name, description, parameters}}).
 *
 * @param name        tool name
 * @param description what the tool does, for the model
 * @param parameters  JSON Schema of the arguments object
 */
public record ToolSchema(String name, String description, JsonNode parameters) {
    public ToolSchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parameters, "parameters");
    }
}
