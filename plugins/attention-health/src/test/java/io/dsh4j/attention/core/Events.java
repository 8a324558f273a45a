package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Test support: raw event records built the way DSH writes them. */
final class Events {

    static final ObjectMapper M = new ObjectMapper();

    private Events() {}

    static JsonNode json(String text) {
        try {
            return M.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    static ObjectNode event(String type, JsonNode data) {
        ObjectNode e = M.createObjectNode();
        e.put("type", type);
        e.set("data", data);
        return e;
    }

    static ObjectNode turnStart(int turn) {
        return event("turn/start", json("{\"turn\":" + turn + "}"));
    }

    static ObjectNode turnEnd(int turn) {
        return event("turn/end", json("{\"turn\":" + turn + ",\"reason\":{\"kind\":\"completed\"}}"));
    }

    static ObjectNode context(double window, String model) {
        ObjectNode d = M.createObjectNode();
        d.put("contextWindow", window);
        if (model != null) d.put("model", model);
        d.put("provider", "deepseek");
        return event("request/context", d);
    }

    static ObjectNode user(String text) {
        ObjectNode d = M.createObjectNode();
        d.putArray("content").addObject().put("type", "text").put("text", text);
        d.putObject("source").put("kind", "user");
        return event("user/message", d);
    }

    /** An assistant message with reply text, optional reasoning and a usage with totalTokens. */
    static ObjectNode assistant(Integer turn, String text, String reasoning, double total) {
        ObjectNode d = M.createObjectNode();
        if (turn != null) d.put("turn", turn);
        ArrayNode content = d.putObject("message").putArray("content");
        if (reasoning != null) content.addObject().put("type", "reasoning").put("text", reasoning);
        if (text != null) content.addObject().put("type", "text").put("text", text);
        if (total > 0) d.putObject("usage").put("totalTokens", total);
        return event("assistant/message", d);
    }

    static ObjectNode toolCall(String name, String arguments) {
        ObjectNode d = M.createObjectNode();
        d.put("name", name);
        d.put("arguments", arguments);
        return event("tool/call", d);
    }

    static ObjectNode guardEnd(int turn, String reason) {
        return event("turn/end", json("{\"turn\":" + turn + ",\"reason\":{\"kind\":\"aborted\",\"reason\":{\"kind\":\"hook\",\"reason\":"
                + M.valueToTree(reason) + "}}}"));
    }
}
