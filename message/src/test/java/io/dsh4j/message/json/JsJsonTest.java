package io.dsh4j.message.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.DoubleNode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The JSON writer against pinned {@code JSON.stringify} outputs (values taken from Node/V8). */
class JsJsonTest {

    @Nested
    class Numbers {

        @ParameterizedTest(name = "{0} -> {1}")
        @CsvSource(delimiter = ';', value = {
                "1e21; 1e+21",
                "1e20; 100000000000000000000",
                "123456789012345680000; 123456789012345680000",
                "1.5e-7; 1.5e-7",
                "0.000001; 0.000001",
                "1e-7; 1e-7",
                "0.1; 0.1",
                "1.0; 1",
                "-2.5; -2.5",
                "1152921504606846976; 1152921504606847000",
                "9007199254740993; 9007199254740992",
                "4.9e-324; 5e-324",
                "1.7976931348623157e308; 1.7976931348623157e+308",
                "123.456; 123.456",
                "0.30000000000000004; 0.30000000000000004",
                "5e-7; 5e-7",
                "2e-6; 0.000002",
                "1e300; 1e+300",
                "-1e-300; -1e-300",
        })
        void number_text_matches_js(String input, String js) {
            assertThat(JsJson.stringify(JsJson.parse(input))).isEqualTo(js);
        }

        @Test
        void negative_zero_is_refused() {
            assertThatThrownBy(() -> JsJson.stringify(DoubleNode.valueOf(-0.0)))
                    .isInstanceOf(LosslessJsonException.class).hasMessageContaining("negative zero");
            assertThatThrownBy(() -> JsJson.requireLossless(JsJson.parse("{\"a\":[1,-0]}")))
                    .isInstanceOf(LosslessJsonException.class).hasMessageContaining("$.a[1]");
        }

        @Test
        void non_finite_numbers_are_refused() {
            assertThatThrownBy(() -> JsJson.stringify(DoubleNode.valueOf(Double.NaN))).isInstanceOf(LosslessJsonException.class);
            assertThatThrownBy(() -> JsJson.stringify(DoubleNode.valueOf(Double.POSITIVE_INFINITY)))
                    .isInstanceOf(LosslessJsonException.class);
        }
    }

    @Nested
    class Strings {

        @Test
        void control_characters_use_short_escapes_or_lowercase_hex() {
            assertThat(JsJson.quote("\b\t\n\f\r\"\\")).isEqualTo("\"\\b\\t\\n\\f\\r\\\"\\\\\"");
            assertThat(JsJson.quote("\u0000\u001b\u001f")).isEqualTo("\"\\u0000\\u001b\\u001f\"");
        }

        @Test
        void slash_delete_non_ascii_and_line_separators_stay_verbatim() {
            assertThat(JsJson.quote("a/b\u007f é 中 \u2028\u2029 😀")).isEqualTo("\"a/b\u007f é 中 \u2028\u2029 😀\"");
        }

        @Test
        void lone_surrogates_are_escaped_in_lowercase_hex() {
            assertThat(JsJson.quote("x\ud800y")).isEqualTo("\"x\\ud800y\"");
            assertThat(JsJson.quote("\udfff")).isEqualTo("\"\\udfff\"");
            assertThat(JsJson.quote("\udc00\ud800")).isEqualTo("\"\\udc00\\ud800\"");
        }
    }

    @Nested
    class Objects {

        @Test
        void integer_like_keys_come_first_in_ascending_order_as_in_js() {
            assertThat(JsJson.stringify(JsJson.parse("{\"b\":1,\"10\":2,\"a\":3,\"2\":4,\"01\":5,\"4294967295\":6}")))
                    .isEqualTo("{\"2\":4,\"10\":2,\"b\":1,\"a\":3,\"01\":5,\"4294967295\":6}");
        }

        @Test
        void a_repeated_key_keeps_its_first_position_and_last_value() {
            assertThat(JsJson.stringify(JsJson.parse("{\"a\":1,\"b\":2,\"a\":3}"))).isEqualTo("{\"a\":3,\"b\":2}");
        }

        @Test
        void compact_output_keeps_insertion_order() {
            String text = "{\"z\":[true,false,null,\"s\",{}],\"y\":{\"k\":[]}}";
            assertThat(JsJson.stringify(JsJson.parse(text))).isEqualTo(text);
        }
    }

    @Nested
    class Parsing {

        @Test
        void invalid_json_is_a_typed_error_with_an_offset() {
            assertThatThrownBy(() -> JsJson.parse("{\"a\":}")).isInstanceOf(JsonTextException.class)
                    .hasMessageContaining("invalid JSON");
            assertThatThrownBy(() -> JsJson.parse("{} {}")).isInstanceOf(JsonTextException.class)
                    .hasMessageContaining("trailing content");
        }

        @Test
        void nesting_beyond_the_cap_is_refused() {
            JsonLimits tight = new JsonLimits(10, 1000, 100);
            String deep = "[".repeat(11) + "]".repeat(11);
            assertThatThrownBy(() -> JsJson.parse(deep, tight)).isInstanceOf(JsonTextException.class)
                    .hasMessageContaining("size cap");
        }

        @Test
        void strings_beyond_the_cap_are_refused() {
            JsonLimits tight = new JsonLimits(10, 1000, 100);
            String big = "\"" + "x".repeat(5000) + "\"";
            assertThatThrownBy(() -> JsJson.parse(big, tight)).isInstanceOf(JsonTextException.class)
                    .hasMessageContaining("size cap");
        }
    }
}
