package io.dsh4j.message.json;

import java.math.BigDecimal;

/**
 * Formats a double exactly as JavaScript's {@code Number.prototype.toString()} (and therefore
 * {@code JSON.stringify}) does: the shortest decimal that reads back as the same double, plain
 * notation for decimal exponents in {@code [-7, 21)}, otherwise {@code 1.5e-7} / {@code 1e+21} style.
 *
 * <p>Built on {@link Double#toString(double)}, which yields a shortest round-tripping decimal since
 * JDK 19; the one place Java differs (it may pick a closer two-digit decimal where a one-digit one
 * exists, e.g. {@code 4.9E-324} for JS's {@code 5e-324}) is corrected here. Stateless, thread-safe.
 */
public final class JsNumberFormat {

    /** Largest integer up to which every integer is a distinct double (2^53 - 1). */
    public static final long MAX_SAFE_INTEGER = 9_007_199_254_740_991L;

    private JsNumberFormat() {}

    /** Whether {@code value} is a JS "safe integer" (integral, |value| ≤ 2^53 - 1). */
    public static boolean isSafeInteger(double value) {
        return value == Math.rint(value) && Math.abs(value) <= MAX_SAFE_INTEGER;
    }

    /** Whether {@code value} lies in the JS safe-integer range. */
    public static boolean isSafeInteger(long value) {
        return value >= -MAX_SAFE_INTEGER && value <= MAX_SAFE_INTEGER;
    }

    /**
     * The JS text of a finite double.
     *
     * @throws IllegalArgumentException for NaN or an infinity (JS would write {@code null}, which is
     *                                  not lossless)
     */
    public static String format(double value) {
        StringBuilder out = new StringBuilder(24);
        append(out, value);
        return out.toString();
    }

    /** Appends the JS text of a finite double; {@code -0} is written as {@code 0}, like JS. */
    public static void append(StringBuilder out, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        if (value == 0) {
            out.append('0');
            return;
        }
        if (value == Math.rint(value) && Math.abs(value) <= MAX_SAFE_INTEGER) {
            out.append((long) value);
            return;
        }
        if (value < 0) {
            out.append('-');
            value = -value;
        }
        String java = Double.toString(value);
        int e = java.indexOf('E');
        String mantissa = e < 0 ? java : java.substring(0, e);
        int exponent = e < 0 ? 0 : Integer.parseInt(java.substring(e + 1));
        int point = mantissa.indexOf('.');
        String digits = point < 0 ? mantissa : mantissa.substring(0, point) + mantissa.substring(point + 1);
        int n = (point < 0 ? mantissa.length() : point) + exponent;
        int lead = 0;
        while (lead < digits.length() - 1 && digits.charAt(lead) == '0') lead++;
        digits = digits.substring(lead);
        n -= lead;
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') end--;
        digits = digits.substring(0, end);
        if (digits.length() == 2) {
            String one = oneDigit(value, digits, n);
            if (one != null) {
                if (one.length() == 2) { // carried into a new leading digit ("10" means "1" one place up)
                    digits = "1";
                    n += 1;
                } else {
                    digits = one;
                }
            }
        }
        layout(out, digits, n);
    }

    /** A one-digit decimal that also reads back as {@code value}, closest first; {@code null} if none. */
    private static String oneDigit(double value, String digits, int n) {
        int first = digits.charAt(0) - '0';
        int second = digits.charAt(1) - '0';
        String down = Integer.toString(first);
        String up = Integer.toString(first + 1);
        boolean downOk = readsBack(down, n, value);
        boolean upOk = readsBack(up, n, value);
        if (downOk && upOk) return second < 5 ? down : up;
        if (downOk) return down;
        if (upOk) return up;
        return null;
    }

    private static boolean readsBack(String digit, int n, double value) {
        // the candidate replaces the two digits at the same place: its value is digit × 10^(n-1)
        BigDecimal candidate = new BigDecimal(digit).scaleByPowerOfTen(n - 1);
        return candidate.doubleValue() == value;
    }

    /** Lays out digit string {@code d} (value 0.d × 10^n) the way ECMAScript Number::toString does. */
    private static void layout(StringBuilder out, String d, int n) {
        int k = d.length();
        if (k <= n && n <= 21) {
            out.append(d);
            for (int i = k; i < n; i++) out.append('0');
        } else if (0 < n && n <= 21) {
            out.append(d, 0, n).append('.').append(d, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.");
            for (int i = n; i < 0; i++) out.append('0');
            out.append(d);
        } else {
            int e = n - 1;
            out.append(d.charAt(0));
            if (k > 1) out.append('.').append(d, 1, k);
            out.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
    }
}
