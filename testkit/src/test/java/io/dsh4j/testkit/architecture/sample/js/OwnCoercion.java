package io.dsh4j.testkit.architecture.sample.js;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** Fixture for {@code JsLayerRulesTest}: a plugin-style copy of the JavaScript layer, as the rules forbid. */
public final class OwnCoercion {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final ObjectMapper BUILT = JsonMapper.builder().build();

    /** A private {@code Number()}. */
    public static double number(String s) {
        return Double.parseDouble(s.strip());
    }
}
