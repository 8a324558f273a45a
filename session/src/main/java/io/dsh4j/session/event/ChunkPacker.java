package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsNumberFormat;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Packs an event batch for storage (DSH's {@code packChunkRuns}): each run of at least
 * {@link ChunkRow#MIN_RUN} consecutive, whitelisted, same-block delta chunk events becomes one
 * {@link ChunkRow}; every other event passes through verbatim, in order.
 *
 * <p>Eligibility is DSH's whitelist — envelope exactly {@code type, seq, time, data}; data exactly
 * {@code turn, step, chunk}; chunk exactly {@code {type,index,text}} or {@code {type,index,id,name?,argumentsDelta}};
 * a run continues while the kind is the same, seq increments by 1, the time gap is a safe integer,
 * and turn, step, index (and for tool calls id and the presence and value of name) are equal — with
 * one refinement: keys must also be in DSH's order, so that expanding the row gives back the same
 * bytes (DSH itself always writes that order). Recorded-fixture events without seq/time pack into
 * rows without seq0/time0, but never together with timed events. Pure and stateless.
 */
public final class ChunkPacker {

    private ChunkPacker() {}

    /** The storage records for one write batch, in log order. */
    public static List<StorageRecord> pack(List<SessionEvent> events) {
        List<StorageRecord> out = new ArrayList<>(events.size());
        List<Member> run = new ArrayList<>();
        for (SessionEvent e : events) {
            Member m = classify(e);
            if (m == null) {
                flush(run, out);
                out.add(e);
                continue;
            }
            if (!run.isEmpty() && !continues(run.get(run.size() - 1), m)) flush(run, out);
            run.add(m);
        }
        flush(run, out);
        return out;
    }

    private static void flush(List<Member> run, List<StorageRecord> out) {
        if (run.size() >= ChunkRow.MIN_RUN) {
            Member first = run.get(0);
            long[] dt = new long[run.size() - 1];
            List<String> members = new ArrayList<>(run.size());
            for (int i = 0; i < run.size(); i++) {
                if (i > 0) dt[i - 1] = run.get(i).event.time() - run.get(i - 1).event.time();
                members.add(run.get(i).member);
            }
            out.add(new ChunkRow(first.kind, first.event.seq(), first.event.time(), first.event.positional(),
                    first.turn, first.step, first.index, first.id, first.name, dt, members));
        } else {
            for (Member m : run) out.add(m.event);
        }
        run.clear();
    }

    private static boolean continues(Member prev, Member next) {
        if (next.kind != prev.kind || next.event.positional() != prev.event.positional()) return false;
        if (next.event.seq() != prev.event.seq() + 1) return false;
        if (!JsNumberFormat.isSafeInteger(next.event.time() - prev.event.time())) return false;
        if (next.turn != prev.turn || next.step != prev.step || next.index != prev.index) return false;
        if (next.kind != ChunkRow.Kind.TOOL_CALL) return true;
        return next.id.equals(prev.id) && (next.name == null ? prev.name == null : next.name.equals(prev.name));
    }

    /** One whitelisted delta event with its run keys. */
    private record Member(SessionEvent event, ChunkRow.Kind kind, double turn, double step, double index, String id,
                          String name, String member) {}

    /** The run member view of an event, or {@code null} when the event is stored verbatim. */
    static Member classify(SessionEvent e) {
        if (!EventTypes.ASSISTANT_CHUNK.equals(e.type())) return null;
        int layout = e.layout();
        if (layout != EnvelopeLayout.CANONICAL && layout != EnvelopeLayout.POSITIONAL) return null;
        if (e.seq() < 0 || !JsNumberFormat.isSafeInteger(e.seq()) || !JsNumberFormat.isSafeInteger(e.time())) return null;
        if (e.rawData() == null && e.cachedPayload() instanceof EventPayload.AssistantChunk c) {
            return switch (c.chunk()) {
                case StreamChunk.TextDelta d -> new Member(e, ChunkRow.Kind.TEXT, c.turn(), c.step(), d.index(), null, null, d.text());
                case StreamChunk.ReasoningDelta d ->
                        new Member(e, ChunkRow.Kind.REASONING, c.turn(), c.step(), d.index(), null, null, d.text());
                case StreamChunk.ToolCallDelta d ->
                        new Member(e, ChunkRow.Kind.TOOL_CALL, c.turn(), c.step(), d.index(), d.id(), d.name(), d.argumentsDelta());
                default -> null;
            };
        }
        JsonNode data = e.data();
        if (!data.isObject() || !orderedKeys(data, "turn", "step", "chunk")) return null;
        JsonNode turn = data.get("turn");
        JsonNode step = data.get("step");
        JsonNode chunk = data.get("chunk");
        if (!turn.isNumber() || !step.isNumber() || !chunk.isObject()) return null;
        JsonNode index = chunk.get("index");
        JsonNode type = chunk.get("type");
        if (index == null || !index.isNumber() || type == null || !type.isTextual()) return null;
        ChunkRow.Kind kind = ChunkRow.Kind.ofChunkType(type.textValue());
        if (kind == null || negativeZero(turn) || negativeZero(step) || negativeZero(index)) return null;
        if (kind != ChunkRow.Kind.TOOL_CALL) {
            JsonNode text = chunk.get("text");
            if (!orderedKeys(chunk, "type", "index", "text") || !text.isTextual()) return null;
            return new Member(e, kind, turn.doubleValue(), step.doubleValue(), index.doubleValue(), null, null, text.textValue());
        }
        boolean withName = orderedKeys(chunk, "type", "index", "id", "name", "argumentsDelta");
        if (!withName && !orderedKeys(chunk, "type", "index", "id", "argumentsDelta")) return null;
        JsonNode id = chunk.get("id");
        JsonNode name = chunk.get("name");
        JsonNode args = chunk.get("argumentsDelta");
        if (!id.isTextual() || !args.isTextual() || (withName && !name.isTextual())) return null;
        return new Member(e, kind, turn.doubleValue(), step.doubleValue(), index.doubleValue(), id.textValue(),
                withName ? name.textValue() : null, args.textValue());
    }

    /** -0 would come back as 0 from a row; such events stay verbatim so nothing changes. */
    private static boolean negativeZero(JsonNode n) {
        double d = n.doubleValue();
        return d == 0 && Double.doubleToRawLongBits(d) != 0;
    }

    private static boolean orderedKeys(JsonNode obj, String... keys) {
        if (obj.size() != keys.length) return false;
        Iterator<String> names = obj.fieldNames();
        for (String k : keys) if (!names.next().equals(k)) return false;
        return true;
    }
}
