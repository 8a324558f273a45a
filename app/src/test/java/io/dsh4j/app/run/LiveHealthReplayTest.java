package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 acceptance: a long recorded session replayed turn by turn through
 * {@code ../shared/tools/replay-model-server.py} ({@code dsh4j run --json}, then {@code --resume} for each
 * next turn): the live projection's score after each turn equals {@code dsh4j health} on the written log
 * truncated at that turn.
 */
class LiveHealthReplayTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    /** 20 turns, one answer each, the context growing to 64 % of a 1,000,000-token window. */
    static final String SESSION = "attention-health/stress/47-costband-4-64pct-1m/session.jsonl";

    @TempDir
    Path home;

    @TempDir
    Path work;

    @TempDir
    Path cuts;

    static List<String> prompts(Path recording) throws Exception {
        List<String> out = new ArrayList<>();
        SessionLogs.read(recording, r -> {
            if ("user/message".equals(r.path("type").asText()) && "user".equals(r.path("data").path("source").path("kind").asText())) {
                out.add(r.path("data").path("content").path(0).path("text").asText());
            }
        });
        return out;
    }

    @Test
    void the_projections_score_after_each_replayed_turn_equals_dsh4j_health_on_the_log_cut_at_that_turn() throws Exception {
        Path recording = Corpus.oracle().resolve(SESSION);
        List<String> prompts = prompts(recording);
        assertThat(prompts).hasSize(20);
        List<JsonNode> live = new ArrayList<>();
        String id = null;
        try (ReplayModelServer server = ReplayModelServer.start(recording)) {
            for (String prompt : prompts) {
                List<String> args = new ArrayList<>(List.of("run", "--json", "--home", home.toString(), "--cwd", work.toString(),
                        "--base-url", server.baseUrl()));
                if (id != null) args.addAll(List.of("--resume", id));
                args.add(prompt);
                CliRun r = CliRun.of(args.toArray(String[]::new));
                assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
                id = r.err().replaceAll("(?s).*session ([0-9a-f-]{36}).*", "$1");
                live.add(r.out().lines().filter(l -> l.startsWith("{\"type\":\"attention-health/status\"")).map(JsJson::parse)
                        .reduce((a, b) -> b).orElseThrow());
            }
        }
        Path log;
        String sessionId = id;
        try (Stream<Path> s = Files.walk(home.resolve("sessions"))) {
            log = s.filter(p -> p.getFileName().toString().startsWith("session") && p.toString().contains(sessionId)).findFirst()
                    .orElseThrow();
        }
        List<JsonNode> records = new ArrayList<>();
        var read = SessionLogs.read(log, records::add);
        List<Integer> scores = new ArrayList<>();
        int turn = 0;
        StringBuilder cut = new StringBuilder(JsJson.stringify(read.header())).append('\n');
        for (JsonNode record : records) {
            cut.append(JsJson.stringify(record)).append('\n');
            if (!"turn/end".equals(record.path("type").asText())) continue;
            Path dir = Files.createDirectories(cuts.resolve("turn-" + (turn + 1)));
            Path file = dir.resolve("session.jsonl");
            Files.writeString(file, cut, StandardCharsets.UTF_8);
            CliRun health = CliRun.of("health", "--json", file.toString());
            assertThat(health.code()).as(health.err()).isEqualTo(ExitCodes.OK);
            JsonNode offline = JsJson.parse(health.out());
            assertThat(live.get(turn).get("score").asInt()).as("turn %d", turn + 1).isEqualTo(offline.get("score").asInt());
            assertThat(live.get(turn).get("level").asText()).as("turn %d", turn + 1).isEqualTo(offline.get("level").asText());
            scores.add(offline.get("score").asInt());
            turn++;
        }
        assertThat(turn).isEqualTo(20);
        assertThat(scores.stream().distinct().count()).as("the score moves as the session grows: %s", scores).isGreaterThan(2);
    }
}
