package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11, {@code dsh4j run}: flags, exit codes, the no-model screen, logs DSH and dsh4j read. */
class RunCommandTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;

    @TempDir
    Path work;

    static Path recording(String name) {
        return Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots").resolve(name).resolve("session.jsonl");
    }

    static Path onlyLog(Path home) throws Exception {
        try (Stream<Path> s = Files.walk(home)) {
            return s.filter(p -> p.getFileName().toString().equals("session.jsonl.zstd")).findFirst().orElseThrow();
        }
    }

    @Test
    void without_a_key_or_a_base_url_it_explains_how_to_configure_a_model_in_one_screen_and_exits_3() {
        RunCommand cmd = new RunCommand();
        cmd.environment(Map.of());
        picocli.CommandLine cli = new picocli.CommandLine(cmd);
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        int code = cli.execute("--home", home.toString(), "hello");
        assertThat(code).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(err.toString()).contains("DEEPSEEK_API_KEY").contains("--base-url").contains("openai-compatible");
        assertThat(err.toString().lines().count()).isLessThan(24);
        assertThat(home.resolve("sessions")).doesNotExist();
    }

    @Test
    void a_replayed_text_turn_streams_the_answer_exits_0_and_writes_a_log_that_reads_back() throws Exception {
        Recording recorded = Recording.of(recording("text-turn"));
        try (ReplayModelServer server = ReplayModelServer.start(recording("text-turn"))) {
            CliRun r = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", server.baseUrl(),
                    recorded.prompt());
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
            assertThat(r.out().strip()).isEqualTo(recorded.finalText().strip());
            assertThat(r.err()).containsPattern("session [0-9a-f-]{36}");
        }
        Path log = onlyLog(home);
        SessionLog read = SessionLogReader.read(log);
        assertThat(read.status()).isInstanceOf(LogStatus.Ok.class);
        Process zstd = new ProcessBuilder("zstd", "-dcq", log.toString()).start();
        String jsonl = new String(zstd.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(zstd.waitFor()).isZero();
        assertThat(Recording.parse(jsonl).finalText().strip()).isEqualTo(recorded.finalText().strip());
        CliRun verify = CliRun.of("sessions", "verify", log.toString());
        assertThat(verify.code()).as(verify.out() + verify.err()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void json_prints_one_json_object_per_committed_event() throws Exception {
        Recording recorded = Recording.of(recording("text-turn"));
        try (ReplayModelServer server = ReplayModelServer.start(recording("text-turn"))) {
            CliRun r = CliRun.of("run", "--json", "--home", home.toString(), "--cwd", work.toString(), "--base-url",
                    server.baseUrl(), recorded.prompt());
            assertThat(r.code()).isEqualTo(ExitCodes.OK);
            assertThat(r.out().lines()).isNotEmpty().allSatisfy(l -> assertThat(l).startsWith("{\"type\":\""));
            assertThat(r.out()).contains("\"type\":\"turn/end\"");
        }
    }

    @Test
    void a_server_that_is_down_ends_the_turn_in_error_with_exit_1_and_a_readable_log() throws Exception {
        CliRun r = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9", "hi");
        assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(r.err()).contains("the turn failed");
        assertThat(SessionLogReader.read(onlyLog(home)).status()).isInstanceOf(LogStatus.Ok.class);
    }

    @Test
    void resume_continues_the_session_and_numbers_its_next_turn_2() throws Exception {
        String id;
        try (ReplayModelServer server = ReplayModelServer.start(recording("multi-turn"))) {
            CliRun first = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", server.baseUrl(),
                    "Reply with exactly the word: ONE. No tools.");
            assertThat(first.code()).as(first.err()).isEqualTo(ExitCodes.OK);
            id = first.err().replaceAll("(?s).*session ([0-9a-f-]{36}).*", "$1");
            CliRun again = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", server.baseUrl(),
                    "--resume", id, "Reply with exactly the word: TWO. No tools.");
            assertThat(again.code()).as(again.err()).isEqualTo(ExitCodes.OK);
            assertThat(again.out().strip()).isEqualTo("TWO");
        }
        Recording both = Recording.parse(new String(new ProcessBuilder("zstd", "-dcq", onlyLog(home).toString()).start()
                .getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(both.turns()).isEqualTo(2);
    }

    @Test
    void bad_flags_are_usage_errors_and_a_missing_working_directory_is_unavailable() {
        assertThat(CliRun.of("run", "--max-steps", "0", "--base-url", "http://127.0.0.1:9", "x").code()).isEqualTo(ExitCodes.USAGE);
        assertThat(CliRun.of("run", "--effort", "huge", "--base-url", "http://127.0.0.1:9", "x").code()).isEqualTo(ExitCodes.USAGE);
        CliRun r = CliRun.of("run", "--home", home.toString(), "--cwd", work.resolve("absent").toString(), "--base-url",
                "http://127.0.0.1:9", "x");
        assertThat(r.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(r.err()).contains("no such working directory");
        assertThat(CliRun.of("run", "--home", home.toString(), "--base-url", "http://127.0.0.1:9", "--resume", "nope", "x").code())
                .isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
    }

    /** The texts of the plugin-sourced user messages a JSONL log holds, in order, for one plugin. */
    static java.util.List<String> pluginMessages(String jsonl, String plugin) throws Exception {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String line : jsonl.split("\n")) {
            if (line.isBlank()) continue;
            var e = io.dsh4j.message.json.JsJson.parse(line);
            if (!e.path("type").asText().equals("user/message")) continue;
            if (!plugin.equals(e.path("data").path("source").path("plugin").asText())) continue;
            StringBuilder b = new StringBuilder();
            e.path("data").path("content").forEach(c -> b.append(c.path("text").asText("")));
            out.add(b.toString());
        }
        return out;
    }

    @Test
    void run_mounts_the_repeat_tool_reminder_and_its_reminders_enter_where_DSHs_did() throws Exception {
        Path rec = recording("repeat-tool-reminder");
        Recording recorded = Recording.of(rec);
        try (ReplayModelServer server = ReplayModelServer.start(rec)) {
            CliRun r = CliRun.of("run", "--yes", "--home", home.toString(), "--cwd", work.toString(), "--base-url",
                    server.baseUrl(), recorded.prompt());
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
        }
        String written = new String(new ProcessBuilder("zstd", "-dcq", onlyLog(home).toString()).start().getInputStream()
                .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        java.util.List<String> expected = pluginMessages(Files.readString(rec), "repeat-tool-reminder");
        assertThat(expected).hasSizeGreaterThanOrEqualTo(2);
        assertThat(pluginMessages(written, "repeat-tool-reminder")).isEqualTo(expected);
    }

    private Path commandsPatch() throws Exception {
        Path patch = work.resolve("commands.patch.yml");
        Files.writeString(patch, "- insert:\n    - id: test-commands\n      name: '" + TestCommandsProvider.SPECIFIER + "'\n");
        return patch;
    }

    @Test
    void a_prompt_that_is_a_registered_slash_command_runs_the_command_instead_of_a_turn() throws Exception {
        Path patch = commandsPatch();
        CliRun r = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9",
                "--patch", patch.toString(), "/echo hello there");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
        assertThat(r.out().strip()).isEqualTo("echo:hello there");
        String jsonl = new String(new ProcessBuilder("zstd", "-dcq", onlyLog(home).toString()).start().getInputStream()
                .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(jsonl).contains("\"type\":\"command/run\"").contains("\"name\":\"echo\"")
                .contains("\"type\":\"command/done\"").doesNotContain("\"type\":\"turn/start\"");
        assertThat(SessionLogReader.read(onlyLog(home)).status()).isInstanceOf(LogStatus.Ok.class);
    }

    @Test
    void a_failing_slash_command_exits_1_naming_it_and_an_unregistered_one_goes_to_the_model() throws Exception {
        Path patch = commandsPatch();
        CliRun failed = CliRun.of("run", "--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9",
                "--patch", patch.toString(), "/fail");
        assertThat(failed.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(failed.err()).contains("/fail failed: this command always fails");
        failed.hasNoStackTrace();
        Path other = Files.createTempDirectory(work, "home2");
        CliRun prompt = CliRun.of("run", "--home", other.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9",
                "--patch", patch.toString(), "/usr/bin is where the tools are");
        assertThat(prompt.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(prompt.err()).contains("the turn failed");
    }
}
