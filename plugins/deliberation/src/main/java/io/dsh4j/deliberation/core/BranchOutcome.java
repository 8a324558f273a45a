package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import java.util.Objects;

/**
 * One branch's canonical result (spec §1.3). Keeps everything the program needs — run id, history,
 * route, capability, cleanup, diagnostics — while {@link #renderedJson()} keeps only what the model sees.
 *
 * @param historyWindow present for every masked-review outcome, else {@code null}
 * @param runId         the child session id when a child was published, else {@code null}
 * @param packet        the accepted packet, else {@code null}
 * @param diagnostic    a safe bounded text, else {@code null}
 */
public record BranchOutcome(String label, Role role, String route, String capability, HistoryWindow historyWindow, String runId,
                            String stopReason, Cleanup cleanup, JsonNode packet, String diagnostic) {

    public BranchOutcome {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(capability, "capability");
        Objects.requireNonNull(stopReason, "stopReason");
        Objects.requireNonNull(cleanup, "cleanup");
        if (role == Role.MASKED_REVIEW && historyWindow == null) throw new IllegalArgumentException("a masked-review outcome has a historyWindow");
        if (role != Role.MASKED_REVIEW && historyWindow != null) throw new IllegalArgumentException("only masked-review has a historyWindow");
    }

    /** The history its child inherited. */
    public History history() {
        return role.history();
    }

    /**
     * The canonical value: {@code label, role, history, route, capability, historyWindow?}, then
     * {@code runId, stopReason, cleanup, packet?, diagnostic?} for a published child, or
     * {@code stopReason, cleanup, diagnostic?} for one that was not started.
     */
    public ObjectNode toJson() {
        ObjectNode o = JsJson.nodes().objectNode().put("label", label).put("role", role.label()).put("history", history().label())
                .put("route", route).put("capability", capability);
        if (historyWindow != null) o.set("historyWindow", historyWindow.toJson());
        if (runId != null) o.put("runId", runId);
        o.put("stopReason", stopReason).put("cleanup", cleanup.label());
        if (packet != null) o.set("packet", packet.deepCopy());
        if (diagnostic != null) o.put("diagnostic", diagnostic);
        return o;
    }

    /**
     * What the model sees (spec §1.4): {@code label, role, stopReason, historyWindow?, packet?}, and the
     * diagnostic only when there is no packet. Never the run id, history, route, capability or cleanup.
     */
    public ObjectNode renderedJson() {
        ObjectNode o = JsJson.nodes().objectNode().put("label", label).put("role", role.label()).put("stopReason", stopReason);
        if (historyWindow != null) o.set("historyWindow", historyWindow.toJson());
        if (packet != null) o.set("packet", packet.deepCopy());
        else if (diagnostic != null) o.put("diagnostic", diagnostic);
        return o;
    }
}
