package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonTextException;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The automatic masked review's decisions that need no host (spec §6): provider readiness, the
 * eligibility guards in order, the latch, the publication policy with a bound on forced rounds per
 * turn, the steered notice and the warning lines. {@link AutoReviewLatch} holds the per-process state.
 * Stateless apart from the configuration; thread-safe.
 */
public final class AutoReview {

    /** The notice summary's prefix. */
    public static final String NOTICE_PREFIX = "masked review checkpoint";
    /** {@code boundContextSummary}'s bound. */
    public static final int SUMMARY_MAX = 120;

    private final AutoReviewConfig config;
    private final String toolName;

    /** @param config an enabled automatic review */
    public AutoReview(AutoReviewConfig config, String toolName) {
        this.config = Objects.requireNonNull(config, "config");
        this.toolName = Objects.requireNonNull(toolName, "toolName");
    }

    /** A provider's readiness for the automatic review (spec §6.1). */
    public sealed interface Readiness {
        /** Registered and compatible. */
        record Ready() implements Readiness {}

        /** Not registered. */
        record Missing() implements Readiness {}

        /** Registered but unusable; {@code reason} is {@code does not inherit parent context} or {@code lacks <capability>}. */
        record Incompatible(String reason) implements Readiness {}

        /** The state key readiness changes are logged by. */
        default String key() {
            return switch (this) {
                case Ready r -> "ready";
                case Missing m -> "missing";
                case Incompatible i -> "incompatible:" + i.reason();
            };
        }
    }

    /** The readiness of the configured provider; {@code provider} is empty when it is not registered. */
    public static Readiness readiness(Optional<ProviderInfo> provider) {
        if (provider.isEmpty()) return new Readiness.Missing();
        ProviderInfo p = provider.get();
        if (!p.inheritsParentContext()) return new Readiness.Incompatible("does not inherit parent context");
        String missing = p.missingCapability();
        return missing == null ? new Readiness.Ready() : new Readiness.Incompatible("lacks " + missing);
    }

    /** The log line of a readiness state (info for ready and missing, warn for incompatible). */
    public String readinessLine(Readiness r) {
        String p = JsJson.quote(config.provider());
        return switch (r) {
            case Readiness.Ready x -> "tool-deliberation: automatic review active with provider " + p;
            case Readiness.Missing x -> "tool-deliberation: automatic review waiting for provider " + p;
            case Readiness.Incompatible x -> "tool-deliberation: automatic review inactive because provider " + p + " " + x.reason();
        };
    }

    /** Why a stopping turn is not reviewed, in guard order. */
    public enum Skip {
        /** The session is a child ({@code origin: subagent}). */
        CHILD_SESSION,
        /** Tool-bearing scope and the turn has no tool call. */
        NO_TOOL_CALL,
        /** The turn has a manual deliberation call with a masked-review branch. */
        MANUAL_MASKED_REVIEW,
        /** The turn already holds this plugin's published notice. */
        DURABLE_CHECKPOINT,
        /** This process already attempted, or is attempting, this turn. */
        LATCHED,
        /** The provider is not ready. */
        PROVIDER_NOT_READY
    }

    /**
     * The eligibility guards of spec §6.2, in order.
     *
     * @param origin the session header's origin ({@code subagent} for children), or {@code null}
     * @param events the session's events so far
     * @return empty when the turn should be reviewed
     */
    public Optional<Skip> skip(String origin, String sessionId, long turn, List<SessionEvent> events, AutoReviewLatch latch,
                               Readiness readiness) {
        if ("subagent".equals(origin)) return Optional.of(Skip.CHILD_SESSION);
        String t = Long.toString(turn);
        if (config.scope() == AutoReviewConfig.Scope.TOOL_BEARING_TURNS
                && events.stream().noneMatch(e -> EventTypes.TOOL_CALL.equals(e.type()) && t.equals(JsValues.string(e.data().get("turn"))))) {
            return Optional.of(Skip.NO_TOOL_CALL);
        }
        if (events.stream().anyMatch(e -> EventTypes.TOOL_CALL.equals(e.type()) && t.equals(JsValues.string(e.data().get("turn")))
                && isManualMaskedReview(e.data()))) {
            return Optional.of(Skip.MANUAL_MASKED_REVIEW);
        }
        if (hasCheckpoint(events, t)) return Optional.of(Skip.DURABLE_CHECKPOINT);
        if (latch.isLatched(sessionId, turn)) return Optional.of(Skip.LATCHED);
        if (!(readiness instanceof Readiness.Ready)) return Optional.of(Skip.PROVIDER_NOT_READY);
        return Optional.empty();
    }

