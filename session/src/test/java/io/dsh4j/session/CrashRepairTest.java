package io.dsh4j.session;

import static io.dsh4j.session.SessionLogProperties.lines;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** §1.8 logical repair: closers of an interrupted turn, in memory (inspect) and durably (load). */
class CrashRepairTest {

    @TempDir Path root;

    static JsonNode json(String text) {
        return JsJson.parse(text, JsonLimits.DEFAULTS);
    }

    static SessionEvent assistantWithCalls(long seq, long turn, long step, String... callIds) {
        StringBuilder blocks = new StringBuilder();
        for (String id : callIds) {
            if (!blocks.isEmpty()) blocks.append(',');
            blocks.append("{\"type\":\"tool-call\",\"id\":\"").append(id).append("\",\"name\":\"bash\",\"arguments\":\"{}\"}");
        }
        return SessionEvent.builder("assistant/message", seq, 100 + seq).data(json("{\"turn\":" + turn + ",\"step\":" + step
                + ",\"message\":{\"role\":\"assistant\",\"content\":[" + blocks + "],\"source\":{\"kind\":\"model\",\"provider\":\"p\","
                + "\"model\":\"m\"},\"id\":\"a" + seq + "\"}}")).surfaceOp(SurfaceOp.APPEND).build();
    }

    static SessionEvent toolCall(long seq, long turn, long step, String callId) {
        return SessionEvent.of("tool/call", seq, 100 + seq, json("{\"turn\":" + turn + ",\"step\":" + step + ",\"callId\":\"" + callId
                + "\",\"name\":\"bash\",\"arguments\":\"{}\"}"));
    }

    static SessionEvent toolResult(long seq, long turn, long step, String callId) {
        return SessionEvent.builder("tool/result", seq, 100 + seq).data(json("{\"turn\":" + turn + ",\"step\":" + step
                + ",\"message\":{\"id\":\"r" + seq + "\",\"role\":\"user\",\"source\":{\"kind\":\"tool\",\"callId\":\"" + callId
                + "\"},\"content\":[{\"type\":\"tool-result\",\"toolCallId\":\"" + callId + "\",\"content\":[{\"type\":\"text\",\"text\":\"ok\"}]}]}}"))
                .surfaceOp(SurfaceOp.APPEND).build();
    }

    static List<SessionEvent> openTurn() {
        return List.of(
                SessionEvent.of(0, 100, new EventPayload.TurnStart(1)),
                SessionEvent.of(1, 101, new EventPayload.StepStart(1, 1)),
                assistantWithCalls(2, 1, 1, "done", "started", "never"),
                toolCall(3, 1, 1, "done"),
                toolResult(4, 1, 1, "done"),
                toolCall(5, 1, 1, "started"));
    }

    @Test
    void the_recorded_tool_outcome_unknown_fixture_is_reproduced_line_for_line() throws IOException {
        Path fixture = Corpus.rawDir().resolve(
                "examples/headless-agent/tests/semantic-checkpoint-snapshots/tool-outcome-unknown/session.expected.jsonl");
        SessionLog log = SessionLogReader.read(fixture, SessionLogReader.Options.FIXTURE);
        List<SessionEvent> prefix = log.events().subList(0, 5);
        List<String> closers = lines(CrashRepair.closers(prefix)).stream()
                .map(l -> l.replaceFirst("\"seq\":\\d+,\"time\":-?\\d+,", "")).toList();
        assertThat(closers).isEqualTo(lines(log.events().subList(5, 8)));
    }

    @Test
    void pending_calls_get_error_results_in_call_order_then_step_end_then_interrupted_turn_end() {
        List<SessionEvent> closers = CrashRepair.closers(openTurn());
        assertThat(closers).extracting(SessionEvent::type).containsExactly("tool/result", "tool/result", "step/end", "turn/end");
        assertThat(closers).extracting(SessionEvent::seq).containsExactly(6L, 7L, 8L, 9L);
        assertThat(closers).extracting(SessionEvent::time).containsOnly(105L);

        SessionEvent started = closers.get(0);
        assertThat(started.sourceEventSeqs()).containsExactly(5L);
        assertThat(started.surfaceOp()).isEqualTo(SurfaceOp.APPEND);
        assertThat(started.data().at("/error/code").asText()).isEqualTo(CrashRepair.TOOL_OUTCOME_UNKNOWN);
        assertThat(started.data().at("/message/id").asText()).isEqualTo("interrupted-tool-result-started-6");
        assertThat(started.data().at("/message/content/0/isError").asBoolean()).isTrue();

        SessionEvent never = closers.get(1);
        assertThat(never.sourceEventSeqs()).isNull();
        assertThat(never.data().at("/error/code").asText()).isEqualTo(CrashRepair.TOOL_NOT_STARTED);
        assertThat(never.data().at("/error/name").asText()).isEqualTo("ToolNotStartedError");

        assertThat(closers.get(2).payload()).isEqualTo(new EventPayload.StepEnd(1, 1));
        assertThat(closers.get(3).payload(EventPayload.TurnEnd.class).reason()).isInstanceOf(TurnEndReason.Interrupted.class);
    }

