package io.dsh4j.message.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The parser factory that {@link JsJson#parse} reads with (issue 16: reading JSON builds no
 * {@code ObjectMapper}) parses exactly as the mapper's own factory does: same caps, same features,
 * same trees, same errors.
 */
class ParserFactoryTest {

    private static final JsonLimits TIGHT = new JsonLimits(3, 8, 5);

    @Test
    void factory_has_the_mappers_caps_and_features() {
        for (JsonLimits limits : new JsonLimits[] {JsonLimits.DEFAULTS, TIGHT}) {
            JsonFactory own = JsJson.factory(limits);
            JsonFactory mappers = JsJson.mapper(limits).getFactory();
            assertThat(own.streamReadConstraints().getMaxNestingDepth())
                    .isEqualTo(mappers.streamReadConstraints().getMaxNestingDepth()).isEqualTo(limits.maxNestingDepth());
            assertThat(own.streamReadConstraints().getMaxStringLength())
                    .isEqualTo(mappers.streamReadConstraints().getMaxStringLength());
            assertThat(own.streamReadConstraints().getMaxNumberLength())
                    .isEqualTo(mappers.streamReadConstraints().getMaxNumberLength());
            assertThat(own.streamReadConstraints().getMaxNameLength())
                    .isEqualTo(mappers.streamReadConstraints().getMaxNameLength());
            for (StreamReadFeature f : StreamReadFeature.values()) {
                assertThat(own.isEnabled(f)).as(f.name()).isEqualTo(mappers.isEnabled(f));
            }
            for (JsonParser.Feature f : JsonParser.Feature.values()) {
                assertThat(own.isEnabled(f)).as(f.name()).isEqualTo(mappers.isEnabled(f));
            }
        }
    }

    @Test
    void equal_caps_share_one_factory_and_one_mapper() {
        JsonLimits same = new JsonLimits(JsonLimits.DEFAULT_MAX_NESTING_DEPTH, JsonLimits.DEFAULT_MAX_STRING_LENGTH,
                JsonLimits.DEFAULT_MAX_NUMBER_LENGTH);
        assertThat(same).isNotSameAs(JsonLimits.DEFAULTS);
        assertThat(JsJson.factory(same)).isSameAs(JsJson.factory(JsonLimits.DEFAULTS));
        assertThat(JsJson.mapper(same)).isSameAs(JsJson.mapper()).isSameAs(JsJson.mapper(JsonLimits.DEFAULTS));
        assertThat(JsJson.factory(TIGHT)).isSameAs(JsJson.factory(new JsonLimits(3, 8, 5)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1,\"a\":[true,null,-0.5e3],\"b\":{\"c\":\"\\u00e9\"}}", "[1,2,[3,[4]]]", "\"x\"",
            "12345678901234567890", "{}"})
    void trees_from_the_factory_equal_trees_read_through_the_mappers_parser(String json) throws Exception {
        JsonNode viaParse = JsJson.parse(json);
        JsonNode viaBytes = JsJson.parse(json.getBytes(StandardCharsets.UTF_8), 0, json.length(), JsonLimits.DEFAULTS);
        JsonNode viaMapperParser;
        try (JsonParser p = JsJson.mapper().createParser(json)) {
            viaMapperParser = JsonTrees.read(p);
        }
        assertThat(viaParse).isEqualTo(viaMapperParser).isEqualTo(viaBytes);
        assertThat(JsJson.stringify(viaParse)).isEqualTo(JsJson.stringify(viaMapperParser));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":", "[1,]", "{\"a\":1} x", "[[[[1]]]]", "\"abcdefghijk\"", "123456", "{\"a\" 1}"})
    void errors_and_caps_are_those_of_the_mappers_parser(String json) {
        // the tight caps: nesting 3, strings 8 chars, numbers 5 digits
        String expected = viaMapper(json, TIGHT);
        assertThat(expected).isNotEqualTo("ok");
        assertThatThrownBy(() -> JsJson.parse(json, TIGHT)).isInstanceOf(JsonTextException.class).hasMessage(expected);
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> JsJson.parse(utf8, 0, utf8.length, TIGHT)).isInstanceOf(JsonTextException.class)
                .hasMessage(viaMapper(utf8, TIGHT));
    }

    /** The same through the mapper's byte parser (Jackson words some errors apart from its text parser). */
    private static String viaMapper(byte[] utf8, JsonLimits limits) {
        try (JsonParser p = JsJson.mapper(limits).createParser(utf8, 0, utf8.length)) {
            JsonTrees.read(p);
            return p.nextToken() != null ? "trailing content after the JSON value" : "ok";
        } catch (java.io.IOException e) {
            return JsJson.wrap(e).getMessage();
        }
    }

    /** What parsing {@code json} through the mapper's own parser says, in {@link JsJson#wrap}'s words. */
    private static String viaMapper(String json, JsonLimits limits) {
        try (JsonParser p = JsJson.mapper(limits).createParser(json)) {
            JsonTrees.read(p);
            return p.nextToken() != null ? "trailing content after the JSON value" : "ok";
        } catch (java.io.IOException e) {
            return JsJson.wrap(e).getMessage();
        }
    }
}
