package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The mid-fork projection (spec §3.4–§3.6): selects completed Steps, cuts a balanced native seed
 * before the turn of the earliest selected Step, and renders the selected Steps as one snapshot with
 * reasoning (and, under {@link Mask#ACTION_ONLY}, assistant-visible content) removed.
 *
 * <p>Pure: reads the parent's events and surface, never modifies them. Events are addressed by list
 * index, which equals {@code seq} as the session library reads a log (packed chunk rows expanded,
 * legacy shapes upgraded). A malformed payload (a missing or non-array {@code content}, a non-object
 * message) projects as empty content instead of failing the projection. Stateless and thread-safe.
 */
public final class MidForkProjector {

    private final Texts texts;

    /** A projector writing the explanatory note in {@code texts}' language. */
    public MidForkProjector(Texts texts) {
        this.texts = Objects.requireNonNull(texts, "texts");
    }

    /** A projector writing the note in English. */
    public static MidForkProjector english() {
        return new MidForkProjector(Texts.english());
    }

    /** A completed Step's key: its turn and step as JavaScript would interpolate them. */
    record StepKey(String turn, String step) {
        static StepKey of(JsonNode data) {
            return new StepKey(JsValues.string(data.get("turn")), JsValues.string(data.get("step")));
        }
    }

    /**
     * The completed Steps in log order: every {@code step/start} whose (turn, step) also has a
     * {@code step/end} anywhere in {@code events} (spec §3.4). The in-flight Step has none.
     */
    public static List<StepKey> completedSteps(List<SessionEvent> events) {
        Set<StepKey> ended = new HashSet<>();
        for (SessionEvent e : events) if (EventTypes.STEP_END.equals(e.type())) ended.add(StepKey.of(e.data()));
        List<StepKey> out = new ArrayList<>();
        for (SessionEvent e : events) {
            if (!EventTypes.STEP_START.equals(e.type())) continue;
            StepKey k = StepKey.of(e.data());
            if (ended.contains(k)) out.add(k);
        }
        return out;
    }

    /** The number of completed Steps (spec §4.1 step 2). */
    public static int completedStepCount(List<SessionEvent> events) {
        return completedSteps(events).size();
    }

    /**
     * Projects {@code events}.
     *
     * @param events  the parent's events, index = seq
     * @param surface the seqs on the parent's active surface
     * @throws MidForkProjectionException when the window is unavailable or a limit is exceeded
     */
    public MidForkProjection project(List<SessionEvent> events, Set<Long> surface, Window window, Mask mask,
                                     ProjectionLimits limits) {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(mask, "mask");
        Objects.requireNonNull(limits, "limits");
        List<StepKey> completed = completedSteps(events);
        List<StepKey> selected;
        String openTurn = null;
        switch (window) {
            case Window.RecentSteps r -> selected = completed.subList(Math.max(0, completed.size() - r.k()), completed.size());
            case Window.CurrentTurn c -> {
                openTurn = openTurn(events);
                if (openTurn == null) {
                    throw new MidForkProjectionException(ProjectionErrorCode.NO_OPEN_TURN, details(window, mask),
                            "mid-fork current-turn window needs exactly one open parent turn");
                }
                String t = openTurn;
                selected = completed.stream().filter(k -> k.turn().equals(t)).toList();
            }
        }
        if (selected.isEmpty()) {
            ObjectNode d = details(window, mask);
            if (window instanceof Window.RecentSteps r) d.put("requestedSteps", r.k()).put("projectedSteps", 0);
            throw new MidForkProjectionException(ProjectionErrorCode.NO_COMPLETED_STEP, d,
                    "mid-fork window found no completed parent Step");
        }
        Set<StepKey> selectedKeys = new HashSet<>(selected);
        Set<String> selectedTurns = new LinkedHashSet<>();
        for (StepKey k : selected) selectedTurns.add(k.turn());
        String firstTurn = selected.getFirst().turn();
        int cut = events.size();
        for (int i = 0; i < events.size(); i++) {
            SessionEvent e = events.get(i);
            if (EventTypes.TURN_START.equals(e.type()) && JsValues.string(e.data().get("turn")).equals(firstTurn)) {
                cut = i;
                break;
            }
        }
        SnapshotWriter w = new SnapshotWriter();
        StringBuilder head = new StringBuilder("<mid-fork-suffix window=\"").append(window.kind()).append("\" mask=\"")
                .append(mask.label()).append("\" projected-turns=\"").append(selectedTurns.size())
                .append("\" projected-steps=\"").append(selected.size()).append('"');
        if (window instanceof Window.RecentSteps r) head.append(" requested-steps=\"").append(r.k()).append('"');
        head.append(">\n");
        w.text(head.toString());
        w.text(texts.format(mask == Mask.REASONING_ONLY ? "snapshot.note.reasoningOnly" : "snapshot.note.actionOnly") + "\n");
        Walk walk = new Walk(w, surface, selectedKeys, selectedTurns, mask);
        for (int i = cut; i < events.size(); i++) walk.accept(events.get(i));
        if (walk.currentTurn != null && selectedTurns.contains(walk.currentTurn)) {
            w.text("    Turn state: open at masked-review checkpoint\n");
        }
        w.text("\n</mid-fork-suffix>");
        List<SnapshotBlock> content = w.blocks();
        String snapshot = debugString(content);
        String turnDetail = window instanceof Window.CurrentTurn ? selected.getFirst().turn() : null;
        if (limits.maxSnapshotImages() > 0 && w.images > limits.maxSnapshotImages()) {
            ObjectNode d = details(window, mask);
            putTurn(d, turnDetail);
            if (window instanceof Window.RecentSteps r) d.put("requestedSteps", r.k());
            d.put("projectedSteps", selected.size()).put("projectedImages", w.images).put("projectedImageBytes", w.imageBytes)
                    .put("maxSnapshotImages", limits.maxSnapshotImages());
            throw new MidForkProjectionException(ProjectionErrorCode.PROJECTION_IMAGE_LIMIT, d,
                    "mid-fork snapshot holds more images than maxSnapshotImages");
        }
        if (limits.maxSnapshotChars() > 0 && snapshot.length() > limits.maxSnapshotChars()) {
            ObjectNode d = details(window, mask);
            putTurn(d, turnDetail);
            if (window instanceof Window.RecentSteps r) d.put("requestedSteps", r.k());
            d.put("projectedSteps", selected.size()).put("snapshotChars", snapshot.length())
                    .put("maxSnapshotChars", limits.maxSnapshotChars()).put("projectedImages", w.images)
                    .put("projectedImageBytes", w.imageBytes);
            throw new MidForkProjectionException(ProjectionErrorCode.PROJECTION_OVER_BUDGET, d,
                    "mid-fork snapshot is longer than maxSnapshotChars");
        }
        return new MidForkProjection(events.subList(0, cut), content, snapshot, window.kind(), mask, selectedTurns.size(),
                selected.size(), walk.omittedReasoning, walk.projectedAssistant, walk.omittedAssistant, snapshot.length(), w.images,
                w.imageBytes);
    }

    /** The single open turn, or {@code null} when none or several are open. */
    static String openTurn(List<SessionEvent> events) {
        Set<String> open = new LinkedHashSet<>();
        Set<String> ended = new HashSet<>();
        for (SessionEvent e : events) {
            if (EventTypes.TURN_START.equals(e.type())) open.add(JsValues.string(e.data().get("turn")));
            else if (EventTypes.TURN_END.equals(e.type())) ended.add(JsValues.string(e.data().get("turn")));
        }
        open.removeAll(ended);
        return open.size() == 1 ? open.iterator().next() : null;
    }

    /** {@code snapshot}: text blocks joined, each image written as {@code [image #i mediaType bytesB]}. */
    static String debugString(List<SnapshotBlock> content) {
        StringBuilder out = new StringBuilder();
        int image = 0;
        for (SnapshotBlock b : content) {
            switch (b) {
                case SnapshotBlock.Text t -> out.append(t.text());
                case SnapshotBlock.Image i -> out.append("[image #").append(++image).append(' ').append(i.mediaType()).append(' ')
                        .append(i.bytesText()).append("B]");
            }
        }
        return out.toString();
    }

    private static ObjectNode details(Window window, Mask mask) {
        return JsJson.nodes().objectNode().put("window", window.kind()).put("mask", mask.label());
    }

    private static void putTurn(ObjectNode d, String turn) {
        if (turn == null) return;
        try {
            d.put("turn", Long.parseLong(turn));
        } catch (NumberFormatException e) {
            d.put("turn", turn);
        }
    }

    /** The event walk over the suffix (spec §3.5 table). One instance per projection. */
    private static final class Walk {
        private final SnapshotWriter w;
        private final Set<Long> surface;
        private final Set<StepKey> selected;
        private final Set<String> selectedTurns;
        private final Mask mask;
        String currentTurn;
        StepKey currentStep;
        String renderedTurn;
        int omittedReasoning;
        int projectedAssistant;
        int omittedAssistant;

        Walk(SnapshotWriter w, Set<Long> surface, Set<StepKey> selected, Set<String> selectedTurns, Mask mask) {
            this.w = w;
            this.surface = surface;
            this.selected = selected;
            this.selectedTurns = selectedTurns;
            this.mask = mask;
        }

        void accept(SessionEvent e) {
            JsonNode data = e.data();
            switch (e.type()) {
                case EventTypes.TURN_START -> {
                    currentTurn = JsValues.string(data.get("turn"));
                    currentStep = null;
                }
                case EventTypes.STEP_START -> {
                    currentStep = StepKey.of(data);
                    if (!selected.contains(currentStep)) return;
                    if (!currentStep.turn().equals(renderedTurn)) {
                        w.text("\nTurn " + currentStep.turn() + ":\n");
                        renderedTurn = currentStep.turn();
                    }
                    w.text("  Step " + currentStep.step() + " (one complete model decision):\n");
                }
                case EventTypes.USER_MESSAGE -> {
                    if (currentStep == null || !selected.contains(currentStep) || !surface.contains(e.seq())) return;
                    JsonNode content = data.get("content");
                    omittedReasoning += ObservableContent.reasoningCount(content);
                    String label = sourceLabel(data.get("source"));
                    if (ObservableContent.observable(content)) row(label, content, label, null);
                    else w.text("    " + label + ": (empty)\n");
                }
                case EventTypes.ASSISTANT_MESSAGE -> {
                    if (!selected.contains(StepKey.of(data)) || !surface.contains(e.seq())) return;
                    JsonNode content = message(data).get("content");
                    omittedReasoning += ObservableContent.reasoningCount(content);
                    if (!ObservableContent.observable(content)) return;
                    if (mask == Mask.REASONING_ONLY) {
                        projectedAssistant++;
                        row("Assistant visible content", content, "assistant visible content", null);
                    } else {
                        omittedAssistant++;
                    }
                }
                case EventTypes.TOOL_CALL -> {
                    if (!selected.contains(StepKey.of(data))) return;
                    w.text("    Decision action [callId=" + JsValues.string(data.get("callId")) + "]: "
                            + JsValues.string(data.get("name")) + "(" + JsValues.string(data.get("arguments")) + ")\n");
                }
                case EventTypes.TOOL_RESULT -> {
                    if (!selected.contains(StepKey.of(data)) || !surface.contains(e.seq())) return;
                    JsonNode message = message(data);
                    JsonNode content = message.get("content");
                    omittedReasoning += ObservableContent.reasoningCount(content);
                    String status = ObservableContent.firstToolResultIsError(content) ? "error" : "success";
                    JsonNode source = message.get("source");
                    String callId = JsValues.string(source == null ? null : source.get("callId"));
                    String label = "Tool outcome [callId=" + callId + "; status=" + status + "]";
                    if (ObservableContent.observable(content)) row(label, content, "tool outcome", callId);
                    else w.text("    " + label + ": (empty)\n");
                }
                case EventTypes.STEP_END -> {
                    if (currentStep != null && currentStep.equals(StepKey.of(data))) currentStep = null;
                }
                case EventTypes.TURN_END -> {
                    if (selectedTurns.contains(JsValues.string(data.get("turn")))) {
                        JsonNode reason = data.get("reason");
                        w.text("    Turn end: " + JsValues.string(reason == null ? null : reason.get("kind")) + "\n");
                    }
                    currentTurn = null;
                    currentStep = null;
                }
                default -> {
                    // other events carry no Step content
                }
            }
        }

        private void row(String label, JsonNode content, String imageSource, String callId) {
            w.text("    " + label + ": ");
            ObservableContent.flatten(content, imageSource, callId, w);
            w.text("\n");
        }

        private static JsonNode message(JsonNode data) {
            JsonNode m = data.get("message");
            return m != null && m.isObject() ? m : JsJson.nodes().objectNode();
        }

        private static String sourceLabel(JsonNode source) {
            String kind = source == null ? "" : JsValues.string(source.get("kind"));
            return switch (kind) {
                case "user" -> "User input";
                case "tool" -> "Tool result (" + JsValues.string(source.get("callId")) + ")";
                case "model" -> "Model-origin observable context";
                case "plugin" -> "Injected context (" + JsValues.string(source.get("plugin")) + ")";
                default -> "Observable message";
            };
        }
    }
}
