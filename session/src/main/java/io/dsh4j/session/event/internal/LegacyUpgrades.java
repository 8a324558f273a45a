package io.dsh4j.session.event.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.InvalidEventException;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The same-version legacy import of §1.10, applied on every read and never written back: pre-identity
 * messages get ids and wrappers, {@code turn/start.trigger} is dropped, {@code steering/message}
 * becomes {@code user/message}, old {@code turn/end} reasons take the current shape. Malformed legacy
 * shapes and the hard-rejected ones throw {@link InvalidEventException}; current-looking events pass
 * through untouched (the same instance).
 *
 * <p>One instance per log. It remembers the message id of every {@code tool/result} by seq, because
 * a legacy tool-result replacement inherits the id of the result it replaces (a tool-result
 * replacement may only target a tool result): memory grows with the number of tool results, not
 * with the log. Not thread-safe.
 */
public final class LegacyUpgrades {

    private final String sessionId;
    private final boolean tolerant;
    private final Map<Long, String> messageIds = new HashMap<>();

    /**
     * @param sessionId the log's session id (legacy ids are {@code legacy-message:<id>:<seq>})
     * @param tolerant  whether a malformed legacy-looking shape is left untouched (recorded fixtures,
     *                  whose typed views then report it) instead of refused as DSH's loader does
     */
    public LegacyUpgrades(String sessionId, boolean tolerant) {
        this.sessionId = sessionId;
        this.tolerant = tolerant;
    }

    /**
     * The upgraded event (the same instance when nothing applies).
     *
     * @throws InvalidEventException for a hard-rejected or malformed legacy shape
     */
    public SessionEvent upgrade(SessionEvent e) {
        switch (e.type()) {
            case EventTypes.ASSISTANT_CHUNK, EventTypes.STEP_START, EventTypes.STEP_END -> {
                return e; // hot path: never legacy, and chunk data is not materialised
            }
            default -> { }
        }
        rejectRetired(e);
        SessionEvent out;
        try {
            out = switch (e.type()) {
                case EventTypes.TURN_START -> turnStart(e);
                case EventTypes.TURN_END -> turnEnd(e);
                case EventTypes.LEGACY_STEERING_MESSAGE -> steering(e);
                default -> e;
            };
            out = message(out);
        } catch (InvalidEventException malformed) {
            if (!tolerant) throw malformed;
            out = e;
        }
        if (EventTypes.TOOL_RESULT.equals(out.type())) {
            String id = messageId(out);
            if (id != null) messageIds.put(out.seq(), id);
        }
        return out;
    }

    private static void rejectRetired(SessionEvent e) {
        switch (e.type()) {
            case EventTypes.LEGACY_REQUEST_HEADER_DELTA -> throw new InvalidEventException(
                    "unsupported legacy request/header-delta event", e.type(), e.seq(), null);
            case EventTypes.LEGACY_MODE_SET -> throw new InvalidEventException("unsupported legacy mode/set event", e.type(), e.seq(), null);
            case EventTypes.REQUEST_HEADER -> {
                JsonNode reason = e.data().get("reason");
                if (e.data().isObject() && reason != null && reason.isTextual() && reason.textValue().equals("fallback")) {
                    throw new InvalidEventException("unsupported legacy request/header reason \"fallback\"", e.type(), e.seq(), "data.reason");
                }
            }
            default -> { }
        }
    }

    private SessionEvent turnStart(SessionEvent e) {
        JsonNode data = e.data();
        if (!data.isObject() || !data.has("trigger")) return e;
        JsonNode trigger = data.get("trigger");
        if (!positiveSafe(data.get("turn")) || !onlyKeys(data, Set.of("turn", "trigger"), Set.of()) || !trigger.isObject()
                || !trigger.path("kind").isTextual() || trigger.get("kind").textValue().isEmpty()) {
            throw malformed(e, "turn/start", "data.trigger");
        }
        return e.withData(JsJson.nodes().objectNode().set("turn", data.get("turn")));
    }

