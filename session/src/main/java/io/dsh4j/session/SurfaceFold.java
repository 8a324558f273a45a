package io.dsh4j.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.Message;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.InvalidEventException;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The derived history (§2.5): folds events in seq order into the ordered list of current surface
 * nodes. {@code append} pushes the event; {@code replace {start, end}} splices the positional range
 * of current nodes from {@code start} to {@code end} into the new event. Validates as DSH's
 * {@code foldSurface} does: contiguous seqs, {@code surfaceOp} exactly on surface types,
 * {@code sourceEventSeqs} distinct and earlier (non-empty except on {@code assistant/message}), a
 * replacement citing every node it shadows, a {@code tool/result} replacement rewriting exactly one
 * current tool result and changing only its content.
 *
 * <p>Keeps the current surface events (memory grows with the surface, not with the log). One
 * instance per log; not thread-safe.
 */
public final class SurfaceFold {

    private final List<SessionEvent> nodes = new ArrayList<>();
    private long expectedSeq;
    private int replaceGeneration;

    /** A fold starting at seq 0. */
    public SurfaceFold() {
        this(0);
    }

    /** A fold whose first event has seq {@code firstSeq}. */
    public SurfaceFold(long firstSeq) {
        this.expectedSeq = firstSeq;
    }

    /**
     * Folds the next event.
     *
     * @throws InvalidEventException naming type, seq and field when the event breaks a surface rule
     */
    public void accept(SessionEvent event) {
        if (event.seq() != expectedSeq) {
            throw new InvalidEventException("session event seq " + event.seq() + " is not contiguous; expected " + expectedSeq,
                    event.type(), event.seq(), "seq");
        }
        expectedSeq++;
        boolean surface = EventTypes.isSurface(event.type());
        if (!surface) {
            if (event.surfaceOp() != null) throw invalid(event, "surfaceOp", "is not surface-eligible and cannot carry surfaceOp");
            if (event.sourceEventSeqs() != null) {
                throw invalid(event, "sourceEventSeqs", "is not surface-eligible and cannot carry sourceEventSeqs");
            }
            return;
        }
        SurfaceOp op = event.surfaceOp();
        if (op == null) throw invalid(event, "surfaceOp", "is surface-eligible and requires a surfaceOp marker");
        switch (op) {
            case SurfaceOp.Append a -> {
                checkProvenance(event, List.of());
                nodes.add(event);
            }
            case SurfaceOp.Replace r -> replace(event, r);
        }
    }

    private void replace(SessionEvent event, SurfaceOp.Replace r) {
        int startIdx = indexOf(r.start());
        if (startIdx < 0) throw invalid(event, "surfaceOp.start", "surface replace: start seq " + r.start() + " not found in surface");
        int endIdx = indexOf(r.end());
        if (endIdx < 0) throw invalid(event, "surfaceOp.end", "surface replace: end seq " + r.end() + " not found in surface");
        if (startIdx > endIdx) {
            throw invalid(event, "surfaceOp", "surface replace: start seq " + r.start() + " (index " + startIdx + ") is after end seq "
                    + r.end() + " (index " + endIdx + ")");
        }
        List<SessionEvent> shadowed = nodes.subList(startIdx, endIdx + 1);
        List<Long> shadowedSeqs = shadowed.stream().map(SessionEvent::seq).toList();
        checkProvenance(event, shadowedSeqs);
        if (EventTypes.TOOL_RESULT.equals(event.type())) checkToolResultRewrite(event, shadowed);
        shadowed.clear();
        nodes.add(startIdx, event);
        replaceGeneration++;
    }

    private int indexOf(long seq) {
        for (int i = 0; i < nodes.size(); i++) if (nodes.get(i).seq() == seq) return i;
        return -1;
    }

    private static void checkProvenance(SessionEvent event, List<Long> shadowedSeqs) {
        List<Long> sources = event.sourceEventSeqs();
        Set<Long> seen = new HashSet<>();
        if (sources != null) {
            if (sources.isEmpty() && !EventTypes.ASSISTANT_MESSAGE.equals(event.type())) {
                throw invalid(event, "sourceEventSeqs", "sourceEventSeqs must not be empty except on assistant/message");
            }
            for (Long s : sources) {
                if (!seen.add(s)) throw invalid(event, "sourceEventSeqs", "sourceEventSeqs must not contain duplicates");
                if (s >= event.seq()) {
                    throw invalid(event, "sourceEventSeqs", "sourceEventSeqs must reference earlier events: " + s + " >= current seq " + event.seq());
                }
            }
        }
        List<Long> missing = shadowedSeqs.stream().filter(s -> !seen.contains(s)).toList();
        if (!missing.isEmpty()) {
            throw invalid(event, "sourceEventSeqs", "surface replace: sourceEventSeqs must include every shadowed surface node; missing "
                    + String.join(", ", missing.stream().map(String::valueOf).toList()));
        }
    }

    private static void checkToolResultRewrite(SessionEvent event, List<SessionEvent> shadowed) {
        if (shadowed.size() != 1) throw invalid(event, "surfaceOp", "tool/result surface replacement must rewrite exactly one current node");
        SessionEvent original = shadowed.get(0);
        if (!EventTypes.TOOL_RESULT.equals(original.type())) {
            throw invalid(event, "surfaceOp", "tool/result surface replacement must target a current tool/result");
        }
        if (!withoutResultContent(original.data()).equals(withoutResultContent(event.data()))) {
            throw invalid(event, "data.message", "tool/result surface replacement may change only content");
        }
    }

    /** The data with {@code message.content[0].content} blanked (what a prune may change). */
    private static JsonNode withoutResultContent(JsonNode data) {
        JsonNode copy = data.deepCopy();
        JsonNode block = copy.path("message").path("content").path(0);
        if (block instanceof ObjectNode o) o.putNull("content");
        return copy;
    }

    private static InvalidEventException invalid(SessionEvent event, String field, String problem) {
        return new InvalidEventException(problem, event.type(), event.seq(), field);
    }

    /** The seqs of the current surface nodes, in surface order. */
    public List<Long> nodeSeqs() {
        return nodes.stream().map(SessionEvent::seq).toList();
    }

    /** How many nodes the surface holds now. */
    public int size() {
        return nodes.size();
    }

    /** The current surface events, in surface order (an unmodifiable copy). */
    public List<SessionEvent> nodes() {
        return List.copyOf(nodes);
    }

    /** How many replacements were applied. */
    public int replaceGeneration() {
        return replaceGeneration;
    }

    /** The seq the next event must have. */
    public long expectedSeq() {
        return expectedSeq;
    }

    /**
     * The model history: the messages of the current surface in order ({@code deriveEventMessage}:
     * an assistant message with empty content is skipped).
     *
     * @throws io.dsh4j.session.event.EventPayloadException when a surface event's message is malformed
     */
    public List<Message> history() {
        List<Message> out = new ArrayList<>(nodes.size());
        for (SessionEvent e : nodes) {
            Message m = messageOf(e);
            if (m != null) out.add(m);
        }
        return out;
    }

    /** DSH's {@code deriveEventMessage}: the message an event contributes to history, or {@code null}. */
    public static Message messageOf(SessionEvent e) {
        return switch (e.payload()) {
            case EventPayload.UserMessage p -> p.message();
            case EventPayload.AssistantMessage p -> p.message().content().isEmpty() ? null : p.message();
            case EventPayload.ToolResult p -> p.message();
            default -> null;
        };
    }
}
