package io.dsh4j.message.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/**
 * Number arithmetic, display and coercion with JavaScript's semantics, so that figures match the
 * originals number for number: {@code Math.round} (ties toward +∞), {@code toFixed} (exact binary
 * value, half away from zero), {@code toLocaleString('en-US')} (grouping, up to three fraction
 * digits, rounding the shortest decimal form), {@code String(x)} ({@link JsNumberFormat}) and
 * {@code Number(string)} ({@link #stringToNumber}, linear in the length of its input however it is
 * built: dsh4j's one {@code Number()} coercion, fed by logs and model answers).
 *
 * <p>Stateless and thread-safe.
 */
public final class JsNumbers {

    private static final double TWO_52 = 4503599627370496.0;

    private JsNumbers() {}

    /** {@code Math.round(x)}. */
    public static double round(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x) || Math.abs(x) >= TWO_52) return x;
        return (double) Math.round(x);
    }

    /** {@code x.toFixed(digits)}. */
    public static String toFixed(double x, int digits) {
        if (Double.isNaN(x)) return "NaN";
        if (Math.abs(x) >= 1e21 || Double.isInfinite(x)) return toJsString(x);
        if (x < 0) return "-" + toFixed(-x, digits);
        return new BigDecimal(x).setScale(digits, RoundingMode.HALF_UP).toPlainString();
    }

    /** {@code x.toLocaleString('en-US')}: grouped integer part, at most three fraction digits. */
    public static String grouped(double x) {
        if (Double.isNaN(x)) return "NaN";
        if (Double.isInfinite(x)) return x > 0 ? "∞" : "-∞";
        if (x == 0) return "0";
        boolean negative = x < 0;
        BigDecimal v = new BigDecimal(Double.toString(Math.abs(x))).setScale(3, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        if (v.signum() == 0) return negative ? "-0" : "0";
        String plain = v.toPlainString();
        int dot = plain.indexOf('.');
        String intPart = dot < 0 ? plain : plain.substring(0, dot);
        String frac = dot < 0 ? "" : plain.substring(dot);
        StringBuilder out = new StringBuilder();
        if (negative) out.append('-');
        int lead = intPart.length() % 3;
        if (lead == 0) lead = 3;
        out.append(intPart, 0, lead);
        for (int i = lead; i < intPart.length(); i += 3) out.append(',').append(intPart, i, i + 3);
        return out.append(frac).toString();
    }

    /**
     * {@code String(x)}: JavaScript's shortest round-trip form, exponent only below 1e-6 or from 1e21;
     * {@code NaN}, {@code Infinity} and {@code -Infinity} as JavaScript spells them.
     */
    public static String toJsString(double x) {
        if (Double.isNaN(x)) return "NaN";
        if (Double.isInfinite(x)) return x > 0 ? "Infinity" : "-Infinity";
        return JsNumberFormat.format(x);
    }

    /*
     * Possessive quantifiers: the greedy form backtracked through every split of a long digit run that
     * does not end a number ("111…1x"), quadratic in its length; no split can match where the whole
     * run does not.
     */
    private static final Pattern DECIMAL =
            Pattern.compile("[+-]?(?:Infinity|(?:\\d++\\.?+\\d*+|\\.\\d++)(?:[eE][+-]?+\\d++)?+)");
    private static final Pattern RADIX = Pattern.compile("0(?:[xX][0-9a-fA-F]+|[bB][01]+|[oO][0-7]+)");

    /**
     * {@code Number(s)} for a string (ECMAScript StringToNumber): JavaScript white space trimmed, empty
     * is 0, decimal literals with sign and exponent, {@code Infinity}, {@code 0x}/{@code 0o}/{@code 0b}
     * integers; anything else is {@code NaN}.
     */
    public static double stringToNumber(String s) {
        String t = JsStrings.trim(s);
        if (t.isEmpty()) return 0;
        if (DECIMAL.matcher(t).matches()) {
            if (t.endsWith("Infinity")) return t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            return Double.parseDouble(t);
        }
        if (RADIX.matcher(t).matches()) {
            int bitsPerDigit = switch (Character.toLowerCase(t.charAt(1))) {
                case 'x' -> 4;
                case 'o' -> 3;
                default -> 1;
            };
            int first = 2;
            while (first < t.length() - 1 && t.charAt(first) == '0') first++;
            // with d significant digits the value is at least 2^(bits·(d−1)): from 2^1024 on it is
            // Infinity, and parsing a longer run with BigInteger would be quadratic in its length
            if ((long) (t.length() - first) * bitsPerDigit >= 1024 + bitsPerDigit) return Double.POSITIVE_INFINITY;
            return new BigInteger(t.substring(first), 1 << bitsPerDigit).doubleValue();
        }
        return Double.NaN;
    }

    /** Whether {@code x} is finite (neither NaN nor ±Infinity). */
    public static boolean finite(double x) {
        return !Double.isNaN(x) && !Double.isInfinite(x);
    }
}
