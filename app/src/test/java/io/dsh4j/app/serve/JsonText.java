package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;

/** JSON text helpers of the console tests. */
final class JsonText {

    private JsonText() {}

    static String quote(String s) {
        return JsJson.nodes().textNode(s).toString();
    }

    static JsonNode parse(String s) {
        return JsJson.parse(s);
    }
}
