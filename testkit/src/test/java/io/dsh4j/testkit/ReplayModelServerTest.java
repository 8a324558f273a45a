package io.dsh4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageJson;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The DeepSeek adapter against the replay server on live corpus recordings: every recorded assistant
 * message comes back, assembled from the stream, with the recorded text, reasoning, tool calls and usage.
 */
class ReplayModelServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Path> liveSessions() {
        Path snapshots = Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots");
        return Stream.of("bash-tool-turn", "fs-policy-reject", "hook-cc-invalid-matcher", "fs-edit", "both-mode-turn")
                .map(name -> snapshots.resolve(name).resolve("session.jsonl"));
    }

    static List<JsonNode> recorded(Path session) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(session)) {
            if (line.isBlank()) continue;
            JsonNode r = JSON.readTree(line);
            if ("assistant/message".equals(r.path("type").asText()) && !r.path("data").path("interrupted").asBoolean(false)) {
                out.add(r.get("data"));
            }
        }
        return out;
    }

    /** What a stream can carry of a recorded message: non-empty text and reasoning, and tool calls. */
    static List<ContentBlock> streamable(List<ContentBlock> blocks) {
        return blocks.stream().filter(b -> switch (b) {
            case ContentBlock.Text t -> !t.text().isEmpty();
            case ContentBlock.Reasoning r -> !r.text().isEmpty();
            case ContentBlock.ToolCall c -> true;
            default -> false;
        }).toList();
    }

    @ParameterizedTest
    @MethodSource("liveSessions")
    void every_recorded_assistant_message_is_assembled_back_from_the_stream(Path session) throws Exception {
        List<JsonNode> recorded = recorded(session);
        assertThat(recorded).isNotEmpty();
        try (ReplayModelServer server = ReplayModelServer.start(session);
             DeepSeekAdapter adapter = new DeepSeekAdapter(DeepSeekConfig.deepSeek().withBaseUrl(server.baseUrl()),
                     Map.of("DEEPSEEK_API_KEY", "sk-replay")::get, Clock.systemUTC())) {
            List<Message> history = new ArrayList<>();
            history.add(new Message.UserMessage("u1", List.of(new ContentBlock.Text("replay")),
                    new MessageSource.User(null, null, JsJson.nodes().objectNode().put("kind", "user"))));
            for (int i = 0; i < recorded.size(); i++) {
                Message.AssistantMessage expected = MessageJson.readAssistantMessage(recorded.get(i).get("message"), "message");
                BlockAssembler a = new BlockAssembler();

                AdapterRegistry.streamGuarded(adapter, ModelCall.of("deepseek-official", "deepseek-v4-flash", history),
                        CancelSignal.never(), a);

                assertThat(a.finish().orElseThrow()).as("call %d of %s", i + 1, session).isNotInstanceOf(FinishReason.Error.class);
                assertThat(a.blocks()).as("call %d of %s", i + 1, session).isEqualTo(streamable(expected.content()));
                JsonNode usage = recorded.get(i).get("usage");
                if (usage != null) {
                    TokenUsage u = a.usage().orElseThrow();
                    assertThat(u.inputTokens()).isEqualTo(usage.path("inputTokens").asLong());
                    assertThat(u.outputTokens()).isEqualTo(usage.path("outputTokens").asLong());
                    assertThat(u.cacheReadOrZero()).isEqualTo(usage.path("cacheReadTokens").asLong(0));
                }
                history.add(a.message("a" + i, "deepseek-official", "deepseek-v4-flash"));
            }
        }
    }
}
