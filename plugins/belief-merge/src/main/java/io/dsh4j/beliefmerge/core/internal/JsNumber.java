package io.dsh4j.beliefmerge.core.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * JavaScript's {@code Number(v)} on a decoded JSON value, which the original's evidence clamp relies on
 * (spec §4.1.6): numbers as is, {@code null}/{@code false}/{@code ""}/{@code []} → 0, {@code true} → 1,
 * strings parsed as JS numeric literals after trimming, arrays through their string form, objects and
 * missing values → NaN.
 */
public final class JsNumber {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?");

    private JsNumber() {}

    /** {@code Number(node)}; a Java {@code null} stands for a missing value (NaN). */
    public static double of(JsonNode node) {
        if (node == null || node.isMissingNode()) return Double.NaN;
        if (node.isNull()) return 0;
        if (node.isBoolean()) return node.booleanValue() ? 1 : 0;
        if (node.isNumber()) return node.doubleValue();
        if (node.isTextual()) return ofString(node.textValue());
        if (node.isArray()) return ofString(toJsString(node));
        return Double.NaN;
    }

    /** {@code Number(string)}: JS white space trimmed; empty → 0; decimal, hex, octal, binary, ±Infinity. */
    public static double ofString(String s) {
        String t = JsText.trim(s);
        if (t.isEmpty()) return 0;
        if (t.equals("Infinity") || t.equals("+Infinity")) return Double.POSITIVE_INFINITY;
        if (t.equals("-Infinity")) return Double.NEGATIVE_INFINITY;
        if (t.length() > 2 && t.charAt(0) == '0') {
            int radix = switch (t.charAt(1)) {
                case 'x', 'X' -> 16;
                case 'o', 'O' -> 8;
                case 'b', 'B' -> 2;
                default -> 0;
            };
            if (radix != 0) {
                double v = 0;
                for (int i = 2; i < t.length(); i++) {
                    int d = Character.digit(t.charAt(i), radix);
                    if (d < 0) return Double.NaN;
                    v = v * radix + d;
                }
                return v;
            }
        }
        if (!DECIMAL.matcher(t).matches()) return Double.NaN;
        return Double.parseDouble(t);
    }

    /** JS {@code String(v)} for the values an array can hold. */
    private static String toJsString(JsonNode node) {
        if (node == null || node.isNull()) return "";
        if (node.isArray()) {
            List<String> parts = new ArrayList<>();
            for (JsonNode e : node) parts.add(e == null || e.isNull() ? "" : toJsString(e));
            return String.join(",", parts);
        }
        if (node.isTextual()) return node.textValue();
        if (node.isObject()) return "[object Object]";
        return node.asText();
    }
}
