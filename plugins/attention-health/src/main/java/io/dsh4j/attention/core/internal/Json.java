package io.dsh4j.attention.core.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The engine's JSON reading — the harness's one strict, size-capped {@code JSON.parse}
 * ({@link JsJson#parse}) with failures as {@code null} — and its writer, {@link #stringify}, byte for
 * byte {@code JSON.stringify}. Thread-safe.
 */
public final class Json {

    private Json() {}

    /** {@code JSON.parse(text)}, or {@code null} when the text is not one JSON value (or exceeds a cap). */
    public static JsonNode parseOrNull(String text) {
        if (text == null || text.isEmpty()) return null;
        try {
            return JsJson.parse(text);
        } catch (RuntimeException e) { // a JsonTextException, or anything else: "not one JSON value"
            return null;
        }
    }

    /** A new empty object. */
    public static ObjectNode emptyObject() {
        return JsonNodeFactory.instance.objectNode();
    }

    /**
     * {@code JSON.stringify(node)}: numbers in JavaScript's shortest form ({@code 5120}, not
     * {@code 5120.0}; a non-finite one as {@code null}, {@code -0} as {@code 0}); strings with
     * JavaScript's escapes (a lone surrogate as a six-character escape) and integer-like keys first,
     * ascending, as the harness's {@link JsJson} writes them. Unlike {@link JsJson#stringify} it never
     * refuses a value, as {@code JSON.stringify} never did. Non-JSON nodes are written as {@code null}.
     *
     * @param node the value, not null
     */
    public static String stringify(JsonNode node) {
        StringBuilder out = new StringBuilder(256);
        write(out, node);
        return out.toString();
    }

    private static void write(StringBuilder out, JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT -> writeObject(out, node);
            case ARRAY -> {
                out.append('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) out.append(',');
                    write(out, node.get(i));
                }
                out.append(']');
            }
            case STRING -> JsJson.appendString(out, node.textValue());
            case NUMBER -> {
                double d = node.doubleValue();
                out.append(JsNumbers.finite(d) ? JsNumbers.toJsString(d) : "null");
            }
            case BOOLEAN -> out.append(node.booleanValue());
            default -> out.append("null");
        }
    }

    private static void writeObject(StringBuilder out, JsonNode node) {
        List<Map.Entry<String, JsonNode>> indexKeys = new ArrayList<>();
        List<Map.Entry<String, JsonNode>> others = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            (JsJson.isArrayIndex(e.getKey()) ? indexKeys : others).add(e);
        }
        indexKeys.sort((a, b) -> Long.compare(Long.parseLong(a.getKey()), Long.parseLong(b.getKey())));
        indexKeys.addAll(others);
        out.append('{');
        for (int i = 0; i < indexKeys.size(); i++) {
            if (i > 0) out.append(',');
            JsJson.appendString(out, indexKeys.get(i).getKey());
            out.append(':');
            write(out, indexKeys.get(i).getValue());
        }
        out.append('}');
    }
}
