package io.dsh4j.tool.internal;

import com.fasterxml.jackson.databind.JsonNode;

/** JavaScript's view of JSON values for the schema subset: numbers are finite doubles, {@code -0} is not JSON. */
final class JsonValues {

    private JsonValues() {}

    /** DSH's {@code isJsonNumber}: a finite number other than {@code -0}. */
    static boolean isJsonNumber(JsonNode node) {
        if (!node.isNumber()) {
            return false;
        }
        double d = node.doubleValue();
        return Double.isFinite(d) && !(d == 0 && Double.doubleToRawLongBits(d) != 0L && !node.isIntegralNumber());
    }

    /** {@code Number.isInteger} of a JSON number. */
    static boolean isInteger(JsonNode node) {
        if (!isJsonNumber(node)) {
            return false;
        }
        if (node.isIntegralNumber()) {
            return true;
        }
        double d = node.doubleValue();
        return d == Math.rint(d);
    }

    static boolean matchesScalar(String type, JsonNode value) {
        return switch (type) {
            case "string" -> value.isTextual();
            case "number" -> isJsonNumber(value);
            case "integer" -> isInteger(value);
            case "boolean" -> value.isBoolean();
            case "null" -> value.isNull();
            default -> false;
        };
    }

    /** JavaScript's {@code ===} between two scalar JSON values (numbers compared as doubles). */
    static boolean strictEquals(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.doubleValue() == b.doubleValue();
        }
        if (a.isTextual() && b.isTextual()) {
            return a.textValue().equals(b.textValue());
        }
        if (a.isBoolean() && b.isBoolean()) {
            return a.booleanValue() == b.booleanValue();
        }
        return a.isNull() && b.isNull();
    }

    /** {@code array.includes(value)} for scalars. */
    static boolean contains(JsonNode array, JsonNode value) {
        for (JsonNode entry : array) {
            if (strictEquals(entry, value)) {
                return true;
            }
        }
        return false;
    }
}
