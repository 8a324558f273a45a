package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsNumberFormat;
import io.dsh4j.message.json.JsStrings;

/** JavaScript's value semantics where the original's behaviour depends on them (spec Appendix C). */
final class JsValues {

    private JsValues() {}

    /** {@code String(value)} of a JSON value; {@code undefined} ({@code null} here) reads as {@code "undefined"}. */
    static String string(JsonNode v) {
        if (v == null || v.isMissingNode()) return "undefined";
        if (v.isTextual()) return v.textValue();
        if (v.isNull()) return "null";
        if (v.isBoolean()) return v.booleanValue() ? "true" : "false";
        if (v.isNumber()) {
            double d = v.doubleValue();
            if (Double.isNaN(d)) return "NaN";
            if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
            return JsNumberFormat.format(d);
        }
        if (v.isArray()) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) out.append(',');
                JsonNode e = v.get(i);
                if (e != null && !e.isNull()) out.append(string(e));
            }
            return out.toString();
        }
        return "[object Object]";
    }

    /** {@code typeof v === 'string' && v.trim() !== ''}. */
    static boolean nonBlankString(JsonNode v) {
        return v != null && v.isTextual() && !JsStrings.trim(v.textValue()).isEmpty();
    }

    /** A non-null, non-array JSON object. */
    static boolean plainObject(JsonNode v) {
        return v != null && v.isObject();
    }

    /** {@code Number.isSafeInteger(v)} of a JSON value. */
    static boolean safeInteger(JsonNode v) {
        if (v == null || !v.isNumber()) return false;
        if (v.isIntegralNumber()) return v.canConvertToLong() && JsNumberFormat.isSafeInteger(v.longValue());
        double d = v.doubleValue();
        return JsNumberFormat.isSafeInteger(d);
    }

    /** A safe integer value as a long; call after {@link #safeInteger}. */
    static long longOf(JsonNode v) {
        return v.isIntegralNumber() ? v.longValue() : (long) v.doubleValue();
    }

    /** Whether {@code v} is absent, JSON {@code null} or missing — JavaScript's nullish. */
    static boolean nullish(JsonNode v) {
        return v == null || v.isNull() || v.isMissingNode();
    }
}
