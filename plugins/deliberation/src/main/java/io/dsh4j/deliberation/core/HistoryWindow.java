package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;

/**
 * A masked-review branch's window (spec §1.3 {@code historyWindow}, §4.1 step 2): the Steps the
 * Primary asked for and the Steps projected, {@code min(requested, completed Steps, maxRecentSteps)}.
 */
public record HistoryWindow(int requestedSteps, int projectedSteps) {

    /** The only kind: {@code recent-steps}. */
    public static final String KIND = "recent-steps";

    /** The window of a request over a parent with {@code completedSteps} completed Steps. */
    public static HistoryWindow of(int requestedSteps, int completedSteps, int maxRecentSteps) {
        return new HistoryWindow(requestedSteps, Math.min(requestedSteps, Math.min(completedSteps, maxRecentSteps)));
    }

    /** {@code {kind, requestedSteps, projectedSteps}}. */
    public ObjectNode toJson() {
        return JsJson.nodes().objectNode().put("kind", KIND).put("requestedSteps", requestedSteps).put("projectedSteps", projectedSteps);
    }
}
