package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.dsh4j.message.json.JsJson;

/** How the loop turns a model's raw argument text into {@link ToolExecutionInput#arguments()} (spec §3.5). */
public final class ToolArguments {

    private ToolArguments() {}

    /**
     * An empty text is {@code {}}; valid JSON is its value; anything else is the raw text itself, so
     * that a tool expecting an object fails with {@code INVALID_ARGS}.
     */
    public static JsonNode parse(String raw) {
        if (raw.isEmpty()) {
            return JsJson.nodes().objectNode();
        }
        try {
            return JsJson.parse(raw);
        } catch (RuntimeException e) {
            return TextNode.valueOf(raw);
        }
    }
}
