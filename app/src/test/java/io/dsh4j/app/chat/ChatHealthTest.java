package io.dsh4j.app.chat;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.testkit.ScriptedModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14, item 5: the live health in {@code dsh4j chat}'s status line and the notice when the advice rises. */
class ChatHealthTest {

    @TempDir
    Path home;

    @TempDir
    Path work;

    String[] args(String... more) {
        String[] base = {"--home", home.toString(), "--cwd", work.toString(), "--base-url", "http://127.0.0.1:9/v1"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    static ScriptedModel.Script looping() {
        ScriptedModel.Builder b = ScriptedModel.Script.builder().chunk(new StreamChunk.BlockStart(0, "reasoning"));
        for (int i = 0; i < 12; i++) b.chunk(new StreamChunk.ReasoningDelta(0, "let me check the configuration file again\n"));
        return b.chunk(new StreamChunk.BlockEnd(0, new ContentBlock.Reasoning("…"))).text("never").finish(new FinishReason.Stop())
                .build();
    }

    /** {@code model} as route "scripted" with a catalog that gives deepseek-v4-flash a 1,000,000-token window. */
    static java.util.function.Function<io.dsh4j.agent.AgentBoot, String> withWindow(ScriptedModel model) {
        io.dsh4j.llm.ModelCatalog catalog = io.dsh4j.llm.ModelCatalog.builder().add(new io.dsh4j.llm.ModelInfo("scripted",
                "deepseek-v4-flash", "flash", 1_000_000L, null, java.util.List.of(), null, java.util.List.of("text"))).build();
        io.dsh4j.llm.ModelAdapter adapter = new io.dsh4j.llm.ModelAdapter() {
            @Override
            public void stream(io.dsh4j.llm.ModelCall call, io.dsh4j.llm.CancelSignal cancel,
                               java.util.function.Consumer<? super StreamChunk> sink) {
                model.stream(call, cancel, sink);
            }

            @Override
            public io.dsh4j.llm.ModelCatalog catalog() {
                return catalog;
            }
        };
        return boot -> {
            boot.service(io.dsh4j.agent.ModelRoutesPlugin.LLM).register(java.util.List.of("scripted"), adapter);
            return "scripted";
        };
    }

    @Test
    void the_status_line_shows_the_health_and_a_guard_trip_brings_a_one_line_notice() throws Exception {
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.builder().text("first answer")
                .usage(new io.dsh4j.message.TokenUsage(300_000L, 20L, null, null, null)).finish(new FinishReason.Stop()).build(),
                looping());
        try (ChatDriver chat = ChatDriver.start(220, false, withWindow(model), args())) {
            chat.awaitScreen("> ");
            chat.type("hello\r");
            chat.awaitScreen("first answer");
            chat.awaitScreen("health ");
            chat.awaitScreen("> ", 2);
            assertThat(chat.screen()).contains("/100").doesNotContain("attention-health:");
            chat.type("think hard\r");
            chat.awaitScreen("attention-health:");
            chat.awaitScreen("> ", 3);
            assertThat(chat.screen()).contains("dsh4j handoff ");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
    }

    @Test
    void without_the_plugin_the_status_line_has_no_health() throws Exception {
        ScriptedModel model = ScriptedModel.answering("first answer");
        try (ChatDriver chat = ChatDriver.start(120, false, ChatCommandTest.scripted(model), args("--no-plugin", "attention-health"))) {
            chat.awaitScreen("> ");
            chat.type("hello\r");
            chat.awaitScreen("first answer");
            chat.awaitScreen("> ", 2);
            assertThat(chat.screen()).doesNotContain("health ");
            chat.endOfInput();
            assertThat(chat.awaitExit()).isEqualTo(ExitCodes.OK);
        }
    }
}
