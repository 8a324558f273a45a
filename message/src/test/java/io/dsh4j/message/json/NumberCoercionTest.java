package io.dsh4j.message.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * dsh4j's one {@code Number()} (issue 9 item 1): ECMAScript's StringToNumber and {@code Number(v)} on
 * JSON values, linear in the length of the input however it is built. Each million-character input
 * here took hours through a backtracking pattern or seconds through {@code BigInteger}; a hang now
 * fails on the build's default test timeout. The plugins' paths are pinned in their own
 * {@code NumberCoercionLimitsTest}s.
 */
class NumberCoercionTest {

    static final int LONG = 1_000_000;

    @Test
    void string_to_number_follows_ecmascript() {
        assertThat(JsNumbers.stringToNumber("  42 ")).isEqualTo(42);
        assertThat(JsNumbers.stringToNumber("\u00a0\ufeff-1.5e3\u2029")).isEqualTo(-1500);
        assertThat(JsNumbers.stringToNumber("")).isZero();
        assertThat(JsNumbers.stringToNumber("0x1F")).isEqualTo(31);
        assertThat(JsNumbers.stringToNumber("-0x1F")).isNaN();
        assertThat(JsNumbers.stringToNumber("+Infinity")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(JsNumbers.stringToNumber("1_000")).isNaN();
        assertThat(JsNumbers.stringToNumber(".5")).isEqualTo(0.5);
        assertThat(JsNumbers.stringToNumber("5.")).isEqualTo(5);
    }

    @Test
    void million_character_strings_convert_in_linear_time() {
        assertThat(JsNumbers.stringToNumber("1".repeat(LONG) + "x")).isNaN();
        assertThat(JsNumbers.stringToNumber("1".repeat(LONG))).isInfinite();
        assertThat(JsNumbers.stringToNumber("-" + "9".repeat(LONG) + "e-" + "9".repeat(10))).isZero();
        assertThat(JsNumbers.stringToNumber("0x" + "f".repeat(LONG) + "g")).isNaN();
        assertThat(JsNumbers.stringToNumber("0b" + "0".repeat(LONG) + "1")).isEqualTo(1);
        assertThat(JsNumbers.stringToNumber(" ".repeat(LONG) + "7" + "\t".repeat(LONG))).isEqualTo(7);
    }

    @Test
    void number_of_a_json_value_follows_ecmascript() {
        assertThat(Js.toNumber(JsJson.parse("true"))).isEqualTo(1);
        assertThat(Js.toNumber(JsJson.parse("null"))).isZero();
        assertThat(Js.toNumber(JsJson.parse("[]"))).isZero();
        assertThat(Js.toNumber(JsJson.parse("[\" 12 \"]"))).isEqualTo(12);
        assertThat(Js.toNumber(JsJson.parse("[1,2]"))).isNaN();
        assertThat(Js.toNumber(JsJson.parse("{}"))).isNaN();
        assertThat(Js.toNumber(null)).isNaN();
        assertThat(Js.string(JsJson.parse("[1,[2,null],\"x\"]"))).isEqualTo("1,2,,x");
        assertThat(Js.string(JsJson.parse("1e21"))).isEqualTo("1e+21");
    }

    @Test
    void a_million_digit_value_in_json_text_is_coerced_or_refused_in_bounded_time() {
        JsonNode text = JsJson.parse("{\"seq\":\"" + "1".repeat(LONG) + "x\",\"turn\":[\"" + "2".repeat(LONG) + "\"]}");
        assertThat(Js.toNumber(text.get("seq"))).isNaN();
        assertThat(Js.toNumber(text.get("turn"))).isInfinite();
        assertThatThrownBy(() -> JsJson.parse("{\"seq\":" + "1".repeat(LONG) + "}"))
                .isInstanceOf(JsonTextException.class).hasMessageContaining("size cap");
    }

    @Test
    void letters_and_numbers_are_unicode_categories_l_and_n() {
        assertThat("aZ9ǅ٣Ⅻ½".codePoints().allMatch(JsStrings::isLetterOrNumber)).isTrue();
        assertThat(" _-.·€\u0301".codePoints().noneMatch(JsStrings::isLetterOrNumber)).isTrue();
    }
}
