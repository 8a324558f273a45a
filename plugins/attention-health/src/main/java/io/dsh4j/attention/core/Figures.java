package io.dsh4j.attention.core;

import io.dsh4j.message.json.JsNumbers;

/**
 * Number display as the original printed it, for front ends (the command line, later the route):
 * en-US grouping, {@code toFixed} and JavaScript's {@code String(n)}. Stateless and thread-safe.
 */
public final class Figures {

    private Figures() {}

    /** {@code n.toLocaleString('en-US')}: {@code 250,000}, {@code 1,048.576}. */
    public static String grouped(double v) {
        return JsNumbers.grouped(v);
    }

    /** {@code n.toFixed(digits)}: half away from zero on the exact binary value. */
    public static String fixed(double v, int digits) {
        return JsNumbers.toFixed(v, digits);
    }

    /** {@code String(n)}: integers without a fraction, the shortest round-trip form otherwise. */
    public static String js(double v) {
        return JsNumbers.toJsString(v);
    }
}
