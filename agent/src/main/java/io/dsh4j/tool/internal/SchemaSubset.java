package io.dsh4j.tool.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.JsonSchemaException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DSH's enforced JSON-schema subset (spec §3.2), checked at registration: one scalar {@code type},
 * {@code properties}, {@code required} (declared names only), boolean {@code additionalProperties},
 * {@code items}, scalar {@code enum}/{@code const} of the node's type, {@code oneOf} of at least two
 * branches (alone), annotations ({@code description}, {@code title}, {@code default}, {@code examples}).
 * A node without {@code type} and {@code oneOf} accepts any JSON. Iterative, so a deep schema cannot
 * overflow the stack.
 */
public final class SchemaSubset {

    static final Set<String> CONSTRAINTS = Set.of("type", "oneOf", "properties", "required",
            "additionalProperties", "items", "enum", "const");
    static final Set<String> ANNOTATIONS = Set.of("description", "title", "default", "examples");
    static final List<String> TYPES = List.of("object", "array", "string", "number", "integer", "boolean", "null");
    private static final List<String> TYPED_ONLY = List.of("properties", "required", "additionalProperties",
            "items", "enum", "const");
    private static final Map<String, Set<String>> ALLOWED_FOR = Map.of(
            "properties", Set.of("object"),
            "required", Set.of("object"),
            "additionalProperties", Set.of("object"),
            "items", Set.of("array"),
            "enum", Set.of("string", "number", "integer", "boolean", "null"),
            "const", Set.of("string", "number", "integer", "boolean", "null"));

    private SchemaSubset() {}

    /**
     * @param root    the schema
     * @param label   what the schema is ({@code parameters}, {@code output.schema})
     * @param subject who owns it, for the message ({@code tool "read"})
     * @throws JsonSchemaException listing every violation, each with its path
     */
    public static void check(JsonNode root, String label, String subject) {
        List<String> violations = violations(root, label);
        if (!violations.isEmpty()) {
            throw new JsonSchemaException(subject + " " + label, violations);
        }
    }

    /** Every violation of the subset in {@code root}, paths starting at {@code rootPath}; empty if supported. */
    public static List<String> violations(JsonNode root, String rootPath) {
        List<String> violations = new ArrayList<>();
        ArrayList<Task> stack = new ArrayList<>();
        stack.add(new Task(root, rootPath, false));
        while (!stack.isEmpty()) {
            Task task = stack.removeLast();
            JsonNode node = task.node();
            String path = task.path();
            if (task.tail()) {
                objectTail(node, path, violations);
                continue;
            }
            if (node == null || !node.isObject()) {
                violations.add(path + " must be a schema object");
                continue;
            }
            for (Iterator<String> keys = node.fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                if (CONSTRAINTS.contains(key)) {
                    continue;
                }
                if (ANNOTATIONS.contains(key)) {
                    if (!lossless(node.get(key))) {
                        violations.add(path + "." + key + " annotation must be lossless JSON data");
                    }
                    continue;
                }
                violations.add(path + "." + key + " is not a supported keyword (subset: type/oneOf/properties/"
                        + "required/additionalProperties/items/enum/const + annotations)");
            }
            if (node.has("description") && !node.get("description").isTextual()) {
                violations.add(path + ".description must be a string");
            }
            if (node.has("title") && !node.get("title").isTextual()) {
                violations.add(path + ".title must be a string");
            }
            boolean hasType = node.has("type");
            boolean hasOneOf = node.has("oneOf");
            if (hasType && hasOneOf) {
                violations.add(path + " cannot declare both type and oneOf");
                continue;
            }
            if (!hasType && !hasOneOf) {
                for (String key : TYPED_ONLY) {
                    if (node.has(key)) {
                        violations.add(path + "." + key + " requires type or oneOf");
                    }
                }
                continue;
            }
            if (hasOneOf) {
                JsonNode oneOf = node.get("oneOf");
                if (!oneOf.isArray() || oneOf.size() < 2) {
                    violations.add(path + ".oneOf must be an array of at least two schemas");
                    siblingsOfOneOf(node, path, violations);
                    continue;
                }
                stack.add(new Task(node, path, true, true));
                for (int i = oneOf.size() - 1; i >= 0; i--) {
                    stack.add(new Task(oneOf.get(i), path + ".oneOf[" + i + "]", false));
                }
                continue;
            }
            JsonNode typeNode = node.get("type");
            String type = typeNode.isTextual() ? typeNode.textValue() : null;
            if (type == null || !TYPES.contains(type)) {
                violations.add(typeNode.isArray()
                        ? path + ".type must be a single type string (type arrays are not supported)"
                        : path + ".type must be one of " + String.join("/", TYPES));
                continue;
            }
            for (String key : TYPED_ONLY) {
                if (node.has(key) && !ALLOWED_FOR.get(key).contains(type)) {
                    violations.add(path + "." + key + " is not supported on type \"" + type + "\"");
                }
            }
            switch (type) {
                case "object" -> {
                    stack.add(new Task(node, path, true));
                    JsonNode properties = node.get("properties");
                    if (properties != null) {
                        if (!properties.isObject()) {
                            violations.add(path + ".properties must be an object of schemas");
                        } else {
                            List<Task> children = new ArrayList<>();
                            properties.properties().forEach(e ->
                                    children.add(new Task(e.getValue(), path + ".properties." + e.getKey(), false)));
                            stack.addAll(children.reversed());
                        }
                    }
                }
                case "array" -> {
                    if (node.has("items")) {
                        stack.add(new Task(node.get("items"), path + ".items", false));
                    }
                }
                default -> scalar(node, path, type, violations);
            }
        }
        return violations;
    }