    private boolean isManualMaskedReview(JsonNode call) {
        JsonNode name = call.get("name");
        JsonNode args = call.get("arguments");
        if (name == null || !name.isTextual() || !name.textValue().equals(toolName) || args == null || !args.isTextual()) return false;
        JsonNode parsed;
        try {
            parsed = JsJson.parse(args.textValue());
        } catch (JsonTextException e) {
            return false;
        }
        JsonNode branches = parsed.isObject() ? parsed.get("branches") : null;
        if (branches == null || !branches.isArray()) return false;
        for (JsonNode b : branches) {
            if (b.isObject() && b.path("role").isTextual() && b.get("role").textValue().equals(Role.MASKED_REVIEW.label())) return true;
        }
        return false;
    }

    private static boolean hasCheckpoint(List<SessionEvent> events, String turn) {
        boolean inTurn = false;
        for (SessionEvent e : events) {
            switch (e.type()) {
                case EventTypes.TURN_START -> inTurn = turn.equals(JsValues.string(e.data().get("turn")));
                case EventTypes.TURN_END -> {
                    if (inTurn && turn.equals(JsValues.string(e.data().get("turn")))) inTurn = false;
                }
                case EventTypes.USER_MESSAGE -> {
                    if (inTurn && isNotice(e.data().get("source"))) return true;
                }
                default -> {
                    // other events do not mark a checkpoint
                }
            }
        }
        return false;
    }

    private static boolean isNotice(JsonNode source) {
        if (source == null || !source.isObject()) return false;
        return "plugin".equals(source.path("kind").asText(null)) && DeliberationConfig.PLUGIN_NAME.equals(source.path("plugin").asText(null))
                && "notice".equals(source.path("form").asText(null)) && source.path("summary").isTextual()
                && source.get("summary").textValue().startsWith(NOTICE_PREFIX);
    }

    /**
     * The automatic path's acceptance (spec §6.3 steps 7–8): the structured value, else the textual
     * fallback; accepted when the child completed (or errored with a clean turn and a textual packet),
     * the role is masked-review and the packet is valid.
     */
    public static Optional<JsonNode> acceptedPacket(ChildResult result, boolean completedNormally) {
        if (result == null) return Optional.empty();
        JsonNode structured = result.hasStructured() ? result.structured() : null;
        Optional<JsonNode> textual = structured == null ? ReviewPackets.parseTextual(result.output()) : Optional.empty();
        JsonNode packet = structured != null ? structured : textual.orElse(null);
        boolean acceptedStop = "completed".equals(result.stopReason())
                || (textual.isPresent() && "error".equals(result.stopReason()) && completedNormally);
        if (!acceptedStop || packet == null || !packet.isObject() || !Role.MASKED_REVIEW.label().equals(packet.path("role").asText(null))
                || !ReviewPackets.valid(packet)) {
            return Optional.empty();
        }
        return Optional.of(packet);
    }

    /** What to do with a valid packet (spec §6.5). */
    public enum Publication {
        /** Steer the notice into the Primary's current turn. */
        STEER,
        /** The policy withholds it ({@code updates-only} and {@code no_update}, or {@code observe-only}). */
        WITHHELD,
        /** The stopping signal was aborted. */
        ABORTED,
        /** The turn already had its bound of forced rounds. */
        BOUND_REACHED
    }

    /**
     * The publication decision.
     *
     * @param forcedSoFar     notices already steered into this turn by this process
     * @param maxForcedRounds the bound on forced rounds per turn (1 in the shipped configuration)
     */
    public Publication publication(JsonNode packet, boolean stoppingAborted, int forcedSoFar, int maxForcedRounds) {
        if (stoppingAborted) return Publication.ABORTED;
        boolean update = "update".equals(JsValues.string(packet.get("status")));
        boolean publish = switch (config.publish()) {
            case UPDATES_ONLY -> update;
            case ALL -> true;
            case OBSERVE_ONLY -> false;
        };
        if (!publish) return Publication.WITHHELD;
        return forcedSoFar >= maxForcedRounds ? Publication.BOUND_REACHED : Publication.STEER;
    }

