package io.dsh4j.message.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The JSON writer matches {@code JSON.stringify} on random strings and numbers, checked against
 * independent reference implementations of the ECMAScript algorithms (QuoteJSONString and
 * Number::toString with a brute-force shortest-digits search).
 */
class JsJsonProperties {

    @Provide
    Arbitrary<String> anyUtf16() {
        Arbitrary<Character> units = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, Arbitraries.chars().range('\u0000', '\u007f')),
                net.jqwik.api.Tuple.of(2, Arbitraries.chars().range('\u0080', '\ud7ff')),
                net.jqwik.api.Tuple.of(2, Arbitraries.chars().range('\ud800', '\udfff')),
                net.jqwik.api.Tuple.of(1, Arbitraries.chars().range('\ue000', '\uffff')),
                net.jqwik.api.Tuple.of(1, Arbitraries.of('\u2028', '\u2029', '"', '\\', '/', '\u001b')));
        return units.list().ofMaxSize(30).map(cs -> {
            StringBuilder b = new StringBuilder();
            cs.forEach(b::append);
            return b.toString();
        });
    }

    @Provide
    Arbitrary<Double> anyFinite() {
        return Arbitraries.oneOf(
                Arbitraries.longs().map(Double::longBitsToDouble),
                Arbitraries.doubles(),
                Arbitraries.integers().map(i -> i / 1000.0),
                Arbitraries.longs().between(-(1L << 60), 1L << 60).map(l -> (double) l),
                Arbitraries.integers().between(-330, 310).map(e -> Math.pow(10, e)),
                Arbitraries.of(5e-324, Double.MIN_NORMAL, Double.MAX_VALUE, 1e21, 1e-7, 1e-6, 9.999999999999999e20))
                .filter(d -> Double.isFinite(d) && !(d == 0 && Double.doubleToRawLongBits(d) != 0));
    }

    @Property(tries = 2000)
    void quoted_strings_match_js_quote_json_string(@ForAll("anyUtf16") String s) {
        assertThat(JsJson.quote(s)).isEqualTo(referenceQuote(s));
    }

    @Property(tries = 1000)
    void quoted_strings_read_back_unchanged(@ForAll("anyUtf16") String s) {
        assertThat(JsJson.parse(JsJson.quote(s)).textValue()).isEqualTo(s);
    }

    @Property(tries = 5000)
    void numbers_match_js_number_to_string(@ForAll("anyFinite") double d) {
        assertThat(JsNumberFormat.format(d)).isEqualTo(referenceNumber(d));
    }

    @Property(tries = 2000)
    void formatted_numbers_read_back_as_the_same_double(@ForAll("anyFinite") double d) {
        assertThat(Double.parseDouble(JsNumberFormat.format(d))).isEqualTo(d);
    }

    /** ECMAScript QuoteJSONString, written directly from the specification. */
    static String referenceQuote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\b') out.append("\\b");
            else if (c == '\t') out.append("\\t");
            else if (c == '\n') out.append("\\n");
            else if (c == '\f') out.append("\\f");
            else if (c == '\r') out.append("\\r");
            else if (c == '"') out.append("\\\"");
            else if (c == '\\') out.append("\\\\");
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.append(c).append(s.charAt(++i));
            } else if (Character.isSurrogate(c)) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }

    /** ECMAScript Number::toString(10): smallest k digits that read back, closest on ties, then the layout rules. */
    static String referenceNumber(double d) {
        if (d == 0) return "0";
        if (d < 0) return "-" + referenceNumber(-d);
        BigDecimal exact = new BigDecimal(d);
        for (int k = 1; k <= 17; k++) {
            BigDecimal rounded = exact.round(new MathContext(k, RoundingMode.HALF_EVEN));
            if (rounded.doubleValue() != d) continue;
            BigDecimal stripped = rounded.stripTrailingZeros();
            String digits = stripped.unscaledValue().toString();
            int n = digits.length() - stripped.scale();
            int len = digits.length();
            if (len <= n && n <= 21) return digits + "0".repeat(n - len);
            if (0 < n && n <= 21) return digits.substring(0, n) + "." + digits.substring(n);
            if (-6 < n && n <= 0) return "0." + "0".repeat(-n) + digits;
            int e = n - 1;
            String mantissa = len == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            return mantissa + "e" + (e < 0 ? "-" : "+") + Math.abs(e);
        }
        throw new AssertionError("no round-tripping decimal for " + d);
    }
}
