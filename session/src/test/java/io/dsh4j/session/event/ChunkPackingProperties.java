package io.dsh4j.session.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

/**
 * §1.5: packing then expanding is the identity for random chunk runs, across every eligibility edge
 * (kind, seq gaps, negative and unsafe time gaps, turn/step/index/id changes, name presence and value,
 * positional fixtures, non-delta events between, non-canonical key order, typed and tree data).
 */
class ChunkPackingProperties {

    /** One generated event description. */
    record Spec(int kind, int turn, int step, int index, int id, int name, int seqGap, long dtChoice, boolean tree,
                boolean shuffledKeys, String text) {}

    @Provide
    Arbitrary<List<Spec>> runs() {
        Arbitrary<Spec> spec = Combinators.combine(
                Arbitraries.integers().between(0, 4),          // 0 text, 1 reasoning, 2 tool, 3 block-end-ish other chunk, 4 other event
                Arbitraries.integers().between(1, 2).edgeCases(c -> c.includeOnly(1)),
                Arbitraries.integers().between(1, 2),
                Arbitraries.integers().between(0, 1),
                Arbitraries.integers().between(0, 1),
                Arbitraries.integers().between(0, 2),          // name: absent, "bash", "read"
                Arbitraries.integers().between(1, 2).withDistribution(net.jqwik.api.RandomDistribution.uniform()),
                Arbitraries.longs().between(-5, 40))
                .as((k, t, s, i, id, n, gap, dt) -> new Spec(k, t, s, i, id, n, gap, dt, false, false, ""));
        Arbitrary<Spec> full = Combinators.combine(spec, Arbitraries.integers().between(0, 19),
                        Arbitraries.strings().ofMaxLength(6).withChars("ab\"\\\n\u0001é😀\ud800"))
                .as((sp, flags, text) -> new Spec(sp.kind(), sp.turn(), sp.step(), sp.index(), sp.id(), sp.name(),
                        flags == 0 ? 2 : 1, flags == 1 ? JsNumberFormat.MAX_SAFE_INTEGER : sp.dtChoice(), flags % 3 == 2,
                        flags == 3, text));
        // most events repeat the previous event's run keys (kind, turn, step, index, id, name), so long runs occur
        return Combinators.combine(full.list().ofMaxSize(40), Arbitraries.integers().between(0, 3).list().ofSize(40))
                .as((list, sticky) -> {
                    List<Spec> out = new ArrayList<>();
                    for (int i = 0; i < list.size(); i++) {
                        Spec sp = list.get(i);
                        if (i > 0 && sticky.get(i) != 0) {
                            Spec prev = out.get(i - 1);
                            sp = new Spec(prev.kind(), prev.turn(), prev.step(), prev.index(), prev.id(), prev.name(), sp.seqGap(),
                                    sp.dtChoice(), sp.tree(), sp.shuffledKeys(), sp.text());
                        }
                        out.add(sp);
                    }
                    return out;
                });
    }

    static List<SessionEvent> build(List<Spec> specs, boolean positional) {
        List<SessionEvent> out = new ArrayList<>();
        long seq = 0;
        long time = positional ? 0 : 1_000;
        for (Spec s : specs) {
            seq += s.seqGap();
            time = s.dtChoice() == JsNumberFormat.MAX_SAFE_INTEGER ? (time > 0 ? -JsNumberFormat.MAX_SAFE_INTEGER : JsNumberFormat.MAX_SAFE_INTEGER)
                    : Math.max(-JsNumberFormat.MAX_SAFE_INTEGER, Math.min(JsNumberFormat.MAX_SAFE_INTEGER, time + s.dtChoice()));
            if (positional) time = 0;
            out.add(event(s, seq, time, positional));
        }
        return out;
    }

    static SessionEvent event(Spec s, long seq, long time, boolean positional) {
        String id = s.id() == 0 ? "call_a" : "call_b";
        String name = s.name() == 0 ? null : s.name() == 1 ? "bash" : "read";
        StreamChunk chunk = switch (s.kind()) {
            case 0 -> new StreamChunk.TextDelta(s.index(), s.text());
            case 1 -> new StreamChunk.ReasoningDelta(s.index(), s.text());
            case 2 -> new StreamChunk.ToolCallDelta(s.index(), id, name, s.text());
            default -> new StreamChunk.BlockStart(s.index(), "text");
        };
        SessionEvent.Builder b;
        if (s.kind() == 4) {
            b = SessionEvent.builder(EventTypes.STEP_START, seq, time).payload(new EventPayload.StepStart(s.turn(), s.step()));
        } else if (s.tree() || s.shuffledKeys()) {
            ObjectNode data = (ObjectNode) PayloadJson.write(new EventPayload.AssistantChunk(s.turn(), s.step(), chunk));
            if (s.shuffledKeys()) {
                ObjectNode reordered = JsJson.nodes().objectNode();
                reordered.set("step", data.get("step"));
                reordered.set("turn", data.get("turn"));
                reordered.set("chunk", data.get("chunk"));
                data = reordered;
            }
            b = SessionEvent.builder(EventTypes.ASSISTANT_CHUNK, seq, time).data(data);
        } else {
            b = SessionEvent.builder(EventTypes.ASSISTANT_CHUNK, seq, time)
                    .payload(new EventPayload.AssistantChunk(s.turn(), s.step(), chunk));
        }
        if (positional) b.positional();
        return b.build();
    }

