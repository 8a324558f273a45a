package io.dsh4j.beliefmerge.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Turning a session's surface events into {@link SourceMessage}s (spec §2.1) on DSH's real shapes: a
 * {@code user/message} event's data is the message; {@code assistant/message} and {@code tool/result}
 * carry theirs in {@code data.message}. {@code system/message} is skipped (a system prompt is not a claim
 * of the branch); any other type is read with its {@code data.role} if that is a string, else skipped.
 * Events without a content array are skipped.
 *
 * <p>Pure and thread-safe.
 */
public final class EventMessages {

    private EventMessages() {}

    /** The messages of a session's surface events (as the harness's surface fold returns them), in order. */
    public static List<SourceMessage> fromSurface(Iterable<SessionEvent> surface) {
        List<SourceMessage> out = new ArrayList<>();
        for (SessionEvent event : surface) {
            SourceMessage m = fromEvent(event.type(), event.data());
            if (m != null) out.add(m);
        }
        return out;
    }

    /** The messages of a list of {@code {type, data}} event objects, in order. */
    public static List<SourceMessage> fromEvents(Iterable<JsonNode> events) {
        List<SourceMessage> out = new ArrayList<>();
        for (JsonNode event : events) {
            if (event == null || !event.isObject()) continue;
            JsonNode type = event.get("type");
            SourceMessage m = fromEvent(type != null && type.isTextual() ? type.textValue() : null, event.get("data"));
            if (m != null) out.add(m);
        }
        return out;
    }

    /** The message of one event, or {@code null} when the event carries none the engine reads. */
    public static SourceMessage fromEvent(String type, JsonNode data) {
        if (type == null || data == null || !data.isObject()) return null;
        String role;
        JsonNode message = data;
        switch (type) {
            case "user/message" -> role = "user";
            case "assistant/message" -> {
                role = "assistant";
                message = data.get("message");
            }
            case "tool/result" -> {
                role = "tool";
                message = data.get("message");
            }
            case "system/message" -> {
                return null;
            }
            default -> {
                JsonNode r = data.get("role");
                if (r == null || !r.isTextual()) return null;
                role = r.textValue();
            }
        }
        return fromMessage(role, message);
    }

    /** A message object ({@code content} array, optional {@code source.kind}) read with the given role. */
    public static SourceMessage fromMessage(String role, JsonNode message) {
        if (message == null || !message.isObject()) return null;
        JsonNode content = message.get("content");
        if (content == null || !content.isArray()) return null;
        List<SourceMessage.Block> blocks = new ArrayList<>();
        for (JsonNode b : content) {
            if (!b.isObject()) continue;
            JsonNode t = b.get("type");
            String type = t == null || t.isNull() ? null : t.isTextual() ? t.textValue() : "\u0000" + t;
            JsonNode text = b.get("text");
            blocks.add(new SourceMessage.Block(type, text != null && text.isTextual() ? text.textValue() : null));
        }
        JsonNode source = message.get("source");
        JsonNode kind = source != null && source.isObject() ? source.get("kind") : null;
        return new SourceMessage(role, blocks, kind != null && kind.isTextual() ? kind.textValue() : null);
    }
}