    private SessionEvent turnEnd(SessionEvent e) {
        JsonNode data = e.data();
        if (!data.isObject()) return e;
        JsonNode reason = data.get("reason");
        if (!positiveSafe(data.get("turn")) || !onlyKeys(data, Set.of("turn", "reason"), Set.of()) || reason == null
                || !reason.isObject() || !reason.path("kind").isTextual()) {
            throw malformed(e, "turn/end", "data.reason");
        }
        ObjectNode current;
        switch (reason.get("kind").textValue()) {
            case "completed", "blocked", "max-tokens", "interrupted" -> {
                if (!onlyKeys(reason, Set.of("kind"), Set.of())) throw malformed(e, "turn/end", "data.reason");
                return e;
            }
            case "aborted" -> {
                if (reason.has("reason")) return e;
                if (!onlyKeys(reason, Set.of("kind"), Set.of())) throw malformed(e, "turn/end", "data.reason");
                current = JsJson.nodes().objectNode().put("kind", "aborted");
                current.putObject("reason").put("kind", "legacy");
            }
            case "disposed" -> {
                if (!onlyKeys(reason, Set.of("kind"), Set.of())) throw malformed(e, "turn/end", "data.reason");
                current = JsJson.nodes().objectNode().put("kind", "aborted");
                current.putObject("reason").put("kind", "disposed");
            }
            case "error" -> {
                if (reason.has("error")) return e;
                current = legacyError(e, reason);
            }
            default -> {
                return e;
            }
        }
        ObjectNode upgraded = ((ObjectNode) data).deepCopy();
        upgraded.set("reason", current);
        return e.withData(upgraded);
    }

    private ObjectNode legacyError(SessionEvent e, JsonNode reason) {
        JsonNode step = reason.get("step");
        Long stepValue = step == null ? null : io.dsh4j.message.json.JsonFields.integerValue(step);
        if (stepValue == null || stepValue < 0) throw malformed(e, "turn/end", "data.reason.step");
        JsonNode failure = reason.get("failure");
        ObjectNode current = JsJson.nodes().objectNode().put("kind", "error");
        if (failure != null && failure.isObject() && onlyKeys(reason, Set.of("kind", "step", "failure"), Set.of())
                && onlyKeys(failure, Set.of("message", "code"), Set.of("status", "providerRetryAfterMs", "requestId"))
                && failure.get("message").isTextual() && failure.get("code").isTextual()
                && (!failure.has("status") || failure.get("status").isNumber())
                && (!failure.has("providerRetryAfterMs") || failure.get("providerRetryAfterMs").isNumber())
                && (!failure.has("requestId") || failure.get("requestId").isTextual())) {
            current.set("error", failure);
            return current;
        }
        JsonNode code = reason.get("code");
        Set<String> keys = code == null ? Set.of("kind", "step", "message") : Set.of("kind", "step", "message", "code");
        JsonNode message = reason.get("message");
        if (!onlyKeys(reason, keys, Set.of()) || message == null || !message.isTextual() || (code != null && !code.isTextual())) {
            throw malformed(e, "turn/end", "data.reason");
        }
        current.putObject("error").put("message", message.textValue()).put("code", code == null ? "UNKNOWN" : code.textValue());
        return current;
    }

