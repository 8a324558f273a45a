package io.dsh4j.message.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;

/**
 * Reads raw event JSON the way the original engine's JavaScript did: a property of anything that
 * is not an object is absent, JSON {@code null} and a missing key are both "nullish", numbers are
 * IEEE doubles ({@code NaN} and infinities included, as {@code typeof} reports them), and
 * truthiness and {@code String(v)} follow ECMAScript.
 *
 * <p>Every method accepts {@code null} (absent) and never throws. Stateless and thread-safe.
 */
public final class Js {

    private Js() {}

    /** {@code obj?.[key]}, with JSON {@code null} reported as absent ({@code null}). */
    public static JsonNode get(JsonNode obj, String key) {
        if (obj == null || !obj.isObject()) return null;
        JsonNode v = obj.get(key);
        return v == null || v.isNull() || v.isMissingNode() ? null : v;
    }

    /** {@code obj?.[a]?.[b]…}. */
    public static JsonNode path(JsonNode obj, String... keys) {
        JsonNode cur = obj;
        for (String k : keys) {
            cur = get(cur, k);
            if (cur == null) return null;
        }
        return cur;
    }

    /** {@code arr?.[i]} for arrays (strings and other values yield absent). */
    public static JsonNode at(JsonNode arr, int i) {
        if (arr == null || !arr.isArray() || i < 0 || i >= arr.size()) return null;
        JsonNode v = arr.get(i);
        return v == null || v.isNull() ? null : v;
    }

    /** {@code a ?? b}. */
    public static JsonNode or(JsonNode a, JsonNode b) {
        return a != null ? a : b;
    }

    /** {@code typeof v === 'number'}. */
    public static boolean isNumber(JsonNode v) {
        return v != null && v.isNumber();
    }

    /** The number's double value ({@code NaN} when {@code v} is not a number). */
    public static double num(JsonNode v) {
        return isNumber(v) ? v.doubleValue() : Double.NaN;
    }

    /** {@code typeof v === 'number' && Number.isFinite(v)}. */
    public static boolean isFinite(JsonNode v) {
        return isNumber(v) && JsNumbers.finite(v.doubleValue());
    }

    /**
     * {@code Number(v)}: numbers as they are, booleans 1/0, strings by ECMAScript StringToNumber, arrays
     * through {@code String(v)}, objects and absent values {@code NaN}.
     */
    public static double toNumber(JsonNode v) {
        if (v == null) return Double.NaN;
        if (v.isNumber()) return v.doubleValue();
        if (v.isBoolean()) return v.booleanValue() ? 1 : 0;
        if (v.isNull()) return 0;
        if (v.isTextual()) return JsNumbers.stringToNumber(v.textValue());
        if (v.isArray()) return JsNumbers.stringToNumber(string(v));
        return Double.NaN;
    }

    /** {@code typeof v === 'string'}. */
    public static boolean isString(JsonNode v) {
        return v != null && v.isTextual();
    }

    /** The string value, or {@code null} when {@code v} is not a string. */
    public static String str(JsonNode v) {
        return isString(v) ? v.textValue() : null;
    }

    /** A non-empty string value, or {@code null}. */
    public static String nonEmptyStr(JsonNode v) {
        String s = str(v);
        return s == null || s.isEmpty() ? null : s;
    }

    /** {@code Boolean(v)}. */
    public static boolean truthy(JsonNode v) {
        if (v == null) return false;
        if (v.isBoolean()) return v.booleanValue();
        if (v.isNumber()) {
            double d = v.doubleValue();
            return d != 0 && !Double.isNaN(d);
        }
        if (v.isTextual()) return !v.textValue().isEmpty();
        return true;
    }

    /** {@code v === true}. */
    public static boolean isTrue(JsonNode v) {
        return v != null && v.isBoolean() && v.booleanValue();
    }

    /** {@code String(v)} ({@code "undefined"} for absent). */
    public static String string(JsonNode v) {
        if (v == null) return "undefined";
        if (v.isTextual()) return v.textValue();
        if (v.isNumber()) return JsNumbers.toJsString(v.doubleValue());
        if (v.isBoolean()) return Boolean.toString(v.booleanValue());
        if (v.isArray()) {
            StringBuilder out = new StringBuilder();
            Iterator<JsonNode> it = v.elements();
            boolean first = true;
            while (it.hasNext()) {
                JsonNode e = it.next();
                if (!first) out.append(',');
                first = false;
                if (e != null && !e.isNull()) out.append(string(e));
            }
            return out.toString();
        }
        if (v.isObject()) return "[object Object]";
        return "null";
    }

    /** {@code `${v ?? fallback}`}. */
    public static String stringOr(JsonNode v, String fallback) {
        return v == null ? fallback : string(v);
    }
}
