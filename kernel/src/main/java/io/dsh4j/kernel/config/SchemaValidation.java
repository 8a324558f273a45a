package io.dsh4j.kernel.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One validation of a value against a {@link Schema}: the walk that applies the schemastery rules of
 * spec §1.13 (absent values, defaults, open objects, ranges, steps, patterns, unions, intersections)
 * and words the issues it finds. It collects every issue instead of stopping at the first.
 */
final class SchemaValidation {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final List<Issue> issues = new ArrayList<>();

    private SchemaValidation() {}

    /** See {@link Schema#resolve(JsonNode)}. */
    static JsonNode resolve(Schema schema, JsonNode raw) {
        SchemaValidation validation = new SchemaValidation();
        JsonNode result = validation.walk(schema, raw, List.of(), false);
        if (!validation.issues.isEmpty()) {
            throw new ConfigValidationException(validation.issues);
        }
        return result == null ? MissingNode.getInstance() : result;
    }

    private void issue(String message, List<Object> path) {
        issues.add(new Issue(message, path));
    }

    /**
     * Validates {@code data} at {@code path}; returns the resolved value, {@code null} when absent.
     * {@code strict}: an object keeps only its declared fields (inside an intersection, whose branches
     * are merged afterwards).
     */
    private JsonNode walk(Schema s, JsonNode data, List<Object> path, boolean strict) {
        if (absent(data)) {
            if (s.required) {
                issue("missing required value", path);
                return null;
            }
            JsonNode fallback = defaultOf(s);
            if (fallback == null) {
                return null;
            }
            data = fallback.deepCopy();
        }
        return switch (s.kind) {
            case ANY -> data;
            case STRING -> string(s, data, path);
            case NUMBER -> number(s, data, path);
            case BOOLEAN -> expect(data.isBoolean(), "boolean", data, path);
            case CONST -> {
                if (!data.equals(s.constant)) {
                    issue("expected " + describe(s.constant) + " but got " + describe(data), path);
                }
                yield data;
            }
            case OBJECT -> object(s, data, path, strict);
            case DICT -> dict(s, data, path);
            case ARRAY -> array(s, data, path);
            case UNION -> union(s, data, path, strict);
            case INTERSECT -> intersect(s, data, path, strict);
        };
    }

    /** The default: the schema's own, else (an intersection) its first branch's, and so on. */
    private static JsonNode defaultOf(Schema s) {
        JsonNode fallback = s.defaultValue;
        Schema current = s;
        while (fallback == null && current.kind == Schema.Kind.INTERSECT && !current.list.isEmpty()) {
            current = current.list.get(0);
            fallback = current.defaultValue;
        }
        return fallback;
    }

    private static boolean absent(JsonNode data) {
        return data == null || data.isMissingNode() || data.isNull();
    }

    private JsonNode expect(boolean ok, String type, JsonNode data, List<Object> path) {
        if (!ok) {
            issue("expected " + type + " but got " + describe(data), path);
        }
        return data;
    }

    private JsonNode string(Schema s, JsonNode data, List<Object> path) {
        if (!data.isTextual()) {
            return expect(false, "string", data, path);
        }
        String text = data.textValue();
        if (s.pattern != null && !s.pattern.matcher(text).find()) {
            issue("expect string to match regexp /" + s.pattern.pattern() + "/", path);
        }
        range(s, text.length(), "string length", path);
        return data;
    }

    private JsonNode number(Schema s, JsonNode data, List<Object> path) {
        if (!data.isNumber()) {
            return expect(false, "number", data, path);
        }
        range(s, data.doubleValue(), "number", path);
        if (s.step != null && s.step != 0) {
            BigDecimal offset = data.decimalValue().subtract(BigDecimal.valueOf(s.min == null ? 0 : s.min));
            if (offset.remainder(BigDecimal.valueOf(Math.abs(s.step))).signum() != 0) {
                issue("expected number multiple of " + format(s.step) + " but got " + describe(data), path);
            }
        }
        return data;
    }

