package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsNumbers;

/**
 * A turn number as the log gives it ({@code data.turn}), with the JavaScript value semantics the
 * original's fold applied to it (spec §3.1, §0.5): turns are keyed by the raw value with
 * SameValueZero (so {@code 2}, {@code "2"}, {@code null} and a missing number are four different
 * turns), sorted by {@code a.turn - b.turn}, compared with {@code <} and printed with
 * {@code String(v)}. Real logs carry numbers; the other forms matter only for damaged or hand-made
 * logs, where they change the document the original produced.
 *
 * <p>A missing number ({@code undefined}) is a Java {@code null} {@code TurnNo}; the static helpers
 * accept it. Values are immutable.
 */
public sealed interface TurnNo permits TurnNo.Num, TurnNo.Null, TurnNo.Other {

    /** {@code Number(v)}. */
    double number();

    /** {@code String(v)}. */
    String text();

    /** A numeric turn. */
    static TurnNo of(double n) {
        return new Num(n);
    }

    /**
     * The raw {@code obj[key]}: absent (missing key, or {@code obj} not an object) is {@code null},
     * JSON {@code null} is {@link Null#NULL}.
     */
    static TurnNo read(JsonNode obj, String key) {
        if (obj == null || !obj.isObject()) return null;
        JsonNode v = obj.get(key);
        if (v == null || v.isMissingNode()) return null;
        if (v.isNull()) return Null.NULL;
        if (v.isNumber()) return new Num(v.doubleValue());
        return new Other(v);
    }

    /** {@code Number(t)}, {@code NaN} for a missing number. */
    static double number(TurnNo t) {
        return t == null ? Double.NaN : t.number();
    }

    /** {@code `${t}`}: {@code undefined} for a missing number, {@code null} for JSON null. */
    static String text(TurnNo t) {
        return t == null ? "undefined" : t.text();
    }

    /**
     * {@code String(t ?? '')} — also what {@code Array.prototype.join} prints for an element: empty
     * for a missing number and for JSON null.
     */
    static String cellText(TurnNo t) {
        return t == null || t instanceof Null ? "" : t.text();
    }

    /** {@code t ?? '?'} printed: {@code ?} for a missing number and for JSON null. */
    static String orQuestionMark(TurnNo t) {
        return t == null || t instanceof Null ? "?" : t.text();
    }

    /**
     * {@code a < b}: when both sides are strings after {@code ToPrimitive} (strings, arrays, objects) they
     * compare by UTF-16 units, anything else by {@code Number()}; {@code NaN} is false.
     */
    static boolean lessThan(TurnNo a, TurnNo b) {
        if (a instanceof Other x && b instanceof Other y && x.primitiveIsString() && y.primitiveIsString()) {
            return x.text().compareTo(y.text()) < 0;
        }
        return number(a) < number(b);
    }

    /** {@code a >= b}: false when either side is {@code NaN}. */
    static boolean atLeast(TurnNo a, TurnNo b) {
        if (a instanceof Other x && b instanceof Other y && x.primitiveIsString() && y.primitiveIsString()) {
            return x.text().compareTo(y.text()) >= 0;
        }
        return number(a) >= number(b);
    }

    /** A number: {@code -0} is {@code 0} (SameValueZero). */
    record Num(double value) implements TurnNo {
        public Num {
            if (value == 0) value = 0.0;
        }

        @Override
        public double number() {
            return value;
        }

        @Override
        public String text() {
            return JsNumbers.toJsString(value);
        }
    }

    /** JSON {@code null}: {@code Number(null)} is 0, it prints as {@code null}. */
    enum Null implements TurnNo {
        NULL;

        @Override
        public double number() {
            return 0;
        }

        @Override
        public String text() {
            return "null";
        }
    }

    /**
     * A string, boolean, array or object. Strings and booleans are equal by value; arrays and objects
     * only to themselves (every occurrence in the log is a distinct JavaScript object).
     */
    final class Other implements TurnNo {
        private final boolean primitiveString;
        private final Object identity;
        private final String text;
        private final double number;

        Other(JsonNode v) {
            this.primitiveString = !v.isBoolean();
            this.identity = v.isTextual() ? v.textValue() : v.isBoolean() ? (Object) v.booleanValue() : new Object();
            this.text = Js.string(v);
            this.number = Js.toNumber(v);
        }

        /** Whether {@code ToPrimitive} gives a string: strings, arrays and objects (booleans give numbers). */
        boolean primitiveIsString() {
            return primitiveString;
        }

        @Override
        public double number() {
            return number;
        }

        @Override
        public String text() {
            return text;
        }

        @Override
        public boolean equals(Object o) {
            // the identity's class already tells a string from a boolean or an object
            return o instanceof Other other && identity.equals(other.identity);
        }

        @Override
        public int hashCode() {
            return identity.hashCode();
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
