package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.attention.core.Advice;
import io.dsh4j.attention.core.HealthReducer;
import io.dsh4j.attention.core.HealthState;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.testkit.ReplayModelServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14, item 5: the live health in {@code dsh4j run --json}'s events and the notice when the advice rises. */
class LiveHealthCommandsTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;

    @TempDir
    Path work;

    /**
     * A two-message recording: an answer that reports 300,000 input tokens, then reasoning that loops (the guard
     * cuts it off) before it answers.
     */
    static Path loopingRecording(Path dir) throws Exception {
        StringBuilder log = new StringBuilder("{\"type\":\"session\",\"version\":0,\"id\":\"looping\",\"createdAt\":0}\n");
        for (int turn = 1; turn <= 2; turn++) {
            var msg = JsJson.nodes().objectNode().put("type", "assistant/message");
            var data = msg.putObject("data").put("turn", turn).put("step", 1);
            var content = data.putObject("message").put("role", "assistant").putArray("content");
            if (turn == 2) content.addObject().put("type", "reasoning").put("text", "let me check the configuration file again\n".repeat(20));
            content.addObject().put("type", "text").put("text", turn == 1 ? "first answer" : "all done");
            data.putObject("usage").put("inputTokens", 300_000).put("outputTokens", 20);
            log.append(msg).append('\n');
        }
        Path file = dir.resolve("looping.jsonl");
        Files.writeString(file, log.toString());
        return file;
    }

    @Test
    void run_json_prints_the_attention_health_status_line_after_the_turn_and_not_without_the_plugin() throws Exception {
        Path recording = RunCommandTest.recording("text-turn");
        Recording recorded = Recording.of(recording);
        for (boolean mounted : List.of(true, false)) {
            try (ReplayModelServer server = ReplayModelServer.start(recording)) {
                List<String> args = new java.util.ArrayList<>(List.of("run", "--json", "--home", home.toString(), "--cwd",
                        work.toString(), "--base-url", server.baseUrl()));
                if (!mounted) args.addAll(List.of("--no-plugin", "attention-health"));
                args.add(recorded.prompt());
                CliRun r = CliRun.of(args.toArray(String[]::new));
                assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
                List<String> health = r.out().lines().filter(l -> l.startsWith("{\"type\":\"attention-health/status\"")).toList();
                if (!mounted) {
                    assertThat(health).isEmpty();
                    continue;
                }
                assertThat(health).hasSize(1);
                JsonNode line = JsJson.parse(health.getFirst());
                assertThat(line.get("score").asInt()).isBetween(0, 100);
                assertThat(line.get("level").asText()).isIn("ok", "watch", "warn", "critical");
                assertThat(Advice.VALUES).contains(line.get("advice").asText());
                assertThat(line.get("adviceText").asText()).isNotBlank();
                assertThat(line.get("adviceRose").asBoolean()).isFalse();
                assertThat(r.out().lines().toList().indexOf(health.getFirst()))
                        .isGreaterThan(r.out().lines().toList().indexOf(r.out().lines().filter(l -> l.contains("\"turn/end\""))
                                .findFirst().orElseThrow()));
            }
        }
    }

    @Test
    void a_guard_trip_raises_the_advice_and_run_says_so_in_one_line_naming_the_handoff_command() throws Exception {
        Path recording = loopingRecording(work);
        try (ReplayModelServer server = ReplayModelServer.start(recording)) {
            CliRun first = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", server.baseUrl(),
                    "look at the configuration");
            assertThat(first.code()).as(first.err()).isEqualTo(ExitCodes.OK);
            assertThat(first.err()).doesNotContain("attention-health:");
            String id = first.err().replaceAll("(?s).*session ([0-9a-f-]{36}).*", "$1");
            CliRun r = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", server.baseUrl(),
                    "--resume", id, "and now think it over");
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.CANCELLED);
            List<String> notices = r.err().lines().filter(l -> l.startsWith("attention-health:")).toList();
            assertThat(notices).as(r.err()).hasSize(1);
            assertThat(notices.getFirst()).contains("dsh4j handoff " + id).contains("health ");
        }
    }

    @Test
    void the_notice_exists_in_english_and_simplified_chinese() {
        HealthReducer reducer = new HealthReducer(Clock.fixed(Instant.parse("2026-09-19T02:00:00Z"), ZoneOffset.UTC));
        HealthState state = reducer.init();
        state = reducer.apply(state, JsJson.parse("{\"type\":\"request/context\",\"data\":{\"contextWindow\":999000,\"model\":\"m\"}}"));
        state = reducer.apply(state, JsJson.parse("{\"type\":\"turn/start\",\"data\":{\"turn\":1}}"));
        state = reducer.apply(state, JsJson.parse("{\"type\":\"assistant/message\",\"data\":{\"turn\":1,\"step\":1,"
                + "\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"ok\"}]},"
                + "\"usage\":{\"inputTokens\":296987,\"outputTokens\":10}}}"));
        state = reducer.apply(state, JsJson.parse("{\"type\":\"turn/end\",\"data\":{\"turn\":1,\"reason\":{\"kind\":\"aborted\","
                + "\"reason\":{\"kind\":\"hook\",\"reason\":\"attention-health：思考空转 —— x\"}}}}"));
        assertThat(state.plan().advice()).isIn(Advice.PREPARE, Advice.HANDOFF);
        String en = HealthLine.notice("s-1", state, ResourceBundle.getBundle(RunCommand.TEXTS, Locale.ROOT));
        String zh = HealthLine.notice("s-1", state, ResourceBundle.getBundle(RunCommand.TEXTS, Locale.SIMPLIFIED_CHINESE));
        assertThat(en).startsWith("attention-health: ").contains("dsh4j handoff s-1").contains("/100");
        assertThat(zh).startsWith("attention-health：").contains("dsh4j handoff s-1").contains("健康度");
        assertThat(en.lines().count()).isEqualTo(1);
        assertThat(zh.lines().count()).isEqualTo(1);
    }
}
