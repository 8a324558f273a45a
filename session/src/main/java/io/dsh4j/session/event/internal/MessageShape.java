package io.dsh4j.session.event.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.InvalidEventException;
import io.dsh4j.session.event.SessionEvent;

/**
 * DSH's load-time message check ({@code assertMessageEventShape}): a message event carries an
 * identified message with the right role, a source with a kind, a content array; an assistant
 * message has a model source with provider and model; a tool result has a tool source and exactly
 * one tool-result block answering that call. Content blocks themselves are not checked here (their
 * typed views report problems on access). Allocation-free; stateless.
 */
public final class MessageShape {

    private MessageShape() {}

    /** @throws InvalidEventException naming type, seq and field when the message does not pass */
    public static void check(SessionEvent e) {
        String type = e.type();
        boolean user = EventTypes.USER_MESSAGE.equals(type);
        boolean assistant = EventTypes.ASSISTANT_MESSAGE.equals(type);
        boolean tool = EventTypes.TOOL_RESULT.equals(type);
        if (!user && !assistant && !tool) return;
        JsonNode data = e.data();
        JsonNode message = user ? data : data.isObject() ? data.get("message") : null;
        String at = user ? "data" : "data.message";
        if (message == null || !message.isObject() || !nonEmptyText(message.get("id"))) {
            throw fail(e, at + ".id", "lacks an identified message");
        }
        String role = assistant ? "assistant" : "user";
        JsonNode r = message.get("role");
        if (r == null || !r.isTextual() || !r.textValue().equals(role)) throw fail(e, at + ".role", "message must have role \"" + role + "\"");
        JsonNode source = message.get("source");
        if (source == null || !source.isObject() || !nonEmptyText(source.get("kind"))) {
            throw fail(e, at + ".source", "message has invalid source");
        }
        JsonNode content = message.get("content");
        if (content == null || !content.isArray()) throw fail(e, at + ".content", "message has invalid content");
        if (assistant) {
            if (!source.get("kind").textValue().equals("model") || !nonEmptyText(source.get("provider"))
                    || !nonEmptyText(source.get("model"))) {
                throw fail(e, at + ".source", "message must have model source");
            }
        } else if (tool) {
            if (!source.get("kind").textValue().equals("tool") || !nonEmptyText(source.get("callId"))) {
                throw fail(e, at + ".source", "message must have tool source");
            }
            JsonNode block = content.size() == 1 ? content.get(0) : null;
            if (block == null || !block.isObject() || !"tool-result".equals(block.path("type").textValue())
                    || !block.path("content").isArray()) {
                throw fail(e, at + ".content", "message must contain one tool-result block");
            }
            JsonNode toolCallId = block.get("toolCallId");
            if (toolCallId == null || !toolCallId.equals(source.get("callId"))) {
                throw fail(e, at + ".content[0].toolCallId", "message has mismatched tool call ids");
            }
        }
    }

    private static boolean nonEmptyText(JsonNode n) {
        return n != null && n.isTextual() && !n.textValue().isEmpty();
    }

    private static InvalidEventException fail(SessionEvent e, String field, String problem) {
        return new InvalidEventException(problem, e.type(), e.seq(), field);
    }
}
