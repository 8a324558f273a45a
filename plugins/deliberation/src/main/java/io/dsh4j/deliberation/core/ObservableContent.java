package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The observable part of a message's content blocks (spec §3.5 "Observable content flattening" and
 * "Content inspection"): reasoning and tool-call blocks are dropped, text kept verbatim, images
 * become evidence entries, tool results recurse, unknown blocks leave a marker. Content that is not
 * an array (a malformed or placeholder payload) has no blocks.
 */
final class ObservableContent {

    private ObservableContent() {}

    /** Reasoning blocks in {@code content}, counting inside tool-result blocks. */
    static int reasoningCount(JsonNode content) {
        if (content == null || !content.isArray()) return 0;
        int n = 0;
        for (JsonNode b : content) {
            String type = type(b);
            if ("reasoning".equals(type)) n++;
            else if ("tool-result".equals(type)) n += reasoningCount(b.get("content"));
        }
        return n;
    }

    /** Whether {@code content} has a non-empty text, an image, an observable tool result or an unknown block. */
    static boolean observable(JsonNode content) {
        if (content == null || !content.isArray()) return false;
        for (JsonNode b : content) {
            String type = type(b);
            switch (type == null ? "" : type) {
                case "reasoning", "tool-call" -> {
                    // never observable
                }
                case "text" -> {
                    JsonNode t = b.get("text");
                    if (t != null && t.isTextual() && !t.textValue().isEmpty()) return true;
                }
                case "image" -> {
                    return true;
                }
                case "tool-result" -> {
                    if (observable(b.get("content"))) return true;
                }
                default -> {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the first {@code tool-result} block of {@code content} has {@code isError: true}. */
    static boolean firstToolResultIsError(JsonNode content) {
        if (content == null || !content.isArray()) return false;
        for (JsonNode b : content) {
            if ("tool-result".equals(type(b))) {
                JsonNode e = b.get("isError");
                return e != null && e.isBoolean() && e.booleanValue();
            }
        }
        return false;
    }

    /** Writes the observable content of {@code content}; images are labelled with {@code source} and {@code callId}. */
    static void flatten(JsonNode content, String source, String callId, SnapshotWriter w) {
        if (content == null || !content.isArray()) return;
        for (JsonNode b : content) {
            String type = type(b);
            switch (type == null ? "" : type) {
                case "reasoning", "tool-call" -> {
                    // tool calls are rendered once, from the authoritative tool/call events
                }
                case "text" -> {
                    JsonNode t = b.get("text");
                    if (t != null && !t.isNull()) w.text(JsValues.string(t));
                }
                case "image" -> {
                    JsonNode a = b.get("attachment");
                    w.image(a != null && a.isObject() ? a : io.dsh4j.message.json.JsJson.nodes().objectNode(), source, callId);
                }
                case "tool-result" -> {
                    String inner = callId;
                    if (inner == null) {
                        JsonNode id = b.get("toolCallId");
                        inner = id == null || id.isNull() ? null : JsValues.string(id);
                    }
                    flatten(b.get("content"), source, inner, w);
                }
                default -> w.text("[unsupported content block omitted: " + (type == null || type.isEmpty() ? "unknown" : type) + "]");
            }
        }
    }

    private static String type(JsonNode block) {
        if (block == null || !block.isObject()) return null;
        JsonNode t = block.get("type");
        return t != null && t.isTextual() ? t.textValue() : null;
    }
}