    private SessionEvent steering(SessionEvent e) {
        JsonNode data = e.data();
        if (!data.isObject()) throw malformed(e, "steering/message", "data");
        JsonNode wrapped = data.get("message");
        if (wrapped != null && wrapped.isObject() && safe(data.get("turn")) && onlyKeys(data, Set.of("turn", "message"), Set.of())) {
            return e.withTypeAndData(EventTypes.USER_MESSAGE, wrapped);
        }
        if (!safe(data.get("turn")) || !onlyKeys(data, Set.of("turn", "content", "source"), Set.of())) {
            throw malformed(e, "steering/message", "data");
        }
        ObjectNode message = JsJson.nodes().objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = data.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getKey().equals("turn")) message.set(f.getKey(), f.getValue());
        }
        message.put("id", legacyId(e.seq())).put("role", "user");
        return e.withTypeAndData(EventTypes.USER_MESSAGE, message);
    }

    private SessionEvent message(SessionEvent e) {
        if (!EventTypes.isSurface(e.type())) return e;
        JsonNode data = e.data();
        if (!data.isObject()) return e;
        switch (e.type()) {
            case EventTypes.USER_MESSAGE -> {
                if (data.has("id") || data.has("role") || data.has("message") || !data.has("content") || !data.has("source")) return e;
                ObjectNode upgraded = ((ObjectNode) data).deepCopy();
                upgraded.put("id", legacyId(e.seq())).put("role", "user");
                return e.withData(upgraded);
            }
            case EventTypes.ASSISTANT_MESSAGE -> {
                if (data.has("message") || !data.has("content") || !data.has("provenance")) return e;
                ObjectNode upgraded = JsJson.nodes().objectNode();
                for (Iterator<Map.Entry<String, JsonNode>> it = data.properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> f = it.next();
                    if (!f.getKey().equals("content") && !f.getKey().equals("provenance")) upgraded.set(f.getKey(), f.getValue());
                }
                ObjectNode message = upgraded.putObject("message").put("id", legacyId(e.seq())).put("role", "assistant");
                message.set("content", data.get("content"));
                ObjectNode source = message.putObject("source");
                JsonNode provenance = data.get("provenance");
                if (provenance.isObject()) source.setAll((ObjectNode) provenance);
                source.put("kind", "model");
                return e.withData(upgraded);
            }
            case EventTypes.TOOL_RESULT -> {
                if (data.has("message") || !data.has("callId") || !data.has("content") || !data.has("isError")) return e;
                ObjectNode upgraded = JsJson.nodes().objectNode();
                for (Iterator<Map.Entry<String, JsonNode>> it = data.properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> f = it.next();
                    String k = f.getKey();
                    if (!k.equals("callId") && !k.equals("content") && !k.equals("isError")) upgraded.set(k, f.getValue());
                }
                String id = e.surfaceOp() instanceof SurfaceOp.Replace r ? messageIds.get(r.start()) : legacyId(e.seq());
                ObjectNode message = upgraded.putObject("message");
                if (id != null) message.put("id", id);
                message.put("role", "user");
                ObjectNode block = message.putArray("content").addObject().put("type", "tool-result");
                block.set("toolCallId", data.get("callId"));
                block.set("content", data.get("content"));
                block.set("isError", data.get("isError"));
                message.putObject("source").put("kind", "tool").set("callId", data.get("callId"));
                return e.withData(upgraded);
            }
            default -> {
                return e;
            }
        }
    }

    private static String messageId(SessionEvent e) {
        JsonNode message = e.data().get("message");
        if (message == null || !message.isObject()) return null;
        JsonNode id = message.get("id");
        return id != null && id.isTextual() ? id.textValue() : null;
    }

    private String legacyId(long seq) {
        return "legacy-message:" + sessionId + ":" + seq;
    }

    private static InvalidEventException malformed(SessionEvent e, String what, String field) {
        return new InvalidEventException("malformed pre-react-loop " + what, e.type(), e.seq(), field);
    }

    private static boolean safe(JsonNode n) {
        return n != null && n.isNumber() && JsNumberFormat.isSafeInteger(n.doubleValue()) && !(n.isDouble() && n.doubleValue() == 0
                && Double.doubleToRawLongBits(n.doubleValue()) != 0);
    }

    private static boolean positiveSafe(JsonNode n) {
        return safe(n) && n.doubleValue() >= 1;
    }

    /** Every key of {@code obj} is in required ∪ optional, and every required key is present. */
    private static boolean onlyKeys(JsonNode obj, Set<String> required, Set<String> optional) {
        for (Iterator<String> it = obj.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!required.contains(k) && !optional.contains(k)) return false;
        }
        for (String k : required) if (!obj.has(k)) return false;
        return true;
    }
}
