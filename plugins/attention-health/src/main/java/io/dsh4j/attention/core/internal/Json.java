package io.dsh4j.attention.core.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The engine's JSON parser, strict like {@code JSON.parse} (trailing content is an error), and its
 * writer, {@link #stringify}, byte for byte {@code JSON.stringify}. Thread-safe.
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

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /**
     * {@code JSON.stringify(node)}: numbers in JavaScript's shortest form ({@code 5120}, not
     * {@code 5120.0}; a non-finite one as {@code null}, {@code -0} as {@code 0}); strings with
     * JavaScript's escapes (a lone surrogate as a six-character escape); integer-like keys first, ascending,
     * as JavaScript orders an object's keys. Non-JSON nodes are written as {@code null}.
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
            case STRING -> quote(out, node.textValue());
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
            (isArrayIndex(e.getKey()) ? indexKeys : others).add(e);
        }
        indexKeys.sort((a, b) -> Long.compare(Long.parseLong(a.getKey()), Long.parseLong(b.getKey())));
        indexKeys.addAll(others);
        out.append('{');
        for (int i = 0; i < indexKeys.size(); i++) {
            if (i > 0) out.append(',');
            quote(out, indexKeys.get(i).getKey());
            out.append(':');
            write(out, indexKeys.get(i).getValue());
        }
        out.append('}');
    }

    /** "0" … "4294967294" in canonical form: the keys JavaScript lists first. */
    private static boolean isArrayIndex(String key) {
        int n = key.length();
        if (n == 0 || n > 10 || (key.charAt(0) == '0' && n > 1)) return false;
        for (int i = 0; i < n; i++) {
            if (key.charAt(i) < '0' || key.charAt(i) > '9') return false;
        }
        return Long.parseLong(key) <= 4_294_967_294L;
    }

    private static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1));
                    if (paired) {
                        out.append(c).append(s.charAt(++i));
                    } else if (c < 0x20 || Character.isSurrogate(c)) {
                        out.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF])
                                .append(HEX[c >> 4 & 0xF]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
