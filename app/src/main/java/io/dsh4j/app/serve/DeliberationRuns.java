package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A session's deliberation rounds (spec deliberation.md §1) as the log records them: each
 * {@code tool/call} of the deliberation tool — named {@code deliberate} by default, or any call whose
 * arguments have DSH's shape ({@code goal} and a {@code branches} list of the three roles), since
 * the tool name is configurable — joined with its {@code tool/result}. A branch is the request
 * ({@code label, role, route, capability, focus, recentSteps}) merged with its outcome
 * ({@code stopReason, packet, diagnostic, historyWindow}; also {@code runId, cleanup, history} when
 * the result's {@code meta} holds the canonical value of §1.3, else the model-facing text of §1.4 is
 * read). Child sessions come from lineage: every listed session whose header names this one as
 * parent, matched to a branch by {@code runId}. Log text is passed through as JSON values, never
 * interpreted; a malformed call or result is reported on the round ({@code problem}), never thrown.
 * Caps: {@link #MAX_ROUNDS} rounds, {@link #MAX_BRANCHES} branches a round, packets over
 * {@link #MAX_PACKET_CHARS} are left out and said so.
 */
final class DeliberationRuns {

    static final String TOOL = "deliberate";
    static final int MAX_ROUNDS = 500;
    static final int MAX_BRANCHES = 64;
    /** DSH's {@code MAX_REVIEW_PACKET_CHARS}. */
    static final int MAX_PACKET_CHARS = 10_000;
    static final Set<String> ROLES = Set.of("independent-alternative", "trajectory-audit", "masked-review");
    private static final List<String> REQUEST_FIELDS = List.of("label", "role", "route", "capability", "focus", "recentSteps");
    private static final List<String> OUTCOME_FIELDS = List.of("history", "runId", "stopReason", "cleanup", "historyWindow", "diagnostic");

    private DeliberationRuns() {}

    /** The rounds of {@code events} (a session's log) and the children of {@code sessionId} among {@code listed}. */
    static JsonNode of(String sessionId, List<SessionEvent> events, List<StoredSession> listed) {
        ObjectNode out = RpcChannel.JSON.createObjectNode();
        ArrayNode runs = out.putArray("runs");
        Map<String, ObjectNode> open = new HashMap<>();
        int count = 0;
        for (SessionEvent e : events) {
            if (e.payload() instanceof EventPayload.ToolCall call) {
                JsonNode args = parse(call.arguments());
                if (!isDeliberation(call.name(), args)) continue;
                if (++count > MAX_ROUNDS) {
                    out.put("truncated", true);
                    break;
                }
                ObjectNode run = runs.addObject().put("callId", call.callId()).put("tool", call.name())
                        .put("turn", call.turn()).put("step", call.step()).put("seq", e.seq()).put("status", "pending");
                request(run, args);
                open.put(call.callId(), run);
            } else if (e.payload() instanceof EventPayload.ToolResult r) {
                ObjectNode run = open.remove(r.message().result().toolCallId());
                if (run != null) outcome(run, r);
            }
        }
        Set<String> matched = new HashSet<>();
        for (JsonNode run : runs) {
            for (JsonNode b : run.path("branches")) {
                if (b.path("runId").isTextual()) matched.add(b.path("runId").asText());
            }
        }
        ArrayNode children = out.putArray("children");
        Map<String, StoredSession> childById = new HashMap<>();
        for (StoredSession s : listed) {
            if (!sessionId.equals(s.header().parentSession())) continue;
            childById.put(s.id(), s);
            ObjectNode c = children.addObject().put("sessionId", s.id()).put("createdAt", s.header().createdAt())
                    .put("matched", matched.contains(s.id()));
            if (s.header().origin() != null) c.put("origin", s.header().origin());
        }
        for (JsonNode run : runs) {
            for (JsonNode b : run.path("branches")) {
                String runId = b.path("runId").asText(null);
                if (runId != null && childById.containsKey(runId)) ((ObjectNode) b).put("childSessionId", runId);
            }
        }
        return out;
    }

    private static boolean isDeliberation(String name, JsonNode args) {
        if (TOOL.equals(name)) return true;
        if (args == null || !args.path("goal").isTextual() || !args.path("branches").isArray() || args.path("branches").isEmpty()) {
            return false;
        }
        for (JsonNode b : args.path("branches")) if (!ROLES.contains(b.path("role").asText(""))) return false;
        return true;
    }

    private static void request(ObjectNode run, JsonNode args) {
        ArrayNode branches = run.putArray("branches");
        if (args == null || !args.isObject()) {
            run.put("problem", "the call's arguments are not a JSON object");
            return;
        }
        if (args.path("goal").isTextual()) run.put("goal", args.path("goal").asText());
        if (args.path("incumbent").isTextual()) run.put("incumbent", args.path("incumbent").asText());
        int n = 0;
        for (JsonNode b : args.path("branches")) {
            if (++n > MAX_BRANCHES) {
                run.put("branchesTruncated", true);
                break;
            }
            ObjectNode branch = branches.addObject();
            if (!b.isObject()) continue;
            for (String f : REQUEST_FIELDS) copyScalar(b, branch, f);
        }
    }

    private static void outcome(ObjectNode run, EventPayload.ToolResult r) {
        if (r.isError()) {
            run.put("status", "error").put("error", text(r));
            return;
        }
        JsonNode value = r.meta() != null && r.meta().path("branches").isArray() ? r.meta() : parse(text(r));
        if (value == null || !value.path("branches").isArray()) {
            run.put("status", "completed").put("problem", "the result is not a deliberation output (no branches list)");
            return;
        }
        run.put("status", "completed");
        ArrayNode branches = (ArrayNode) run.get("branches");
        Map<String, ObjectNode> byLabel = new LinkedHashMap<>();
        for (JsonNode b : branches) if (b.path("label").isTextual()) byLabel.putIfAbsent(b.path("label").asText(), (ObjectNode) b);
        int n = 0;
        for (JsonNode o : value.path("branches")) {
            if (++n > MAX_BRANCHES) {
                run.put("branchesTruncated", true);
                break;
            }
            if (!o.isObject()) continue;
            String label = o.path("label").asText(null);
            ObjectNode branch = label != null ? byLabel.get(label) : null;
            if (branch == null) {
                branch = branches.addObject();
                copyScalar(o, branch, "label");
            }
            if (!branch.has("role")) copyScalar(o, branch, "role");
            for (String f : OUTCOME_FIELDS) copyScalar(o, branch, f);
            JsonNode packet = o.get("packet");
            if (packet != null && packet.isObject()) {
                if (packet.toString().length() > MAX_PACKET_CHARS) branch.put("packetTooLarge", true);
                else branch.set("packet", packet);
            }
        }
    }

    /** Copies a field whose value is a string, number, boolean or (for {@code historyWindow}) a small object. */
    private static void copyScalar(JsonNode from, ObjectNode to, String field) {
        JsonNode v = from.get(field);
        if (v == null || v.isNull()) return;
        if (v.isValueNode()) to.set(field, v);
        else if (v.isObject() && field.equals("historyWindow") && v.toString().length() <= 1000) to.set(field, v);
    }

    private static String text(EventPayload.ToolResult r) {
        StringBuilder sb = new StringBuilder();
        for (ContentBlock b : r.message().result().content()) {
            if (b instanceof ContentBlock.Text t) sb.append(t.text());
        }
        return sb.toString();
    }

    private static JsonNode parse(String text) {
        try {
            return JsJson.parse(text);
        } catch (RuntimeException notJson) {
            return null;
        }
    }
}
