package io.dsh4j.app.chat;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.run.Recording;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import io.dsh4j.testkit.ScriptedModel;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Issue 12, {@code dsh4j chat}: the conversation through JLine terminals, against scripted and replayed models. */
class ChatCommandTest {

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

    static List<Path> logs(Path home) throws Exception {
        if (!Files.isDirectory(home.resolve("sessions"))) return List.of();
        try (Stream<Path> s = Files.walk(home.resolve("sessions"))) {
            return s.filter(p -> p.getFileName().toString().equals("session.jsonl.zstd")).toList();
        }
    }

    static String jsonl(Path log) throws Exception {
        Process zstd = new ProcessBuilder("zstd", "-dcq", log.toString()).start();
        String text = new String(zstd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(zstd.waitFor()).isZero();
        return text;
    }

    /** Mounts {@code model} as the route "scripted" of the booted profile. */
    static java.util.function.Function<io.dsh4j.agent.AgentBoot, String> scripted(ScriptedModel model) {
        return boot -> {
            boot.service(ModelRoutesPlugin.LLM).register(List.of("scripted"), model);
            return "scripted";
        };
    }

    String[] args(String... more) {
        String[] base = {"--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9/v1"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void a_replayed_turn_streams_the_answer_folds_the_reasoning_and_shows_the_status_line() throws Exception {
        Recording recorded = Recording.of(recording("text-turn"));
        try (ReplayModelServer server = ReplayModelServer.start(recording("text-turn"));
             ChatDriver chat = ChatDriver.start(100, false, null, "--home", home.toString(), "--cwd", work.toString(),
                     "--base-url", server.baseUrl())) {
            chat.awaitScreen("> ");
            chat.type(recorded.prompt() + "\r");
            chat.awaitScreen("context ");
            chat.endOfInput();
            assertThat(chat.awaitExit()).as(chat.err.toString()).isEqualTo(ExitCodes.OK);
            String screen = chat.screen();
            assertThat(screen).contains(recorded.finalText().strip());
            assertThat(screen).containsPattern("▸ The user wants me to reply");
            assertThat(screen).containsPattern("deepseek-v4-flash · context \\d+ tokens");
            assertThat(chat.rawScreen()).contains(ChatScreen.DIM + "▸");
        }
        assertThat(logs(home)).hasSize(1);
        assertThat(CliRun.of("sessions", "verify", logs(home).getFirst().toString()).code()).isEqualTo(ExitCodes.OK);
        assertThat(home.resolve(ChatLoop.HISTORY)).content().contains("PONG");
    }

    @Test
    void the_log_of_a_chat_matches_what_dsh4j_run_writes_for_the_same_replayed_recording() throws Exception {
        Recording recorded = Recording.of(recording("text-turn"));
        Path runHome = Files.createDirectories(home.resolve("run-home"));
        Path chatHome = Files.createDirectories(home.resolve("chat-home"));
        try (ReplayModelServer server = ReplayModelServer.start(recording("text-turn"))) {
            CliRun run = CliRun.of("run", "--home", runHome.toString(), "--cwd", work.toString(), "--base-url",
                    server.baseUrl(), recorded.prompt());
            assertThat(run.code()).as(run.err()).isEqualTo(ExitCodes.OK);
        }
        try (ReplayModelServer server = ReplayModelServer.start(recording("text-turn"));
             ChatDriver chat = ChatDriver.start(80, false, null, "--home", chatHome.toString(), "--cwd", work.toString(),
                     "--base-url", server.baseUrl())) {
            chat.awaitScreen("> ");
            chat.type(recorded.prompt() + "\r");
            chat.awaitScreen("context ");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        List<String> fromRun = LogShape.of(jsonl(logs(runHome).getFirst()));
        List<String> fromChat = LogShape.of(jsonl(logs(chatHome).getFirst()));
        assertThat(fromChat).isNotEmpty().containsExactlyElementsOf(fromRun);
    }

    @Test
    void ctrl_c_cancels_the_running_turn_mid_stream_and_the_session_stays_usable() throws Exception {
        ScriptedModel.Gate gate = new ScriptedModel.Gate();
        ScriptedModel model = ScriptedModel.of(
                ScriptedModel.Script.builder().text("Half an ans").pause(gate).text("wer never shown").build(),
                ScriptedModel.Script.text("second answer"));
        try (ChatDriver chat = ChatDriver.start(80, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("first\r");
            assertThat(gate.awaitReached(ChatDriver.TIMEOUT_SECONDS)).isTrue();
            chat.awaitScreen("Half an ans");
            chat.type("\u0003");
            chat.awaitScreen("(cancelled)");
            chat.type("again\r");
            chat.awaitScreen("second answer");
            chat.awaitScreen("> ", 3);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(chat.screen()).doesNotContain("never shown");
        }
        assertThat(model.calls()).hasSize(2);
        String log = jsonl(logs(home).getFirst());
        assertThat(log).contains("\"aborted\"").contains("second answer");
    }

    @Test
    void continue_resumes_the_newest_session_of_the_working_directory_with_its_history() throws Exception {
        try (ChatDriver chat = ChatDriver.start(80, false, scripted(ScriptedModel.answering("first answer")), args())) {
            chat.awaitScreen("> ");
            chat.type("remember the word kumquat\r");
            chat.awaitScreen("first answer");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        String id = logs(home).getFirst().getParent().getFileName().toString();
        ScriptedModel second = ScriptedModel.answering("kumquat it was");
        try (ChatDriver chat = ChatDriver.start(80, false, scripted(second), args("--continue"))) {
            chat.awaitScreen("> ");
            chat.type("which word?\r");
            chat.awaitScreen("kumquat it was");
            chat.endOfInput();
            assertThat(chat.awaitExit()).as(chat.err.toString()).isEqualTo(ExitCodes.OK);
            assertThat(chat.screen()).contains(id);
        }
        assertThat(logs(home)).hasSize(1);
        assertThat(second.calls().getFirst().messages().toString()).contains("remember the word kumquat").contains("first answer");
    }

    @Test
    void continue_without_a_session_in_the_working_directory_exits_3_and_resume_with_continue_is_a_usage_error() {
        ChatCommand cmd = new ChatCommand();
        cmd.env = Map.<String, String>of()::get;
        cmd.interactive = true;
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(cmd);
        cli.setErr(new PrintWriter(err, true));
        assertThat(cli.execute(args("--continue"))).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(err.toString()).contains("no session to continue in " + work);
        assertThat(CliRun.of(args("chat", "--resume", "x", "--continue")).code()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void without_a_key_or_a_base_url_it_shows_the_configuration_screen_and_exits_3() {
        ChatCommand cmd = new ChatCommand();
        cmd.env = Map.<String, String>of()::get;
        cmd.interactive = true;
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(cmd);
        cli.setErr(new PrintWriter(err, true));
        assertThat(cli.execute("--home", home.toString())).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(err.toString()).contains("DEEPSEEK_API_KEY").contains("--base-url");
        assertThat(home.resolve("sessions")).doesNotExist();
    }

    @Test
    void piped_stdin_is_one_prompt_as_in_dsh4j_run() throws Exception {
        Recording recorded = Recording.of(recording("text-turn"));
        try (ReplayModelServer server = ReplayModelServer.start(recording("text-turn"))) {
            ChatCommand cmd = new ChatCommand();
            cmd.env = Map.<String, String>of()::get;
            cmd.interactive = false;
            cmd.stdin = new ByteArrayInputStream((recorded.prompt() + "\n").getBytes(StandardCharsets.UTF_8));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cli = new CommandLine(cmd);
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));
            int code = cli.execute("--home", home.toString(), "--cwd", work.toString(), "--base-url", server.baseUrl());
            assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
            assertThat(out.toString().strip()).isEqualTo(recorded.finalText().strip());
            assertThat(err.toString()).containsPattern("session [0-9a-f-]{36}");
        }
        assertThat(logs(home)).hasSize(1);
    }

    @Test
    void empty_or_invalid_utf8_piped_stdin_is_refused_or_replaced_never_a_crash() {
        ChatCommand cmd = new ChatCommand();
        cmd.env = Map.<String, String>of()::get;
        cmd.interactive = false;
        cmd.stdin = new ByteArrayInputStream(" \n\t".getBytes(StandardCharsets.UTF_8));
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(cmd);
        cli.setErr(new PrintWriter(err, true));
        assertThat(cli.execute(args())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("standard input is empty");

        ChatCommand bad = new ChatCommand();
        bad.env = Map.<String, String>of()::get;
        bad.interactive = false;
        bad.stdin = new ByteArrayInputStream(new byte[ChatLoop.MAX_INPUT_BYTES + 5]);
        StringWriter err2 = new StringWriter();
        CommandLine cli2 = new CommandLine(bad);
        cli2.setErr(new PrintWriter(err2, true));
        assertThat(cli2.execute(args())).isEqualTo(ExitCodes.USAGE);
        assertThat(err2.toString()).contains("larger than " + ChatLoop.MAX_INPUT_BYTES);
    }

    @Test
    void a_dumb_terminal_that_is_not_a_tty_gets_the_answer_without_escape_sequences() throws Exception {
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.builder().reasoning("thinking it over").text("plain answer")
                .usage(TokenUsage.of(1200, 30)).finish(new FinishReason.Stop()).build());
        try (ChatDriver chat = ChatDriver.start(80, true, scripted(model), args())) {
            chat.type("hello\n");
            chat.awaitScreen("plain answer");
            chat.awaitScreen("context 1230 tokens");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(chat.screen()).contains("▸ thinking it over");
            assertThat(chat.rawScreen()).doesNotContain(ChatScreen.DIM);
        }
    }

    @Test
    void on_a_20_column_terminal_every_status_reasoning_and_tool_line_fits_in_the_width() throws Exception {
        String longReasoning = "推理".repeat(40) + " and a long English tail that would never fit in twenty columns";
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.builder().reasoning(longReasoning).text("ok")
                .usage(TokenUsage.of(123456, 789)).finish(new FinishReason.Stop()).build());
        try (ChatDriver chat = ChatDriver.start(20, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("hi\r");
            chat.awaitScreen("deepseek-v4-fl");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            List<Emulator.Row> dimmed = chat.visible().stream().filter(Emulator.Row::dim).toList();
            assertThat(dimmed).isNotEmpty().allSatisfy(r -> assertThat(r.columns()).isLessThan(20));
            assertThat(dimmed).allSatisfy(r -> assertThat(new AttributedString(r.text()).columnLength()).isEqualTo(r.columns()));
            assertThat(dimmed).anySatisfy(r -> assertThat(r.text()).startsWith("▸ 推理").endsWith("…"));
        }
    }

    @Test
    void slash_commands_help_model_new_sessions_and_unknown_ones_answer_in_the_chat() throws Exception {
        ScriptedModel model = ScriptedModel.answering("one", "two");
        try (ChatDriver chat = ChatDriver.start(100, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("/help\r");
            chat.awaitScreen("/sessions — ");
            chat.type("/effort sideways\r");
            chat.awaitScreen("effort must be off, low, high or max");
            chat.type("/model other-model\r");
            chat.awaitScreen("model: other-model");
            chat.type("hello\r");
            chat.awaitScreen("one");
            chat.awaitScreen("other-model · context");
            chat.type("/new\r");
            chat.awaitScreen("new session");
            chat.type("hello again\r");
            chat.awaitScreen("two");
            chat.type("/sessions\r");
            chat.awaitScreen(" *");
            chat.type("/no-such-command\r");
            chat.awaitScreen("unknown command /no-such-command");
            chat.type("/exit\r");
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        assertThat(model.calls()).extracting(c -> c.model()).containsExactly("other-model", "other-model");
        assertThat(logs(home)).hasSize(2);
    }

    @Test
    void a_trailing_backslash_continues_the_prompt_on_the_next_line() throws Exception {
        ScriptedModel model = ScriptedModel.answering("got it");
        try (ChatDriver chat = ChatDriver.start(80, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("line one\\\r");
            chat.awaitScreen("… ");
            chat.type("line two\r");
            chat.awaitScreen("got it");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        assertThat(model.calls().getFirst().messages().toString()).contains("line one\nline two");
    }

    static ScriptedModel.Script bash(String id, String command) {
        return ScriptedModel.Script.toolCalls(new io.dsh4j.message.ContentBlock.ToolCall(id, "bash",
                "{\"command\":\"" + command + "\",\"description\":\"test\"}"));
    }

    @Test
    void a_command_outside_the_policy_asks_and_a_denial_reaches_the_model_as_the_users_rejection() throws Exception {
        ScriptedModel model = ScriptedModel.of(bash("c1", "touch denied.txt"), ScriptedModel.Script.text("understood"));
        try (ChatDriver chat = ChatDriver.start(100, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("make a file\r");
            chat.awaitScreen("[d]eny:");
            assertThat(chat.screen()).contains("? bash {\"command\":\"touch denied.txt\"");
            chat.type("d\r");
            chat.awaitScreen("understood");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(chat.screen()).contains("✗ bash: ");
        }
        assertThat(work.resolve("denied.txt")).doesNotExist();
        assertThat(jsonl(logs(home).getFirst())).contains("the user rejected tool \\\"bash\\\"");
    }

    @Test
    void always_allows_the_tool_for_the_rest_of_the_session_without_asking_again() throws Exception {
        ScriptedModel model = ScriptedModel.of(bash("c1", "touch one.txt"), bash("c2", "touch two.txt"),
                ScriptedModel.Script.text("both made"));
        try (ChatDriver chat = ChatDriver.start(100, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("make two files\r");
            chat.awaitScreen("[d]eny:");
            chat.type("a\r");
            chat.awaitScreen("both made");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(chat.screen().split("\\[d\\]eny:", -1)).hasSize(2);
            assertThat(chat.screen()).contains("✓ bash {\"command\":\"touch two.txt\"");
        }
        assertThat(work.resolve("one.txt")).exists();
        assertThat(work.resolve("two.txt")).exists();
    }

    @Test
    void with_yes_commands_run_without_a_question() throws Exception {
        ScriptedModel model = ScriptedModel.of(bash("c1", "touch yes.txt"), ScriptedModel.Script.text("done"));
        try (ChatDriver chat = ChatDriver.start(100, false, scripted(model), args("--yes"))) {
            chat.awaitScreen("> ");
            chat.type("make a file\r");
            chat.awaitScreen("done");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(chat.screen()).doesNotContain("[d]eny");
        }
        assertThat(work.resolve("yes.txt")).exists();
    }

    @Test
    void esc_during_a_turn_asks_for_a_steer_message_that_enters_the_running_turn_at_its_next_step() throws Exception {
        ScriptedModel.Gate gate = new ScriptedModel.Gate();
        ScriptedModel model = ScriptedModel.of(
                ScriptedModel.Script.builder().text("looking").pause(gate)
                        .toolCall(new io.dsh4j.message.ContentBlock.ToolCall("t1", "todo_write",
                                "{\"todos\":[{\"content\":\"x\",\"status\":\"pending\"}]}"))
                        .usage(TokenUsage.of(1, 1)).finish(new FinishReason.ToolCalls()).build(),
                ScriptedModel.Script.text("steered"));
        try (ChatDriver chat = ChatDriver.start(100, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("start\r");
            assertThat(gate.awaitReached(ChatDriver.TIMEOUT_SECONDS)).isTrue();
            chat.type("\u001b");
            chat.awaitScreen("steer> ");
            chat.type("use tabs, not spaces\r");
            chat.awaitScreen("(steer: enters the turn at its next step)");
            gate.release();
            chat.awaitScreen("steered");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        assertThat(model.calls()).hasSize(2);
        assertThat(model.calls().get(1).messages().toString()).contains("use tabs, not spaces");
        assertThat(model.calls().get(0).messages().toString()).doesNotContain("use tabs");
    }

    @Test
    void switching_the_model_between_turns_keeps_the_session_and_uses_the_new_model() throws Exception {
        ScriptedModel model = ScriptedModel.answering("from the first", "from the second");
        try (ChatDriver chat = ChatDriver.start(100, false, scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("one\r");
            chat.awaitScreen("from the first");
            chat.awaitScreen("> ", 2);
            chat.type("/model second-model\r");
            chat.awaitScreen("model: second-model");
            chat.type("two\r");
            chat.awaitScreen("from the second");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        assertThat(model.calls()).extracting(c -> c.model()).containsExactly("deepseek-v4-flash", "second-model");
        assertThat(model.calls().get(1).messages().toString()).contains("from the first");
        assertThat(logs(home)).hasSize(1);
    }
}
