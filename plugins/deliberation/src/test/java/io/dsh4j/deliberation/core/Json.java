package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;

/** JSON literals for tests: single quotes stand for double quotes. */
final class Json {

    private Json() {}

    static JsonNode of(String text) {
        return JsJson.parse(text.replace('\'', '"'));
    }

    static ObjectNode obj(String text) {
        return (ObjectNode) of(text);
    }
}