    static List<String> lines(List<? extends StorageRecord> records) {
        return records.stream().map(StorageCodec::encode).toList();
    }

    static List<SessionEvent> expandAll(List<StorageRecord> records) {
        List<SessionEvent> out = new ArrayList<>();
        for (StorageRecord r : records) out.addAll(r.events());
        return out;
    }

    @Property(tries = 400)
    void packing_then_expanding_is_the_identity(@ForAll("runs") List<Spec> specs) {
        for (boolean positional : new boolean[] {false, true}) {
            List<SessionEvent> events = build(specs, positional);
            List<StorageRecord> packed = ChunkPacker.pack(events);
            net.jqwik.api.statistics.Statistics.label("rows").collect(packed.stream().anyMatch(r -> r instanceof ChunkRow));
            assertThat(lines(expandAll(packed))).isEqualTo(lines(events));
            for (StorageRecord r : packed) {
                if (r instanceof ChunkRow row) assertThat(row.eventCount()).isGreaterThanOrEqualTo(ChunkRow.MIN_RUN);
            }
        }
    }

    @Property(tries = 400)
    void packed_lines_decode_back_to_the_same_events(@ForAll("runs") List<Spec> specs) {
        List<SessionEvent> events = build(specs, false);
        List<SessionEvent> decoded = new ArrayList<>();
        for (String line : StorageCodec.encodeBatch(events, true).split("\n", -1)) {
            if (line.isEmpty()) continue;
            decoded.addAll(StorageCodec.decode(line, -1).events());
        }
        assertThat(lines(decoded)).isEqualTo(lines(events));
    }

    @Property(tries = 300)
    void a_run_is_packed_only_when_maximal_and_at_least_three_long(@ForAll("runs") List<Spec> specs) {
        List<SessionEvent> events = build(specs, false);
        List<StorageRecord> packed = ChunkPacker.pack(events);
        // no verbatim stretch of >= 3 eligible continuing deltas survives, and no two adjacent records continue each other
        int streak = 0;
        SessionEvent previous = null;
        for (StorageRecord r : packed) {
            if (r instanceof SessionEvent e && ChunkPacker.classify(e) != null) {
                streak = previous != null && continuesForTest(previous, e) ? streak + 1 : 1;
                assertThat(streak).isLessThan(ChunkRow.MIN_RUN);
                previous = e;
            } else {
                streak = 0;
                previous = null;
            }
        }
    }

    private static boolean continuesForTest(SessionEvent a, SessionEvent b) {
        List<StorageRecord> pair = ChunkPacker.pack(List.of(a, b, b.withSeq(b.seq() + 1)));
        return pair.size() == 1;
    }

    @Example
    void a_tool_call_run_with_mixed_name_presence_is_not_packed_together() {
        List<SessionEvent> events = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            events.add(SessionEvent.of(i, 100 + i, new EventPayload.AssistantChunk(1, 1,
                    new StreamChunk.ToolCallDelta(0, "c", i == 0 ? "bash" : null, "x" + i))));
        }
        List<StorageRecord> packed = ChunkPacker.pack(events);
        assertThat(packed).hasSize(2);
        assertThat(packed.get(0)).isInstanceOf(SessionEvent.class);
        assertThat(((ChunkRow) packed.get(1)).name()).isNull();
        assertThat(StorageCodec.encode(packed.get(1)))
                .isEqualTo("{\"type\":\"tool-call-chunks\",\"seq0\":1,\"time0\":101,\"data\":{\"turn\":1,\"step\":1,\"index\":0,"
                        + "\"dt\":[1,1,1,1],\"id\":\"c\",\"args\":[\"x1\",\"x2\",\"x3\",\"x4\",\"x5\"]}}");
    }

    @Example
    void a_time_gap_beyond_the_safe_range_breaks_the_run() {
        List<SessionEvent> events = List.of(
                SessionEvent.of(0, -JsNumberFormat.MAX_SAFE_INTEGER, new EventPayload.AssistantChunk(1, 1, new StreamChunk.TextDelta(0, "a"))),
                SessionEvent.of(1, JsNumberFormat.MAX_SAFE_INTEGER, new EventPayload.AssistantChunk(1, 1, new StreamChunk.TextDelta(0, "b"))),
                SessionEvent.of(2, JsNumberFormat.MAX_SAFE_INTEGER, new EventPayload.AssistantChunk(1, 1, new StreamChunk.TextDelta(0, "c"))),
                SessionEvent.of(3, JsNumberFormat.MAX_SAFE_INTEGER - 5, new EventPayload.AssistantChunk(1, 1, new StreamChunk.TextDelta(0, "d"))));
        List<StorageRecord> packed = ChunkPacker.pack(events);
        assertThat(packed).hasSize(2);
        assertThat(((ChunkRow) packed.get(1)).dt()).containsExactly(0, -5);
    }
}
