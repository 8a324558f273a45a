package io.dsh4j.tool.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.OutputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Validates a value against a schema of DSH's subset (already checked by {@link SchemaSubset}) and
 * answers DSH's violation messages (spec §3.2), every one, in DSH's order: for an object its missing
 * required properties, then its declared properties in schema order, then undeclared keys.
 *
 * <p>networknt's validator, compiled once per schema at registration, accepts the common valid value
 * without a walk; a value it rejects is walked by DSH's rules, which word the violations and have the
 * last word (a property test holds the two to the same verdict on the subset). Immutable and
 * thread-safe.
 */
public final class SchemaValidator {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private final JsonNode schema;
    private final Schema compiled;

    public SchemaValidator(JsonNode schema) {
        this.schema = schema;
        this.compiled = REGISTRY.getSchema(schema);
    }

    /**
     * Violations of {@code value} against the arguments schema, the root labelled {@code arguments} and
     * children by their dotted and indexed paths ({@code todos[0].status}).
     */
    public List<String> validateArguments(JsonNode value) {
        return validate(value, "");
    }

    /** Violations of a tool's output value; the root is labelled {@code value}. */
    public List<String> validateOutput(JsonNode value) {
        return validate(value, "value");
    }

    private List<String> validate(JsonNode value, String rootPath) {
        Boolean valid = compiled.validate(value, OutputFormat.BOOLEAN);
        if (Boolean.TRUE.equals(valid) && lossless(value)) {
            return List.of();
        }
        return check(schema, value, rootPath); // DSH's rules have the last word
    }

    /** DSH's rules alone, without networknt's fast path ({@code rootPath} empty: {@code arguments}). */
    public static List<String> dshRules(JsonNode schema, JsonNode value, String rootPath) {
        return check(schema, value, rootPath);
    }

    private static List<String> check(JsonNode node, JsonNode value, String path) {
        JsonNode oneOf = node.get("oneOf");
        if (oneOf != null) {
            int matches = 0;
            for (JsonNode branch : oneOf) {
                if (check(branch, value, path).isEmpty()) {
                    matches++;
                }
            }
            return matches == 1 ? List.of()
                    : List.of(quote(path) + " must match exactly one oneOf branch (matched " + matches + ")");
        }
        JsonNode typeNode = node.get("type");
        if (typeNode == null) {
            return lossless(value) ? List.of() : List.of(quote(path) + " must be a lossless JSON value");
        }
        return switch (typeNode.textValue()) {
            case "object" -> object(node, value, path);
            case "array" -> array(node, value, path);
            case "string" -> value.isTextual() ? scalar(node, value, path) : List.of(quote(path) + " must be a string");
            case "number" -> !value.isNumber() ? List.of(quote(path) + " must be a number")
                    : !JsonValues.isJsonNumber(value) ? List.of(quote(path) + " must be a finite JSON number")
                    : scalar(node, value, path);
            case "integer" -> JsonValues.isInteger(value) ? scalar(node, value, path)
                    : List.of(quote(path) + " must be an integer");
            case "boolean" -> value.isBoolean() ? scalar(node, value, path) : List.of(quote(path) + " must be a boolean");
            case "null" -> value.isNull() ? scalar(node, value, path) : List.of(quote(path) + " must be null");
            default -> List.of(quote(path) + " must be a lossless JSON value");
        };
    }

    private static List<String> object(JsonNode node, JsonNode value, String path) {
        if (!value.isObject()) {
            return List.of(quote(path) + " must be an object");
        }
        JsonNode properties = node.has("properties") ? node.get("properties") : JsJson.nodes().objectNode();
        List<String> violations = new ArrayList<>();
        JsonNode required = node.get("required");
        if (required != null) {
            for (JsonNode key : required) {
                if (!value.has(key.textValue())) {
                    violations.add("missing required property \"" + child(path, key.textValue()) + "\"");
                }
            }
        }
        for (Map.Entry<String, JsonNode> property : properties.properties()) {
            JsonNode childValue = value.get(property.getKey());
            if (childValue != null) {
                violations.addAll(check(property.getValue(), childValue, child(path, property.getKey())));
            }
        }
        JsonNode additional = node.get("additionalProperties");
        if (additional != null && additional.isBoolean() && !additional.booleanValue()) {
            for (Iterator<String> keys = value.fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                if (!properties.has(key)) {
                    violations.add(quote(child(path, key)) + " is not a declared property (additionalProperties: false)");
                }
            }
        }
        if (violations.isEmpty() && !lossless(value)) {
            violations.add(quote(path) + " must be a lossless JSON object");
        }
        return violations;
    }

    private static List<String> array(JsonNode node, JsonNode value, String path) {
        if (!value.isArray()) {
            return List.of(quote(path) + " must be an array");
        }
        List<String> violations = new ArrayList<>();
        JsonNode items = node.get("items");
        if (items != null) {
            for (int i = 0; i < value.size(); i++) {
                violations.addAll(check(items, value.get(i), path + "[" + i + "]"));
            }
        }
        if (violations.isEmpty() && !lossless(value)) {
            violations.add(quote(path) + " must be a dense lossless JSON array");
        }
        return violations;
    }

    private static List<String> scalar(JsonNode node, JsonNode value, String path) {
        JsonNode allowed = node.get("enum");
        if (allowed != null && !JsonValues.contains(allowed, value)) {
            return List.of(quote(path) + " must be one of " + JsJson.stringify(allowed));
        }
        JsonNode constant = node.get("const");
        if (constant != null && !JsonValues.strictEquals(constant, value)) {
            return List.of(quote(path) + " must be " + JsJson.stringify(constant));
        }
        return List.of();
    }

    private static String child(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static String quote(String path) {
        return "\"" + (path.isEmpty() ? "arguments" : path) + "\"";
    }

    private static boolean lossless(JsonNode value) {
        try {
            JsJson.requireLossless(value);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
