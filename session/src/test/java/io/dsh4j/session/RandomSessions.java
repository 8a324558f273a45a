package io.dsh4j.session;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.session.event.TurnEndReason;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random, loadable session event sequences for store properties: turn/step skeletons, runs of chunk
 * deltas (so that packing happens), user and assistant messages, tool calls and results, log-only
 * events with arbitrary text, and ignorable unknown types; seqs contiguous from 0, times wandering
 * (also backwards).
 */
final class RandomSessions {

    private RandomSessions() {}

    /** One generated step of the script: a kind and some text. */
    record Piece(int kind, String text, int repeat, long dt) {}

    static Arbitrary<String> text() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(12),
                Arbitraries.strings().withChars("ab \n\"\\\u00e9\u4e2d\u0000\u2028").ofMaxLength(8),
                Arbitraries.strings().all().ofMaxLength(6).filter(s -> s.chars().noneMatch(c -> Character.isSurrogate((char) c))));
    }

    static Arbitrary<List<SessionEvent>> events() {
        Arbitrary<Piece> piece = Combinators.combine(Arbitraries.integers().between(0, 8), text(),
                Arbitraries.integers().between(1, 6), Arbitraries.longs().between(-5, 40)).as(Piece::new);
        return piece.list().ofMinSize(1).ofMaxSize(30).map(RandomSessions::build);
    }

    static List<SessionEvent> build(List<Piece> pieces) {
        List<SessionEvent> out = new ArrayList<>();
        long[] seq = {0};
        long time = 1_700_000_000_000L;
        long turn = 1;
        long step = 1;
        for (Piece p : pieces) {
            time += p.dt();
            switch (p.kind()) {
                case 0 -> out.add(SessionEvent.of(seq[0]++, time, new EventPayload.TurnStart(turn)));
                case 1 -> out.add(SessionEvent.of(seq[0]++, time, new EventPayload.StepStart(turn, step)));
                case 2 -> {
                    for (int k = 0; k < p.repeat(); k++) out.add(chunk(seq[0]++, time + k, turn, step, p.text() + k));
                }
                case 3 -> out.add(SessionEvent.builder("user/message", seq[0]++, time).data(userMessage(p.text(), seq[0]))
                        .surfaceOp(SurfaceOp.APPEND).build());
                case 4 -> out.add(SessionEvent.of(seq[0]++, time, new EventPayload.StepEnd(turn, step++)));
                case 5 -> out.add(SessionEvent.of(seq[0]++, time, new EventPayload.TurnEnd(turn++, new TurnEndReason.Completed())));
                case 6 -> out.add(SessionEvent.of("session/title", seq[0]++, time, JsJson.nodes().objectNode().put("title", p.text())));
                case 7 -> out.add(SessionEvent.builder("future/thing", seq[0]++, time)
                        .data(JsJson.nodes().objectNode().put("note", p.text())).ignorable().build());
                default -> out.add(SessionEvent.of("tool/call", seq[0]++, time, JsJson.nodes().objectNode().put("turn", turn)
                        .put("step", step).put("callId", "c" + p.repeat()).put("name", "read").put("arguments", p.text())));
            }
        }
        return List.copyOf(out);
    }

    static SessionEvent chunk(long seq, long time, long turn, long step, String text) {
        JsonNodeFactory n = JsJson.nodes();
        ObjectNode chunk = n.objectNode().put("type", "text-delta").put("index", 0).put("text", text);
        ObjectNode data = n.objectNode().put("turn", turn).put("step", step);
        data.set("chunk", chunk);
        return SessionEvent.of("assistant/chunk", seq, time, data);
    }

    static ObjectNode userMessage(String text, long id) {
        JsonNodeFactory n = JsJson.nodes();
        ObjectNode m = n.objectNode();
        m.set("content", n.arrayNode().add(n.objectNode().put("type", "text").put("text", text)));
        m.set("source", n.objectNode().put("kind", "user"));
        m.put("role", "user").put("id", "m-" + id);
        return m;
    }

    /** Splits {@code events} into consecutive batches of the given sizes (the last takes the rest). */
    static List<List<SessionEvent>> batches(List<SessionEvent> events, List<Integer> sizes) {
        List<List<SessionEvent>> out = new ArrayList<>();
        int at = 0;
        for (int i = 0; at < events.size(); i++) {
            int size = i < sizes.size() ? Math.max(1, sizes.get(i)) : events.size() - at;
            int end = Math.min(events.size(), at + size);
            out.add(events.subList(at, end));
            at = end;
        }
        return out;
    }
}