    @Test
    void a_balanced_or_empty_log_needs_no_closers_and_a_closed_step_only_closes_the_turn() {
        assertThat(CrashRepair.closers(List.of())).isEmpty();
        List<SessionEvent> balanced = new ArrayList<>(openTurn());
        balanced.add(SessionEvent.of(6, 106, new EventPayload.StepEnd(1, 1)));
        balanced.add(SessionEvent.of(7, 107, new EventPayload.TurnEnd(1, new TurnEndReason.Completed())));
        assertThat(CrashRepair.closers(balanced)).isEmpty();

        List<SessionEvent> stepClosed = new ArrayList<>(openTurn());
        stepClosed.add(SessionEvent.of(6, 106, new EventPayload.StepEnd(1, 1)));
        assertThat(CrashRepair.closers(stepClosed)).extracting(SessionEvent::type).containsExactly("turn/end");
    }

    @Test
    void the_tracker_follows_a_stream_with_the_same_answer_as_the_whole_list() {
        CrashRepair.Tracker t = new CrashRepair.Tracker();
        openTurn().forEach(t::accept);
        assertThat(t.turnOpen()).isTrue();
        assertThat(lines(t.closers())).isEqualTo(lines(CrashRepair.closers(openTurn())));
    }

    SessionStore tornStore() throws IOException {
        SessionStore store = SessionStore.open(root, LogEncoding.ZSTD);
        SessionHeader header = SessionHeader.create("torn-session", 5, "/w");
        SessionLogWriter w = store.create(header);
        w.append(openTurn().subList(0, 3));
        w.append(openTurn().subList(3, 6));
        // a crash in the middle of the next append: its frame is cut short
        byte[] frame = io.dsh4j.session.internal.ZstdFrameEncoder.encode(
                (SessionEvent.of(6, 106, new EventPayload.StepEnd(1, 1)) + "\n").getBytes());
        Files.write(w.path(), java.util.Arrays.copyOf(frame, frame.length / 2), java.nio.file.StandardOpenOption.APPEND);
        return store;
    }

    @Test
    void inspect_adds_closers_in_memory_and_never_touches_the_file() throws IOException {
        SessionStore store = tornStore();
        StoredSession s = store.find("torn-session").orElseThrow();
        byte[] before = Files.readAllBytes(s.path());
        SessionLog inspected = store.inspect(s);
        assertThat(inspected.status()).isInstanceOf(LogStatus.Torn.class);
        assertThat(inspected.events()).hasSize(6);
        assertThat(inspected.inspect()).hasSize(10);
        assertThat(inspected.inspect().get(9).type()).isEqualTo("turn/end");
        assertThat(Files.readAllBytes(s.path())).isEqualTo(before);
    }

    @Test
    void load_truncates_the_torn_tail_and_appends_recovered_events_and_closers_as_one_frame() throws IOException {
        SessionStore store = tornStore();
        StoredSession s = store.find("torn-session").orElseThrow();
        SessionLog inspected = store.inspect(s);
        SessionLog loaded = store.load(s);
        assertThat(loaded.status()).isEqualTo(new LogStatus.Ok());
        assertThat(lines(loaded.events())).isEqualTo(lines(inspected.inspect()));

        SessionLog reread = SessionLogReader.read(s.path());
        assertThat(reread.status()).isEqualTo(new LogStatus.Ok());
        assertThat(lines(reread.events())).isEqualTo(lines(inspected.inspect()));
        byte[] file = Files.readAllBytes(s.path());
        assertThat(io.dsh4j.session.internal.ZstdFrameFormat.scan(file, 0, file.length, 100).frames()).hasSize(4);
        assertThat(reread.closers()).isEmpty();

        long size = Files.size(s.path());
        assertThat(store.load(s).events()).hasSize(10);
        assertThat(Files.size(s.path())).as("a balanced log is left alone").isEqualTo(size);
        store.resume(s, 10).append(List.of(SessionEvent.of(10, 200, new EventPayload.TurnStart(2))));
        assertThat(SessionLogReader.read(s.path()).events()).hasSize(11);
    }

    @Test
    void load_recovers_the_events_of_a_torn_frame_whose_checksum_alone_is_missing() throws IOException {
        SessionStore store = SessionStore.open(root, LogEncoding.ZSTD);
        SessionLogWriter w = store.create(SessionHeader.create("cut-checksum", 5, null));
        w.append(openTurn().subList(0, 3));
        w.append(openTurn().subList(3, 6));
        long full = Files.size(w.path());
        new io.dsh4j.session.internal.DurableFiles(io.dsh4j.session.internal.DurableFiles.SYNCED).truncate(w.path(), full - 1);
        StoredSession s = store.find("cut-checksum").orElseThrow();
        assertThat(SessionLogReader.read(s.path()).status()).isInstanceOfSatisfying(LogStatus.Torn.class,
                t -> assertThat(t.recoveredEvents()).isEqualTo(3));
        SessionLog loaded = store.load(s);
        assertThat(lines(loaded.events().subList(0, 6))).isEqualTo(lines(openTurn()));
        assertThat(SessionLogReader.read(s.path()).events()).hasSize(10);
    }

    @Test
    void a_raw_torn_tail_is_cut_after_the_last_committed_line() throws IOException {
        SessionStore store = SessionStore.open(root, LogEncoding.RAW);
        SessionLogWriter w = store.create(SessionHeader.create("raw-torn", 5, "/w"));
        w.append(openTurn());
        Files.writeString(w.path(), "{\"type\":\"step/e", java.nio.file.StandardOpenOption.APPEND);
        StoredSession s = store.find("raw-torn").orElseThrow();
        SessionLog loaded = store.load(s);
        assertThat(loaded.events()).hasSize(10);
        assertThat(Files.readString(s.path())).doesNotContain("{\"type\":\"step/e\n").endsWith("\"reason\":{\"kind\":\"interrupted\"}}}\n");
    }
}