    private record Task(JsonNode node, String path, boolean tail, boolean oneOfTail) {
        Task(JsonNode node, String path, boolean tail) {
            this(node, path, tail, false);
        }
    }

    private static void objectTail(JsonNode node, String path, List<String> violations) {
        if (node.has("oneOf")) {
            siblingsOfOneOf(node, path, violations);
            return;
        }
        JsonNode required = node.get("required");
        if (required != null) {
            boolean strings = required.isArray();
            if (strings) {
                for (JsonNode entry : required) {
                    strings &= entry.isTextual();
                }
            }
            if (!strings) {
                violations.add(path + ".required must be an array of strings");
            } else {
                JsonNode properties = node.get("properties");
                for (JsonNode entry : required) {
                    if (properties == null || !properties.isObject() || !properties.has(entry.textValue())) {
                        violations.add(path + ".required names \"" + entry.textValue() + "\" which is not in properties");
                    }
                }
            }
        }
        JsonNode additional = node.get("additionalProperties");
        if (additional != null && !additional.isBoolean()) {
            violations.add(path + ".additionalProperties must be a boolean");
        }
    }

    private static void siblingsOfOneOf(JsonNode node, String path, List<String> violations) {
        for (String key : TYPED_ONLY) {
            if (node.has(key)) {
                violations.add(path + "." + key + " is not supported beside oneOf");
            }
        }
    }

    private static void scalar(JsonNode node, String path, String type, List<String> violations) {
        JsonNode allowed = node.get("enum");
        boolean enumValid = false;
        if (allowed != null) {
            enumValid = allowed.isArray() && !allowed.isEmpty();
            if (enumValid) {
                for (JsonNode entry : allowed) {
                    enumValid &= JsonValues.matchesScalar(type, entry);
                }
            }
            if (!enumValid) {
                violations.add(path + ".enum must be a non-empty array of " + type + " values");
            }
        }
        JsonNode constant = node.get("const");
        if (constant != null) {
            if (!JsonValues.matchesScalar(type, constant)) {
                violations.add(path + ".const must be a " + type + " value");
            } else if (enumValid && !JsonValues.contains(allowed, constant)) {
                violations.add(path + ".const must be one of " + path + ".enum when both are declared");
            }
        }
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