    private void range(Schema s, double value, String what, List<Object> path) {
        if (s.max != null && value > s.max) {
            issue("expected " + what + " <= " + format(s.max) + " but got " + format(value), path);
        }
        if (s.min != null && value < s.min) {
            issue("expected " + what + " >= " + format(s.min) + " but got " + format(value), path);
        }
    }

    private JsonNode object(Schema s, JsonNode data, List<Object> path, boolean strict) {
        if (!data.isObject()) {
            return expect(false, "object", data, path);
        }
        ObjectNode result = NODES.objectNode();
        for (Map.Entry<String, Schema> field : s.fields.entrySet()) {
            String key = field.getKey();
            JsonNode value = walk(field.getValue(), data.get(key), child(path, key), false);
            if (value != null) {
                result.set(key, value);
            } else if (data.has(key)) {
                result.set(key, data.get(key)); // present, even as null: kept
            }
        }
        if (!strict) {
            mergeMissing(result, data); // configs are open: unknown keys stay
        }
        return result;
    }

    private JsonNode dict(Schema s, JsonNode data, List<Object> path) {
        if (!data.isObject()) {
            return expect(false, "object", data, path);
        }
        ObjectNode result = NODES.objectNode();
        for (Map.Entry<String, JsonNode> e : data.properties()) {
            JsonNode value = walk(s.inner, e.getValue(), child(path, e.getKey()), false);
            result.set(e.getKey(), value == null ? e.getValue() : value);
        }
        return result;
    }

    private JsonNode array(Schema s, JsonNode data, List<Object> path) {
        if (!data.isArray()) {
            return expect(false, "array", data, path);
        }
        range(s, data.size(), "array length", path);
        ArrayNode result = NODES.arrayNode();
        for (int i = 0; i < data.size(); i++) {
            JsonNode value = walk(s.inner, data.get(i), child(path, i), false);
            result.add(value == null ? data.get(i) : value);
        }
        return result;
    }

    /** The first branch that validates without an issue wins; the failure lists the alternatives. */
    private JsonNode union(Schema s, JsonNode data, List<Object> path, boolean strict) {
        for (Schema branch : s.list) {
            SchemaValidation attempt = new SchemaValidation();
            JsonNode value = attempt.walk(branch, data, path, strict);
            if (attempt.issues.isEmpty()) {
                return value;
            }
        }
        issue("expected " + s + " but got " + data, path);
        return data;
    }

    /** Every branch must validate; object results are merged, other results must be equal. */
    private JsonNode intersect(Schema s, JsonNode data, List<Object> path, boolean strict) {
        JsonNode result = null;
        for (Schema branch : s.list) {
            JsonNode value = walk(branch, data, path, true);
            if (absent(value)) {
                continue;
            }
            if (result == null) {
                result = value;
            } else if (result.isObject() && value.isObject()) {
                mergeMissing((ObjectNode) result, value);
            } else if (!result.equals(value)) {
                issue("expected " + s + " but got " + data, path);
                return data;
            }
        }
        if (!strict && result != null && result.isObject() && data.isObject()) {
            mergeMissing((ObjectNode) result, data);
        }
        return result == null ? data : result;
    }

    private static void mergeMissing(ObjectNode target, JsonNode source) {
        for (Map.Entry<String, JsonNode> e : source.properties()) {
            if (!target.has(e.getKey())) {
                target.set(e.getKey(), e.getValue());
            }
        }
    }

    private static List<Object> child(List<Object> path, Object segment) {
        List<Object> next = new ArrayList<>(path.size() + 1);
        next.addAll(path);
        next.add(segment);
        return next;
    }

    /** Values in messages: text as is, numbers without a trailing {@code .0}, others as JSON. */
    static String describe(JsonNode node) {
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isNumber()) {
            return format(node.doubleValue());
        }
        return node.toString();
    }

    private static String format(double value) {
        return value == Math.rint(value) && !Double.isInfinite(value) ? Long.toString((long) value)
                : Double.toString(value);
    }
}
