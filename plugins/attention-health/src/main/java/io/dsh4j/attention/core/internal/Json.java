package io.dsh4j.attention.core.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The engine's JSON parser: strict like {@code JSON.parse} (trailing content is an error).
 * Thread-safe.
 */
public final class Json {

    /** A shared mapper; configured once, never mutated afterwards. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private Json() {}

    /** {@code JSON.parse(text)}, or {@code null} when the text is not one JSON value. */
    public static JsonNode parseOrNull(String text) {
        if (text == null || text.isEmpty()) return null;
        try {
            JsonNode node = MAPPER.readTree(text);
            return node == null || node.isMissingNode() ? null : node;
        } catch (JsonProcessingException | RuntimeException e) {
            return null;
        }
    }

    /** A new empty object. */
    public static ObjectNode emptyObject() {
        return JsonNodeFactory.instance.objectNode();
    }
}
