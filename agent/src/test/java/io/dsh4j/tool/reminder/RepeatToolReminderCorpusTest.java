package io.dsh4j.tool.reminder;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentLoopPlugin;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.SessionsPlugin;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.tool.ToolRuntimePlugin;
import io.dsh4j.tool.builtin.BuiltinTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus session {@code repeat-tool-reminder} replayed through the agent loop with the built-in
 * {@code todo_write} and the reminder mounted: the reminders carry DSH's exact texts and sources and
 * enter where DSH put them — as next-step inbox insertions right after the step's tool results, then
 * as the next step's {@code user/message}.
 */
class RepeatToolReminderCorpusTest {

    static final Path RECORDING = Corpus.rawDir()
            .resolve("examples/acp-agent/tests/snapshots/repeat-tool-reminder/session.jsonl");

    @TempDir Path cwd;

    /** The event types and the reminder-bearing events of a log, as comparable lines. */
    static List<String> shape(List<JsonNode> events) {
        List<String> lines = new ArrayList<>();
        for (JsonNode e : events) {
            String type = e.get("type").asText();
            JsonNode data = e.get("data");
            switch (type) {
                case "agent/inbox/spliced" -> {
                    StringBuilder line = new StringBuilder(type + " " + data.get("target").asText());
                    for (JsonNode m : data.get("inserted")) {
                        line.append(" + ").append(JsJson.stringify(m.get("source"))).append(' ')
                                .append(m.get("content").get(0).get("text").asText());
                    }
                    if (data.has("removedCount")) {
                        line.append(" -").append(data.get("removedCount").asLong());
                    }
                    lines.add(line.toString());
                }
                case "user/message" -> lines.add(type + " " + JsJson.stringify(data.get("source")) + " "
                        + data.get("content").get(0).get("text").asText().lines().findFirst().orElse(""));
                case "tool/call" -> lines.add(type + " " + data.get("name").asText() + " " + data.get("arguments").asText());
                case "tool/result" -> lines.add(type + " " + data.get("message").get("content").get(0).get("content").get(0).get("text").asText());
                case "todo/write", "step/start", "step/end", "turn/start", "turn/end", "assistant/message" -> lines.add(type);
                default -> { } // prompt, header and title events are not the reminder's business
            }
        }
        return lines;
    }

    @Test
    void the_recorded_reminders_enter_with_DSH_texts_at_DSH_places() throws Exception {
        List<JsonNode> recorded = new ArrayList<>();
        List<String> lines = Files.readAllLines(RECORDING);
        for (String line : lines.subList(1, lines.size())) {
            recorded.add(JsJson.parse(line));
        }
        JsonNode prompt = recorded.getFirst().get("data").get("inserted").get(0);
        RecordedModel model = RecordedModel.of(RECORDING);
        try (Kernel kernel = Kernel.create()) {
            Context root = kernel.root();
            root.plugin(SessionsPlugin.PLUGIN, Map.of("persist", false)).await();
            root.plugin(SystemPromptService.PLUGIN, Map.of()).await();
            root.plugin(ModelRoutesPlugin.REGISTRY).await();
            root.plugin(ToolRuntimePlugin.PLUGIN).await();
            root.plugin(AgentLoopPlugin.PLUGIN).await();
            root.plugin(BuiltinTools.PLUGIN).await();
            root.plugin(RepeatToolReminder.PLUGIN).await();
            kernel.awaitIdle();
            root.get(ModelRoutesPlugin.LLM).orElseThrow().register(List.of("deepseek-official"), model);
            Agent agent = root.get(AgentRegistry.KEY).orElseThrow()
                    .create(AgentRegistry.CreateRequest.in(cwd.toString(), AgentOptions.of("deepseek-official", "deepseek-v4-flash")))
                    .agent();
            agent.followup(new Message.UserMessage(UUID.randomUUID().toString(),
                    List.of(new ContentBlock.Text(prompt.get("content").get(0).get("text").asText())), MessageSource.user()));
            agent.whenIdle().get(60, TimeUnit.SECONDS);
            List<JsonNode> replayed = new ArrayList<>();
            for (SessionEvent e : agent.session().events()) {
                replayed.add(wrap(e));
            }
            assertThat(model.calls()).isEqualTo(6);
            List<String> expected = shape(recorded).stream().filter(l -> !l.contains("runtime context")).toList();
            List<String> actual = shape(replayed).stream().filter(l -> !l.contains("runtime context")).toList();
            assertThat(expected).filteredOn(l -> l.contains("\"plugin\":\"repeat-tool-reminder\"")).hasSize(4)
                    .anyMatch(l -> l.contains("todo_write × 3") && l.contains("You are repeating the exact same tool call"))
                    .anyMatch(l -> l.contains("todo_write × 5") && l.contains("Repeated tool call detected:"));
            assertThat(expected).hasSizeGreaterThan(40);
            assertThat(actual).containsExactlyElementsOf(expected);
        }
    }

    private static JsonNode wrap(SessionEvent e) {
        var node = JsJson.nodes().objectNode().put("type", e.type());
        node.set("data", e.data());
        return node;
    }
}
