package io.dsh4j.app.chat;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.testkit.ScriptedModel;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, what the answer looks like in a terminal: Markdown rendered line by line as it streams,
 * the live region, a dumb terminal, hostile and invalid output from the model, a resize during
 * streaming, a bracketed paste. Driven through JLine terminals over piped streams ({@link ChatDriver});
 * the screen is read back through JLine's VT100 emulator ({@link Emulator}).
 */
class ChatRenderingTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path home;

    @TempDir
    Path work;

    /** Chat's own rendering, without the bundled attention-health segment (ChatHealthTest covers that). */
    String[] args(String... more) {
        String[] base = {"--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9/v1",
                "--no-plugin", "attention-health"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    /** One text block streamed in {@code pieces}, then usage and stop; a {@code null} piece pauses at {@code gate}. */
    static ScriptedModel.Script streamed(ScriptedModel.Gate gate, String... pieces) {
        ScriptedModel.Builder b = ScriptedModel.Script.builder().chunk(new StreamChunk.BlockStart(0, "text"));
        StringBuilder all = new StringBuilder();
        for (String p : pieces) {
            if (p == null) {
                b.pause(gate);
                continue;
            }
            b.chunk(new StreamChunk.TextDelta(0, p));
            all.append(p);
        }
        return b.chunk(new StreamChunk.BlockEnd(0, new ContentBlock.Text(all.toString())))
                .usage(TokenUsage.of(1200, 30)).finish(new FinishReason.Stop()).build();
    }

    static List<String> texts(List<Emulator.Row> rows) {
        return rows.stream().map(Emulator.Row::text).toList();
    }

    @Test
    void a_markdown_answer_is_rendered_line_by_line_as_it_streams() throws Exception {
        ScriptedModel model = ScriptedModel.of(streamed(null,
                "# Pl", "an\n- fir", "st **bo", "ld** and `co", "de`\n| a | 名前 |\n|---", "|---|\n| 1 | 猫 |\n",
                "\n```\nx  = **y**\n", "```\ndone"));
        try (ChatDriver chat = ChatDriver.start(60, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("plan\r");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            List<String> screen = texts(chat.visible());
            assertThat(screen).containsSubsequence("Plan", "• first bold and code", "a │ 名前", "──┼─────", "1 │ 猫", "```",
                    "x  = **y**", "```", "done");
            assertThat(screen).noneMatch(l -> l.contains("# Pl") || l.contains("**bo") || l.contains("|---"));
            assertThat(screen.stream().filter(l -> l.equals("Plan"))).hasSize(1);
            assertThat(chat.rawScreen()).contains("\u001b[1m");
        }
        assertThat(ChatCommandTest.jsonl(ChatCommandTest.logs(home).getFirst())).contains("# Plan\\n- first **bold**");
    }

    @Test
    void the_incomplete_line_shows_at_once_in_the_live_region_above_the_status_line_and_is_replaced_when_it_ends() throws Exception {
        ScriptedModel.Gate gate = new ScriptedModel.Gate();
        ScriptedModel model = ScriptedModel.of(streamed(gate, "Hello wor", null, "ld, all done\n"));
        try (ChatDriver chat = ChatDriver.start(60, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("hi\r");
            assertThat(gate.awaitReached(ChatDriver.TIMEOUT_SECONDS)).isTrue();
            chat.awaitScreen("Hello wor");
            List<String> during = texts(chat.visible());
            assertThat(during.subList(during.size() - 2, during.size())).containsExactly("Hello wor", "deepseek-v4-flash");
            gate.release();
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            List<String> after = texts(chat.visible());
            assertThat(after.stream().filter(l -> l.contains("Hello wor"))).containsExactly("Hello world, all done");
            assertThat(after).anySatisfy(l -> assertThat(l).startsWith("deepseek-v4-flash · context 1230 tokens"));
        }
    }

    @Test
    void a_dumb_terminal_gets_the_markdown_as_the_model_wrote_it_without_escape_sequences() throws Exception {
        ScriptedModel model = ScriptedModel.of(streamed(null, "# Title\n| a | b |\n|---|---|\n**bold** `x`\n"));
        try (ChatDriver chat = ChatDriver.start(80, true, ChatCommandTest.scripted(model), args())) {
            chat.type("hello\n");
            chat.awaitScreen("context 1230 tokens");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(chat.screen()).contains("# Title\n| a | b |\n|---|---|\n**bold** `x`\n");
            assertThat(chat.rawScreen()).doesNotContain("\u001b[");
        }
    }

    @Test
    void escape_sequences_and_controls_from_the_model_are_shown_as_text_and_never_reach_the_terminal() throws Exception {
        String hostile = "clear\u001b[2J\u001b[H title\u001b]0;pwned\u0007 csi\u009b31m ask\u001b[6n bell\u0007 rtl\u202Eexe\n";
        ScriptedModel model = ScriptedModel.of(
                ScriptedModel.Script.builder().reasoning("think\u001b[1;1H\u001b[2K").text(hostile)
                        .toolCall(new ContentBlock.ToolCall("c1", "read", "{\"file_path\":\"no\\u001b]0;tool-title\\u0007\\u001b[2J.txt\"}"))
                        .usage(TokenUsage.of(10, 10)).finish(new FinishReason.ToolCalls()).build(),
                ScriptedModel.Script.text("after\u001b[31m"));
        try (ChatDriver chat = ChatDriver.start(100, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("go\r");
            chat.awaitScreen("after");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            String raw = chat.rawScreen();
            assertThat(raw).doesNotContain("\u001b[2J").doesNotContain("\u001b]0;").doesNotContain("\u009b").doesNotContain("\u001b[6n")
                    .doesNotContain("\u0007").doesNotContain("\u202E").doesNotContain("\u001b[1;1H").doesNotContain("\u001b[31m");
            String screen = Emulator.text(chat.visible());
            assertThat(screen).contains("clear␛[2J␛[H title␛]0;pwned␇ csi\uFFFD31m ask␛[6n bell␇ rtl\uFFFDexe")
                    .contains("▸ think␛[1;1H␛[2K").contains("✗ read: ").contains("␛]0;tool-title␇␛[2J.txt").contains("after␛[31m")
                    .contains("dsh4j chat · deepseek-v4-flash");
        }
    }

    @Test
    void invalid_utf8_from_the_model_server_reads_as_replacement_characters_as_node_decodes_it_and_the_chat_goes_on() throws Exception {
        ByteArrayOutputStream bad = new ByteArrayOutputStream();
        bad.write("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"bad \"},\"finish_reason\":null}]}\n\n"
                .getBytes(StandardCharsets.UTF_8));
        bad.write("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"[".getBytes(StandardCharsets.UTF_8));
        bad.write(new byte[] {(byte) 0xFF, (byte) 0xC0, (byte) 0x80, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xE4, (byte) 0xB8});
        bad.write("] bytes\"},\"finish_reason\":null}]}\n\n".getBytes(StandardCharsets.UTF_8));
        bad.write(("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3,\"total_tokens\":8}}\n\ndata: [DONE]\n\n")
                .getBytes(StandardCharsets.UTF_8));
        String good = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"clean answer\"},"
                + "\"finish_reason\":null}]}\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3,\"total_tokens\":8}}\n\ndata: [DONE]\n\n";
        java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("content-type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(requests.getAndIncrement() == 0 ? bad.toByteArray() : good.getBytes(StandardCharsets.UTF_8));
            }
        });
        server.start();
        try (ChatDriver chat = ChatDriver.start(200, false, null, "--home", home.toString(), "--cwd", work.toString(), "--base-url",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/v1", "--provider", "openai-compatible")) {
            chat.awaitScreen("> ");
            chat.type("hi\r");
            chat.awaitScreen("> ", 2);
            chat.type("again\r");
            chat.awaitScreen("clean answer");
            chat.awaitScreen("> ", 3);
            chat.endOfInput();
            assertThat(chat.awaitExit()).as(chat.err.toString()).isEqualTo(ExitCodes.OK);
            String screen = Emulator.text(chat.visible());
            // one U+FFFD per ill-formed sequence (FF, C0, 80, ED, A0, 80, and the cut-off E4 B8), as Node decodes
            assertThat(screen).contains("bad [\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD] bytes").doesNotContain("the turn failed");
        } finally {
            server.stop(0);
        }
        assertThat(requests).hasValue(2);
        assertThat(CliRun.of("sessions", "verify", ChatCommandTest.logs(home).getFirst().toString()).code()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void a_resize_during_streaming_lays_the_live_region_and_the_status_line_out_again_at_the_new_width() throws Exception {
        ScriptedModel.Gate gate = new ScriptedModel.Gate();
        String table = "| key | description of the row |\n|---|---|\n| alpha | the first letter of the Greek alphabet |\n";
        ScriptedModel model = ScriptedModel.of(streamed(null, "warm up"), streamed(gate, table, "| beta | the sec", null, "ond |\nafter\n"));
        try (ChatDriver chat = ChatDriver.start(100, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("one\r");
            chat.awaitScreen("> ", 2);
            chat.type("two\r");
            assertThat(gate.awaitReached(ChatDriver.TIMEOUT_SECONDS)).isTrue();
            chat.awaitScreen("the sec");
            int mark = chat.mark();
            chat.resize(30);
            // what the terminal shows of the redraw: the live region again, every row within 30 columns
            List<Emulator.Row> redrawn = Emulator.rows(chat.rawScreenSince(mark), 30, 24);
            assertThat(redrawn).isNotEmpty().allSatisfy(r -> assertThat(r.columns()).isLessThan(30));
            List<String> texts = texts(redrawn);
            assertThat(texts.getLast()).startsWith("deepseek-v4-flash · context").endsWith("…");
            assertThat(new AttributedString(texts.getLast()).columnLength()).isEqualTo(29);
            assertThat(String.join("\n", texts)).contains("alpha").contains("beta");
            int release = chat.mark();
            gate.release();
            chat.awaitScreen("> ", 3);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            List<Emulator.Row> finished = Emulator.rows(chat.rawScreenSince(release), 30, 24);
            assertThat(finished).allSatisfy(r -> assertThat(r.columns()).isLessThan(30));
            assertThat(texts(finished)).contains("after").anySatisfy(l -> assertThat(l).startsWith("alpha"));
        }
    }

    @Test
    void status_segments_join_the_status_line_live_and_after_the_turn_and_a_failing_one_is_left_out() throws Exception {
        ScriptedModel.Gate gate = new ScriptedModel.Gate();
        ScriptedModel model = ScriptedModel.of(streamed(gate, "partial", null, " rest\n"));
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        List<StatusSegment> segments = List.of(
                view -> "health " + (view.lastUsage() == null ? "-" : "ok") + "\u001b[31m",
                view -> {
                    throw new IllegalStateException("broken segment");
                },
                view -> asked.incrementAndGet() > 0 ? null : "never");
        try (ChatDriver chat = ChatDriver.start(100, ChatCommandTest.scripted(model), cmd -> cmd.statusSegments = segments, args())) {
            chat.awaitScreen("> ");
            chat.type("hi\r");
            assertThat(gate.awaitReached(ChatDriver.TIMEOUT_SECONDS)).isTrue();
            chat.awaitScreen("partial");
            assertThat(texts(chat.visible()).getLast()).isEqualTo("deepseek-v4-flash · health -␛[31m");
            gate.release();
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(texts(chat.visible())).anySatisfy(l -> assertThat(l).startsWith("deepseek-v4-flash · context 1230 tokens")
                    .endsWith(" · health ok␛[31m"));
            assertThat(chat.screen()).doesNotContain("broken segment").doesNotContain("never");
        }
        assertThat(asked.get()).isGreaterThan(1);
    }

    @Test
    void the_status_line_counts_the_whole_prompt_and_the_share_of_it_read_from_the_cache() throws Exception {
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.builder().text("cached")
                .usage(new TokenUsage(100, 20, 300L, null, null)).finish(new FinishReason.Stop()).build());
        try (ChatDriver chat = ChatDriver.start(120, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            chat.type("hi\r");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
            assertThat(texts(chat.visible())).anySatisfy(l -> assertThat(l).startsWith("deepseek-v4-flash · context 420 tokens")
                    .endsWith(" · cache hit 75%"));
        }
    }

    @Test
    void a_bracketed_paste_is_one_prompt_with_its_line_breaks_and_the_enter_after_it_sends_it() throws Exception {
        ScriptedModel model = ScriptedModel.answering("pasted");
        try (ChatDriver chat = ChatDriver.start(80, false, ChatCommandTest.scripted(model), args())) {
            chat.awaitScreen("> ");
            assertThat(chat.rawScreen()).contains("\u001b[?2004h");
            chat.type("\u001b[200~first line\rsecond line\rthird, it's \"quoted\\\u001b[201~");
            chat.type(" and typed\r");
            chat.awaitScreen("pasted");
            chat.awaitScreen("> ", 2);
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
        assertThat(model.calls()).hasSize(1);
        assertThat(model.calls().getFirst().messages().toString()).contains("first line\nsecond line\nthird, it's \"quoted\\ and typed");
    }
}
