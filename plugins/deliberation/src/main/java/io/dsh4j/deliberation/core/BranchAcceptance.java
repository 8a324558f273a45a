package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The decisions of {@code runBranch} that need no host (spec §4.1 steps 5, 12, 15): the outcome of a
 * branch with no completed Step, of a start that failed, and of a published child once its result
 * and cleanup are known. Warnings go to a sink as {@code tool-deliberation: …} lines that never carry
 * an exception's text. Stateless.
 */
public final class BranchAcceptance {

    private final Texts texts;

    /** Acceptance writing diagnostics in {@code texts}' language. */
    public BranchAcceptance(Texts texts) {
        this.texts = Objects.requireNonNull(texts, "texts");
    }

    /** Acceptance with English diagnostics (what the Primary reads). */
    public static BranchAcceptance english() {
        return new BranchAcceptance(Texts.english());
    }

    /**
     * The identity of a branch's outcome, fixed before anything starts.
     *
     * @param historyWindow the window of a masked-review branch, else {@code null}
     */
    public record Base(String label, Role role, String route, String capability, HistoryWindow historyWindow) {
        public Base {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(route, "route");
            Objects.requireNonNull(capability, "capability");
        }

        BranchOutcome outcome(String runId, String stopReason, Cleanup cleanup, JsonNode packet, String diagnostic) {
            return new BranchOutcome(label, role, route, capability, historyWindow, runId, stopReason, cleanup, packet, diagnostic);
        }

        /** Whether the branch is a masked review with nothing to project (spec §4.1 step 5): start nothing. */
        public boolean nothingToProject() {
            return historyWindow != null && historyWindow.projectedSteps() == 0;
        }
    }

    /** Step 5: a masked review over a parent without a completed Step; no deadline, no provider call. */
    public BranchOutcome noCompletedStep(Base base) {
        return base.outcome(null, "no-completed-step", Cleanup.NOT_STARTED, null, texts.format("diagnostic.noCompletedStep"));
    }

    /** Step 12: the child was not published. */
    public BranchOutcome startFailed(Base base, StartFailure failure, Consumer<String> warn) {
        return switch (failure) {
            case StartFailure.UnsupportedContent u -> base.outcome(null, "unsupported-content", Cleanup.NOT_STARTED, null, u.message());
            case StartFailure.Projection p -> switch (p.code()) {
                case PROJECTION_IMAGE_LIMIT -> base.outcome(null, "projection-image-limit", Cleanup.NOT_STARTED, null,
                        texts.format("diagnostic.projectionImageLimit"));
                case PROJECTION_OVER_BUDGET -> base.outcome(null, "projection-over-budget", Cleanup.NOT_STARTED, null,
                        texts.format("diagnostic.projectionOverBudget"));
                case NO_COMPLETED_STEP -> base.outcome(null, "no-completed-step", Cleanup.NOT_STARTED, null,
                        texts.format("diagnostic.noCompletedStep"));
                case NO_OPEN_TURN -> base.outcome(null, "invalid-history-window", Cleanup.NOT_STARTED, null,
                        texts.format("diagnostic.invalidHistoryWindow"));
            };
            case StartFailure.Timeout t -> {
                warn.accept("tool-deliberation: branch " + JsJson.quote(base.label()) + " timed out before publication");
                yield base.outcome(null, "timeout", Cleanup.NOT_STARTED, null, null);
            }
            case StartFailure.Other o -> {
                warn.accept("tool-deliberation: branch " + JsJson.quote(base.label()) + " failed before publication");
                yield base.outcome(null, "startup-error", Cleanup.NOT_STARTED, null, null);
            }
        };
    }

    /**
     * Steps 13–16: the outcome of a published child.
     *
     * @param result            the child's result, or {@code null} when {@code run.result} was rejected
     * @param completedNormally whether the child's own session ended with {@code turn/end {completed}}
     * @param timedOut          whether this branch's own deadline fired (not the parent's cancellation)
     * @param cleanup           how {@code dispose} went
     */
    public BranchOutcome published(Base base, String runId, ChildResult result, boolean completedNormally, boolean timedOut,
                                   Cleanup cleanup) {
        Objects.requireNonNull(runId, "runId");
        String stopReason = result == null ? "infrastructure-error" : result.stopReason();
        if (timedOut) return base.outcome(runId, "timeout", cleanup, null, null);
        if (result == null) return base.outcome(runId, stopReason, cleanup, null, null);
        JsonNode structured = result.hasStructured() ? result.structured() : null;
        Optional<JsonNode> textual = structured == null ? ReviewPackets.parseTextual(result.output()) : Optional.empty();
        JsonNode candidate = structured != null ? structured : textual.orElse(null);
        boolean acceptedTextualFallback = textual.isPresent() && "error".equals(result.stopReason()) && completedNormally;
        boolean acceptedLifecycle = "completed".equals(result.stopReason()) || acceptedTextualFallback;
        JsonNode packet = acceptedLifecycle && candidate != null && candidate.isObject() && roleMatches(candidate, base.role())
                && ReviewPackets.valid(candidate) ? candidate : null;
        if (acceptedTextualFallback) stopReason = "completed";
        if (acceptedLifecycle && packet == null) stopReason = candidate == null ? "missing-structured-result" : "invalid-structured-result";
        return base.outcome(runId, stopReason, cleanup, packet, result.diagnostic());
    }

    private static boolean roleMatches(JsonNode candidate, Role role) {
        JsonNode r = candidate.get("role");
        return r != null && r.isTextual() && r.textValue().equals(role.label());
    }

    /** The warning for a rejected {@code run.result}. */
    public static String resultRejectedWarning(String label) {
        return "tool-deliberation: branch " + JsJson.quote(label) + " result rejected";
    }

    /** The warning for a failed {@code dispose}. */
    public static String cleanupFailedWarning(String label) {
        return "tool-deliberation: branch " + JsJson.quote(label) + " cleanup failed";
    }
}
