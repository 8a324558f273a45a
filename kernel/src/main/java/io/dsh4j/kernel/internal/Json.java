package io.dsh4j.kernel.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

/** The kernel's one Jackson mapper, and raw-config conversion. */
public final class Json {

    public static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private Json() {}

    /** A raw config as a tree: {@code null} → {@code MissingNode}; trees are copied; anything else converted. */
    public static JsonNode tree(Object raw) {
        if (raw == null) {
            return MissingNode.getInstance();
        }
        if (raw instanceof JsonNode node) {
            return node.deepCopy();
        }
        return MAPPER.valueToTree(raw);
    }
}
