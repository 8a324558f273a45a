package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolCodes;
import io.dsh4j.tool.ToolException;

/** Reading validated arguments; the schema already checked the types. */
final class Args {

    private Args() {}

    static String string(JsonNode args, String name) {
        JsonNode v = args.get(name);
        return v == null || v.isNull() ? null : v.textValue();
    }

    static boolean bool(JsonNode args, String name) {
        JsonNode v = args.get(name);
        return v != null && v.isBoolean() && v.booleanValue();
    }

    /**
     * An optional positive integer given as a JSON number.
     *
     * @throws ToolException {@code INVALID_ARGS}: {@code invalid arguments: "<name>" must be a positive integer}
     */
    static Long positive(JsonNode args, String name) {
        JsonNode v = args.get(name);
        if (v == null || v.isNull()) {
            return null;
        }
        double d = v.doubleValue();
        if (!v.isNumber() || d < 1 || d != Math.rint(d) || d > 9_007_199_254_740_991d) {
            throw invalid("\"" + name + "\" must be a positive integer");
        }
        return (long) d;
    }

    /**
     * A violation the schema cannot state (a range, a character), worded and coded as the pipeline's
     * own argument errors: {@code ToolArgsError}, {@code INVALID_ARGS}, {@code invalid arguments: …}.
     */
    static ToolException invalid(String violation) {
        return new ToolException("ToolArgsError", ToolCodes.INVALID_ARGS, "invalid arguments: " + violation);
    }

    /** A JSON schema property of {@code type} with a description. */
    static com.fasterxml.jackson.databind.node.ObjectNode property(String type, String description) {
        return JsJson.nodes().objectNode().put("type", type).put("description", description);
    }
}
