package io.dsh4j.message.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;

/**
 * Builds a JSON tree from a streaming parser with {@code JSON.parse} semantics: a repeated key keeps
 * its first position and takes the last value; {@code -0} stays a negative zero (a {@link DoubleNode});
 * integers beyond the long range become doubles, as in JS. Cheaper than databind's {@code readTree}
 * (no deserialization context per value). The parser's {@link com.fasterxml.jackson.core.StreamReadConstraints}
 * bound nesting and sizes.
 */
public final class JsonTrees {

    private JsonTrees() {}

    /**
     * Reads the value at the parser's current token (advancing to it first when there is none) and
     * leaves the parser on the value's last token.
     */
    public static JsonNode read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) t = p.nextToken();
        if (t == null) throw new JsonTextException("empty JSON text", 0, null);
        return value(p, t);
    }

    private static JsonNode value(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT: {
                ObjectNode o = JsJson.nodes().objectNode();
                String name;
                while ((name = p.nextFieldName()) != null) {
                    o.set(name, value(p, p.nextToken()));
                }
                return o;
            }
            case START_ARRAY: {
                ArrayNode a = JsJson.nodes().arrayNode();
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (e == null) throw new JsonTextException("unterminated array", -1, null);
                    a.add(value(p, e));
                }
                return a;
            }
            case VALUE_STRING:
                return TextNode.valueOf(p.getText());
            case VALUE_NUMBER_INT:
                return integer(p);
            case VALUE_NUMBER_FLOAT:
                return DoubleNode.valueOf(p.getDoubleValue());
            case VALUE_TRUE:
                return BooleanNode.TRUE;
            case VALUE_FALSE:
                return BooleanNode.FALSE;
            case VALUE_NULL:
                return NullNode.instance;
            default:
                throw new JsonTextException("unexpected token " + t, -1, null);
        }
    }

    private static JsonNode integer(JsonParser p) throws IOException {
        switch (p.getNumberType()) {
            case INT: {
                int v = p.getIntValue();
                if (v == 0 && p.getTextLength() > 1) return DoubleNode.valueOf(-0.0); // "-0"
                return IntNode.valueOf(v);
            }
            case LONG:
                return LongNode.valueOf(p.getLongValue());
            default:
                return DoubleNode.valueOf(p.getDoubleValue());
        }
    }
}
