package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import java.util.List;
import java.util.Objects;

/**
 * A tool's canonical output contract (spec §3.1): every successful value must satisfy {@code schema}
 * (the enforced subset of §3.2); {@code render} projects (arguments, value) to what the model sees;
 * {@code presentationMeta}, when present, projects them to the JSON persisted as the durable
 * {@code tool/result}'s {@code meta} (top-level calls only).
 *
 * @param presentationMeta {@code null} when the tool persists no presentation data
 */
public record ToolOutput(JsonNode schema, Renderer render, MetaProjector presentationMeta) {

    public ToolOutput {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(render, "render");
    }

    /** An output contract without presentation data. */
    public static ToolOutput of(JsonNode schema, Renderer render) {
        return new ToolOutput(schema, render, null);
    }

    /** Pure projection of a validated value to model-facing content; a throw is INVALID_TOOL_OUTPUT. */
    @FunctionalInterface
    public interface Renderer {
        List<ContentBlock> render(JsonNode args, JsonNode value);
    }

    /** Pure projection of a validated value to presentation JSON; a throw is INVALID_TOOL_OUTPUT. */
    @FunctionalInterface
    public interface MetaProjector {
        JsonNode project(JsonNode args, JsonNode value);
    }
}
