package io.dsh4j.attention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.attention.core.GuardReason;
import io.dsh4j.attention.core.GuardTrip;
import io.dsh4j.attention.core.GuardTripLog;
import io.dsh4j.attention.core.LoopGuard;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 / spec §6.2, §6.5, §11 items 53–54: the reasoning-loop guard live on
 * {@code agent/assistant-stream}, fed recorded reasoning through a scripted model.
 */
class LiveGuardTest {

    @TempDir
    Path home;

    @TempDir
    Path work;

    /** The reasoning blocks of a log's assistant messages, in order. */
    static List<String> reasoningOf(Path log) throws IOException {
        List<String> out = new ArrayList<>();
        io.dsh4j.attention.sessions.SessionLogs.read(log, r -> {
            if (!"assistant/message".equals(r.path("type").asText())) return;
            for (JsonNode b : r.path("data").path("message").path("content")) {
                if ("reasoning".equals(b.path("type").asText()) && b.path("text").isTextual() && !b.path("text").asText().isEmpty()) {
                    out.add(b.path("text").asText());
                }
            }
        });
        return out;
    }

    /** Deterministic stream pieces of varied sizes (1, 3, 7, 16, 40 characters, in turn), as a model streams. */
    static List<String> pieces(String text) {
        int[] sizes = {1, 3, 7, 16, 40};
        List<String> out = new ArrayList<>();
        for (int i = 0, k = 0; i < text.length(); k++) {
            int end = Math.min(text.length(), i + sizes[k % sizes.length]);
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) end++;
            out.add(text.substring(i, end));
            i = end;
        }
        return out;
    }

    /** The index of the piece on which a fresh offline guard trips, or −1. */
    static int offlineTrip(List<String> pieces) {
        LoopGuard guard = new LoopGuard();
        for (int i = 0; i < pieces.size(); i++) {
            if (guard.push(pieces.get(i)) != null) return i;
        }
        return -1;
    }

    static GuardTrip offlineTripOf(List<String> pieces) {
        LoopGuard guard = new LoopGuard();
        for (String p : pieces) {
            GuardTrip t = guard.push(p);
            if (t != null) return t;
        }
        return null;
    }

    static ScriptedModel.Script streaming(List<String> pieces) {
        ScriptedModel.Builder b = ScriptedModel.Script.builder().chunk(new StreamChunk.BlockStart(0, "reasoning"));
        for (String p : pieces) b.chunk(new StreamChunk.ReasoningDelta(0, p));
        String all = String.join("", pieces);
        return b.chunk(new StreamChunk.BlockEnd(0, new ContentBlock.Reasoning(all))).text("done")
                .finish(new FinishReason.Stop()).build();
    }

    static List<Path> stressAndCorpusLogs() throws IOException {
        List<Path> logs = new ArrayList<>();
        try (Stream<Path> s = Files.list(Corpus.oracle().resolve("attention-health/stress"))) {
            s.sorted().map(d -> d.resolve("session.jsonl")).filter(Files::isRegularFile).forEach(logs::add);
        }
        logs.addAll(Corpus.rawLogs());
        return logs;
    }

    static long reasoningChunks(Agent agent) {
        return agent.session().events().stream().filter(e -> e.payload() instanceof EventPayload.AssistantChunk c
                && c.chunk() instanceof StreamChunk.ReasoningDelta).count();
    }

    static TurnEndReason lastEnd(Agent agent) {
        return agent.session().events().stream().filter(e -> e.type().equals("turn/end")).reduce((a, b) -> b).orElseThrow()
                .payload(EventPayload.TurnEnd.class).reason();
    }

    @Test
    void a_replayed_looping_reasoning_is_cancelled_at_the_chunk_where_the_offline_guard_trips() throws Exception {
        List<List<String>> looping = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path log : stressAndCorpusLogs()) {
            for (String r : reasoningOf(log)) {
                if (offlineTrip(pieces(r)) >= 0) {
                    looping.add(pieces(r));
                    names.add(Corpus.oracle().getParent().relativize(log).toString());
                }
            }
        }
        assertThat(looping).as("recorded reasoning that loops").isNotEmpty();
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            for (int i = 0; i < looping.size(); i++) {
                List<String> p = looping.get(i);
                h.model(ScriptedModel.of(streaming(p)));
                Agent agent = h.agent(work);
                LiveHarness.runTurn(agent, "think");
                int at = offlineTrip(p);
                assertThat(reasoningChunks(agent)).as(names.get(i)).isEqualTo(at + 1);
                TurnEndReason end = lastEnd(agent);
                assertThat(end).as(names.get(i)).isInstanceOf(TurnEndReason.Aborted.class);
                TurnEndReason.AbortCause cause = ((TurnEndReason.Aborted) end).cause();
                assertThat(cause.kind()).isEqualTo("hook");
                assertThat(cause.reason()).isEqualTo(offlineTripOf(p).cancelReason(Texts.chinese()));
                assertThat(cause.reason()).startsWith(GuardReason.CANCEL_PREFIX).contains("思考空转 —— ");
                assertThat(h.health().state(agent.session()).orElseThrow().counters().guardTripCount()).isEqualTo(1);
            }
            List<JsonNode> rows = GuardTripLog.read(home.resolve(AttentionHealthPlugin.DIR));
            assertThat(rows).hasSize(looping.size());
            JsonNode first = rows.getFirst();
            String streamed = String.join("", looping.getFirst().subList(0, offlineTrip(looping.getFirst()) + 1));
            assertThat(first.get("tail").asText()).isEqualTo(streamed.length() <= 500 ? streamed
                    : streamed.substring(streamed.length() - 500));
            assertThat(first.get("kind").asText()).isEqualTo(offlineTripOf(looping.getFirst()).kind().key());
            assertThat(first.get("at").asLong()).isEqualTo(LiveHarness.CLOCK.millis());
            assertThat(first.get("sessionId").asText()).isNotBlank();
        }
    }

    @Test
    void a_session_with_no_loop_is_never_cancelled() throws Exception {
        int turns = 0;
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            for (Path log : Corpus.rawLogs()) {
                List<ScriptedModel.Script> scripts = new ArrayList<>();
                for (String r : reasoningOf(log)) {
                    List<String> p = pieces(r);
                    assertThat(offlineTrip(p)).as(Corpus.nameOf(log)).isEqualTo(-1);
                    scripts.add(streaming(p));
                }
                if (scripts.isEmpty()) continue;
                h.model(ScriptedModel.of(scripts.toArray(ScriptedModel.Script[]::new)));
                Agent agent = h.agent(work);
                for (int i = 0; i < scripts.size(); i++) {
                    LiveHarness.runTurn(agent, "go on");
                    assertThat(lastEnd(agent)).as(Corpus.nameOf(log)).isInstanceOf(TurnEndReason.Completed.class);
                    turns++;
                }
            }
        }
        assertThat(turns).isGreaterThan(20);
        assertThat(GuardTripLog.read(home.resolve(AttentionHealthPlugin.DIR))).isEmpty();
    }

    static List<String> repeatedLines(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add("let me check the configuration file again\n");
        return out;
    }

    @Test
    void each_model_attempt_has_its_own_guard_so_a_retry_starts_from_a_clean_slate() {
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            ScriptedModel.Builder failing = ScriptedModel.Script.builder().chunk(new StreamChunk.BlockStart(0, "reasoning"));
            for (String l : repeatedLines(7)) failing.chunk(new StreamChunk.ReasoningDelta(0, l));
            h.model(ScriptedModel.of(failing.finish(new FinishReason.Error(new io.dsh4j.message.LlmFailure("overloaded",
                    "SERVER_ERROR", null, null, null))).build(), streaming(repeatedLines(7))));
            h.root.events().on(io.dsh4j.agent.AgentEvents.REQUEST_ERROR, (p, next) -> new io.dsh4j.agent.AgentEvents.Retry());
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "think");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Completed.class);
            assertThat(reasoningChunks(agent)).isEqualTo(14);
        }
    }

    @Test
    void privacy_mode_keeps_only_the_length_hash_head_and_foot_of_the_tail() {
        try (LiveHarness h = new LiveHarness(home, Map.of(GuardTripLog.TAIL_ENV, "0"), true)) {
            h.model(ScriptedModel.of(streaming(repeatedLines(8))));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "think");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Aborted.class);
            JsonNode row = GuardTripLog.read(home.resolve(AttentionHealthPlugin.DIR)).getFirst();
            String streamed = String.join("", repeatedLines(8));
            assertThat(row.get("tail").asText()).isEmpty();
            assertThat(row.get("tailChars").asInt()).isEqualTo(streamed.length());
            assertThat(row.get("tailHash").asText()).hasSize(16);
            assertThat(row.get("tailHead").asText()).isEqualTo(streamed.substring(0, 40));
            assertThat(row.get("sessionId").asText()).isEqualTo(agent.id());
        }
    }

    @Test
    void a_trip_record_that_cannot_be_written_does_not_stop_the_cancel() throws Exception {
        Files.writeString(home.resolve(AttentionHealthPlugin.DIR), "a file where the folder should be");
        try (LiveHarness h = new LiveHarness(home, Map.of(), true)) {
            h.model(ScriptedModel.of(streaming(repeatedLines(9)), ScriptedModel.Script.text("fine")));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "think");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Aborted.class);
            assertThat(reasoningChunks(agent)).isEqualTo(8);
            LiveHarness.runTurn(agent, "again");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Completed.class);
        }
    }

    @Test
    void without_the_plugin_the_same_reasoning_runs_to_the_end() {
        try (LiveHarness h = new LiveHarness(home, Map.of(), false)) {
            h.model(ScriptedModel.of(streaming(repeatedLines(20))));
            Agent agent = h.agent(work);
            LiveHarness.runTurn(agent, "think");
            assertThat(lastEnd(agent)).isInstanceOf(TurnEndReason.Completed.class);
            assertThat(reasoningChunks(agent)).isEqualTo(20);
        }
    }
}