    /**
     * The steered notice (spec §6.6): one text block equal to the packet's compact JSON, and a plugin
     * source {@code {kind, plugin, form, summary}} with the bounded summary.
     */
    public static ObjectNode notice(JsonNode packet) {
        ObjectNode m = JsJson.nodes().objectNode();
        m.putArray("content").addObject().put("type", "text").put("text", ReviewPackets.render(packet));
        JsonNode items = packet.get("items");
        int count = items != null && items.isArray() ? items.size() : 0;
        m.putObject("source").put("kind", "plugin").put("plugin", DeliberationConfig.PLUGIN_NAME).put("form", "notice")
                .put("summary", boundSummary(NOTICE_PREFIX + " \u00b7 " + JsValues.string(packet.get("status")) + " \u00b7 " + count + " items"));
        return m;
    }

    /** {@code boundContextSummary}: at most {@value #SUMMARY_MAX} characters, else the first 119 and an ellipsis. */
    public static String boundSummary(String s) {
        return s.length() <= SUMMARY_MAX ? s : s.substring(0, SUMMARY_MAX - 1) + "\u2026";
    }

    /**
     * The warning of a projection skip (spec §6.3 step 4), or empty when {@code details} do not have the
     * shape of a projection error (the automatic path recognises projection errors by shape).
     */
    public static Optional<String> projectionSkipWarning(String code, JsonNode details, String parentSessionId, long turn) {
        if (code == null || details == null || !details.isObject()) return Optional.empty();
        String window = details.path("window").asText("");
        String mask = details.path("mask").asText("");
        if (!(window.equals("recent-steps") || window.equals("current-turn")) || Mask.of(mask).isEmpty()) return Optional.empty();
        if (!numeric(details, "turn", 0) || !numeric(details, "requestedSteps", 1) || !numeric(details, "projectedSteps", 0)
                || !numeric(details, "snapshotChars", 0) || !numeric(details, "maxSnapshotChars", 1) || !numeric(details, "projectedImages", 0)
                || !numeric(details, "projectedImageBytes", 0) || !numeric(details, "maxSnapshotImages", 1)) {
            return Optional.empty();
        }
        String head = "tool-deliberation: automatic review skipped reason=";
        String at = " parentSessionId=" + parentSessionId;
        String turnText = details.has("turn") ? num(details, "turn") : Long.toString(turn);
        String wm = " window=" + window + " mask=" + mask;
        return switch (code) {
            case "PROJECTION_OVER_BUDGET" -> Optional.of(head + "projection-over-budget" + at + " turn=" + turnText + wm + " projectedSteps="
                    + num(details, "projectedSteps") + " snapshotChars=" + num(details, "snapshotChars") + " maxSnapshotChars="
                    + num(details, "maxSnapshotChars") + " projectedImages=" + numOr0(details, "projectedImages") + " projectedImageBytes="
                    + numOr0(details, "projectedImageBytes"));
            case "PROJECTION_IMAGE_LIMIT" -> Optional.of(head + "projection-image-limit" + at + " turn=" + turnText + wm + " projectedSteps="
                    + num(details, "projectedSteps") + " projectedImages=" + num(details, "projectedImages") + " projectedImageBytes="
                    + num(details, "projectedImageBytes") + " maxSnapshotImages=" + num(details, "maxSnapshotImages"));
            case "NO_COMPLETED_STEP" -> Optional.of(head + "no-completed-step" + at + " turn=" + turn + wm);
            case "NO_OPEN_TURN" -> Optional.of(head + "no-open-turn" + at + " turn=" + turn + wm);
            default -> Optional.empty();
        };
    }

    private static boolean numeric(JsonNode d, String key, long min) {
        JsonNode v = d.get(key);
        return v == null || (JsValues.safeInteger(v) && JsValues.longOf(v) >= min);
    }

    private static String num(JsonNode d, String key) {
        JsonNode v = d.get(key);
        return v == null ? "unknown" : Long.toString(JsValues.longOf(v));
    }

    private static String numOr0(JsonNode d, String key) {
        JsonNode v = d.get(key);
        return v == null ? "0" : Long.toString(JsValues.longOf(v));
    }

    /** The warning of an image refusal on the automatic path. */
    public static String imageRefusalWarning(String code, String parentSessionId, long turn, long images, long imageBytes) {
        return "tool-deliberation: automatic review skipped reason=unsupported-content code=" + code + " parentSessionId=" + parentSessionId
                + " turn=" + turn + " images=" + images + " imageBytes=" + imageBytes;
    }
}
