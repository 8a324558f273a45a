package io.dsh4j.message.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Typed field access over JSON trees for the typed views of messages and events. Required fields
 * throw {@link JsonShapeException} naming the path; optional fields return {@code null} when absent.
 *
 * <p>Recorded fixtures replace some values by placeholder strings such as {@code "{{tools}}"}, also
 * where an array or object stands: {@link #isPlaceholder} recognises them, and the array/object
 * readers treat a placeholder as absent (the tree itself keeps it, so nothing is lost).
 */
public final class JsonFields {

    private JsonFields() {}

    /** Whether a node is a fixture placeholder string ({@code "{{name}}"}, possibly with a suffix such as {@code "{{cwd}}/x"}). */
    public static boolean isPlaceholder(JsonNode node) {
        if (node == null || !node.isTextual()) return false;
        String s = node.textValue();
        return s.startsWith("{{") && s.indexOf("}}") > 2;
    }

    /** Child path helper: {@code base.field} (or {@code field} when base is empty). */
    public static String at(String base, String field) {
        return base.isEmpty() ? field : base + "." + field;
    }

    /** Requires {@code node} to be an object. */
    public static JsonNode object(JsonNode node, String path) {
        if (node == null || !node.isObject()) throw new JsonShapeException(path, "expected an object, found " + kind(node));
        return node;
    }

    /** A required string field. */
    public static String text(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        if (v == null || !v.isTextual()) throw new JsonShapeException(at(path, field), "expected a string, found " + kind(v));
        return v.textValue();
    }

    /** An optional string field: {@code null} when absent. */
    public static String optText(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        if (v == null) return null;
        if (!v.isTextual()) throw new JsonShapeException(at(path, field), "expected a string, found " + kind(v));
        return v.textValue();
    }

    /** A required safe integer field. */
    public static long integer(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        Long value = integerValue(v);
        if (value == null) throw new JsonShapeException(at(path, field), "expected an integer, found " + kind(v));
        return value;
    }

    /** An optional safe integer field: {@code null} when absent. */
    public static Long optInteger(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        if (v == null) return null;
        Long value = integerValue(v);
        if (value == null) throw new JsonShapeException(at(path, field), "expected an integer, found " + kind(v));
        return value;
    }

    /** The value of a JSON number that is a JS safe integer, else {@code null}. */
    public static Long integerValue(JsonNode v) {
        if (v == null || !v.isNumber()) return null;
        if (v.isInt() || v.isShort()) return (long) v.intValue();
        if (v.isLong()) return JsNumberFormat.isSafeInteger(v.longValue()) ? v.longValue() : null;
        double d = v.doubleValue();
        return JsNumberFormat.isSafeInteger(d) ? (long) d : null;
    }

    /** A required boolean field. */
    public static boolean bool(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        if (v == null || !v.isBoolean()) throw new JsonShapeException(at(path, field), "expected a boolean, found " + kind(v));
        return v.booleanValue();
    }

    /** An optional boolean field: {@code null} when absent. */
    public static Boolean optBool(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        if (v == null) return null;
        if (!v.isBoolean()) throw new JsonShapeException(at(path, field), "expected a boolean, found " + kind(v));
        return v.booleanValue();
    }

    /** An optional object field: {@code null} when absent or a placeholder. */
    public static JsonNode optObject(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        if (v == null || isPlaceholder(v)) return null;
        if (!v.isObject()) throw new JsonShapeException(at(path, field), "expected an object, found " + kind(v));
        return v;
    }

    /**
     * A list field read element by element; absent or placeholder gives an empty list.
     *
     * @param element reads one element given its node and path
     */
    public static <T> List<T> list(JsonNode obj, String field, String path, BiFunction<JsonNode, String, T> element) {
        JsonNode v = obj.get(field);
        if (v == null || isPlaceholder(v)) return List.of();
        return listOf(v, at(path, field), element);
    }

    /** Reads an array node element by element; a placeholder gives an empty list. */
    public static <T> List<T> listOf(JsonNode v, String path, BiFunction<JsonNode, String, T> element) {
        if (isPlaceholder(v)) return List.of();
        if (!v.isArray()) throw new JsonShapeException(path, "expected an array, found " + kind(v));
        List<T> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) out.add(element.apply(v.get(i), path + "[" + i + "]"));
        return List.copyOf(out);
    }

    /** A short name of a node's JSON kind for messages ("absent", "string", "number", …). */
    public static String kind(JsonNode v) {
        if (v == null || v.isMissingNode()) return "nothing";
        return switch (v.getNodeType()) {
            case STRING -> "a string";
            case NUMBER -> "the number " + v.asText();
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            default -> v.getNodeType().toString();
        };
    }
}
