package io.dsh4j.agent.subagent;

import static io.dsh4j.agent.subagent.SubagentHarness.runTurn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.testkit.ScriptedModel.Script;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolRuntime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The built-in {@code subagent} / {@code subagent_fork} tools (spec §6.9). */
class SubagentToolTest {

    static List<EventPayload.ToolResult> results(Agent agent) {
        return agent.session().events().stream().filter(e -> e.type().equals(EventTypes.TOOL_RESULT))
                .map(e -> e.payload(EventPayload.ToolResult.class)).toList();
    }

    static String text(EventPayload.ToolResult r) {
        StringBuilder sb = new StringBuilder();
        for (ContentBlock b : r.message().result().content()) if (b instanceof ContentBlock.Text t) sb.append(t.text());
        return sb.toString();
    }

    @Test
    void a_recorded_delegation_replays_the_child_answer_as_the_tool_result() {
        try (SubagentHarness h = new SubagentHarness(null)) {
            // the calls of the corpus's acp-agent subagent-multi recording, in their order
            h.route("parent", ScriptedModel.of(
                    Script.toolCalls(new ContentBlock.ToolCall("call_00_7zDCCjdsQgrk5LR2bAEQ1010", "subagent",
                            "{\"description\": \"Return ALPHA only\", \"prompt\": \"Reply with exactly the word ALPHA and nothing else.\", "
                                    + "\"run_in_background\": false}")),
                    Script.text("ALPHA"),
                    Script.text("PARENT_DONE")));
            Agent parent = h.agent("parent", "/w");
            runTurn(parent, "Delegate.");
            List<EventPayload.ToolResult> results = results(parent);
            assertThat(results).singleElement().satisfies(r -> {
                assertThat(r.message().result().isError()).isFalse();
                assertThat(text(r)).isEqualTo("ALPHA");
            });
            assertThat(h.agents().list()).containsExactly(parent);
        }
    }

    /** The recorded assistant messages of a log, as scripts (reasoning, text and tool-call blocks). */
    static List<Script> scripts(Path log) throws Exception {
        List<Script> out = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            JsonNode e = JsJson.parse(line);
            if (!"assistant/message".equals(e.path("type").asText())) continue;
            ScriptedModel.Builder b = Script.builder();
            boolean calls = false;
            for (JsonNode block : e.path("data").path("message").path("content")) {
                switch (block.path("type").asText()) {
                    case "reasoning" -> b.reasoning(block.path("text").asText());
                    case "text" -> b.text(block.path("text").asText());
                    case "tool-call" -> {
                        calls = true;
                        b.toolCall(new ContentBlock.ToolCall(block.path("id").asText(), block.path("name").asText(),
                                block.path("arguments").asText()));
                    }
                    default -> { }
                }
            }
            out.add(b.usage(io.dsh4j.message.TokenUsage.of(1, 1))
                    .finish(calls ? new io.dsh4j.message.FinishReason.ToolCalls() : new io.dsh4j.message.FinishReason.Stop()).build());
        }
        return out;
    }

    static List<String> calls(List<JsonNode> events) {
        return events.stream().filter(e -> "tool/call".equals(e.path("type").asText()))
                .map(e -> e.path("data").path("name").asText() + " " + e.path("data").path("arguments").asText()).toList();
    }

    @Test
    void the_corpus_recording_that_delegates_twice_replays_with_the_same_calls_results_and_final_text() throws Exception {
        Path dir = Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots/subagent-multi");
        List<Script> parentScripts = scripts(dir.resolve("session.jsonl"));
        List<List<Script>> children = List.of(scripts(dir.resolve("session.1.jsonl")), scripts(dir.resolve("session.2.jsonl")));
        assertThat(parentScripts).hasSize(3);
        // foreground delegation serialises the model calls: parent step, its child, parent step, its child, parent step
        List<Script> order = new ArrayList<>();
        order.add(parentScripts.get(0));
        order.addAll(children.get(0));
        order.add(parentScripts.get(1));
        order.addAll(children.get(1));
        order.add(parentScripts.get(2));
        List<JsonNode> recorded = Files.readAllLines(dir.resolve("session.jsonl")).stream().map(JsJson::parse).toList();
        String prompt = recorded.stream().filter(e -> "user/message".equals(e.path("type").asText())).findFirst().orElseThrow()
                .path("data").path("content").get(0).path("text").asText();
        try (SubagentHarness h = new SubagentHarness(null)) {
            h.route("parent", ScriptedModel.of(order.toArray(Script[]::new)));
            Agent parent = h.agent("parent", "/w");
            runTurn(parent, prompt);
            List<JsonNode> replayed = parent.session().events().stream().map(e -> {
                var o = JsJson.nodes().objectNode().put("type", e.type());
                o.set("data", e.data());
                return (JsonNode) o;
            }).toList();
            assertThat(calls(replayed)).isEqualTo(calls(recorded));
            assertThat(results(parent)).extracting(SubagentToolTest::text).containsExactly("ALPHA", "BETA");
            List<EventPayload.AssistantMessage> messages = parent.session().events().stream()
                    .filter(e -> e.type().equals(EventTypes.ASSISTANT_MESSAGE)).map(e -> e.payload(EventPayload.AssistantMessage.class)).toList();
            assertThat(messages.getLast().message().content().stream().filter(b -> b instanceof ContentBlock.Text)
                    .map(b -> ((ContentBlock.Text) b).text()).toList()).containsExactly("PARENT_DONE");
        }
    }

    @Test
    void the_tool_exists_only_while_its_provider_does_and_its_schema_is_dshs() {
        try (SubagentHarness h = new SubagentHarness(null)) {
            ToolRuntime tools = h.root.get(ToolRuntime.KEY).orElseThrow();
            var schema = tools.get("subagent", null).orElseThrow().parameters();
            assertThat(schema.get("required")).isEqualTo(JsJson.parse("[\"description\",\"prompt\"]"));
            assertThat(schema.get("properties").fieldNames()).toIterable().containsExactly("description", "prompt", "run_in_background");
            assertThat(tools.get("subagent_fork", null)).isPresent();
            var fiber = h.kernel.root().plugin(SubagentTool.PLUGIN, Map.of("provider", "later", "toolName", "subagent_later"));
            fiber.await();
            assertThat(tools.get("subagent_later", null)).isEmpty();
            var registration = h.subagents().registerProvider(h.root, InProcessProviders.provider("later", false,
                    new InProcessDriver(h.agents()), p -> List.of()));
            assertThat(tools.get("subagent_later", null)).isPresent();
            registration.dispose();
            registration.whenDisposed().join();
            assertThat(tools.get("subagent_later", null)).isEmpty();
        }
    }

    @Test
    void a_failed_child_run_is_an_error_result_with_the_headline_diagnostic_and_partial_output() {
        assertThat(SubagentTool.failureMessage(new SubagentResult(List.of(new ContentBlock.Text("half")), null, "model error", "error")))
                .isEqualTo("subagent run failed\n\nDiagnostic: model error\n\nPartial output before the run ended:\nhalf");
        assertThat(SubagentTool.failureMessage(new SubagentResult(List.of(), null, null, "aborted"))).isEqualTo("subagent run was cancelled");
        assertThat(SubagentTool.failureMessage(new SubagentResult(List.of(), null, null, "max-tokens")))
                .isEqualTo("subagent run hit its token limit before finishing");
        assertThat(SubagentTool.failureMessage(new SubagentResult(List.of(), null, null, "refusal"))).isEqualTo("subagent run declined the task");
        assertThat(SubagentTool.failureMessage(new SubagentResult(List.of(), null, null, "odd"))).isEqualTo("subagent run ended abnormally (odd)");
        try (SubagentHarness h = new SubagentHarness(null)) {
            h.route("parent", ScriptedModel.of(
                    Script.toolCalls(new ContentBlock.ToolCall("c1", "subagent", "{\"description\":\"d\",\"prompt\":\"p\"}")),
                    Script.failure("OVERLOADED", "secret upstream text"),
                    Script.toolCalls(new ContentBlock.ToolCall("c2", "subagent",
                            "{\"description\":\"d\",\"prompt\":\"p\",\"run_in_background\":true}")),
                    Script.text("done")));
            Agent parent = h.agent("parent", "/w");
            runTurn(parent, "Delegate.");
            List<EventPayload.ToolResult> results = results(parent);
            assertThat(results).hasSize(2);
            assertThat(results.get(0).message().result().isError()).isTrue();
            assertThat(text(results.get(0))).startsWith("Error: subagent run failed").contains("OVERLOADED").doesNotContain("secret");
            assertThat(text(results.get(1))).contains("run_in_background is not available");
            assertThat(h.agents().list()).containsExactly(parent);
        }
    }

    @Test
    void a_call_without_an_agent_fails_and_hostile_configs_are_refused_with_their_key() {
        try (SubagentHarness h = new SubagentHarness(null)) {
            ToolExecutionResult r = h.root.get(ToolRuntime.KEY).orElseThrow().execute(new ToolExecutionInput("c", null, "subagent",
                    JsJson.parse("{\"description\":\"d\",\"prompt\":\"p\"}"), null, Signal.never()));
            assertThat(r.isError()).isTrue();
            assertThat(r.content().toString()).contains("subagent requires a calling Agent");
        }
        assertThatThrownBy(() -> SubagentTool.Config.of(JsJson.parse("{}"))).hasMessageContaining("provider is required");
        assertThatThrownBy(() -> SubagentTool.Config.of(JsJson.parse("[1]"))).hasMessageContaining("must be an object");
        assertThatThrownBy(() -> SubagentTool.Config.of(JsJson.parse("{\"provider\":\"spawn\",\"maxDepth\":-1}")))
                .hasMessageContaining("maxDepth");
        assertThatThrownBy(() -> SubagentTool.Config.of(JsJson.parse("{\"provider\":\"spawn\",\"toolFilter\":{}}")))
                .hasMessageContaining("toolFilter needs allow or deny");
        assertThatThrownBy(() -> SubagentTool.Config.of(JsJson.parse("{\"provider\":\"spawn\",\"toolFilter\":{\"allow\":[\"\"]}}")))
                .hasMessageContaining("non-empty");
        assertThat(SubagentTool.Config.of(JsJson.parse("{\"provider\":\"x\",\"maxDepth\":\"provider-managed\"}")).maxDepth()).isNull();
    }

    @Test
    void every_recorded_subagent_call_in_the_corpus_passes_our_argument_schema() throws Exception {
        Map<String, Integer> seen = new TreeMap<>();
        List<String> rejected = new ArrayList<>();
        try (SubagentHarness h = new SubagentHarness(null)) {
            ToolRuntime tools = h.root.get(ToolRuntime.KEY).orElseThrow();
            for (Path log : Corpus.rawLogs()) {
                for (String line : Files.readAllLines(log)) {
                    if (!line.contains("\"type\":\"tool/call\"")) continue;
                    JsonNode data = JsJson.parse(line).get("data");
                    String name = data.get("name").asText();
                    if (!name.equals("subagent") && !name.equals("subagent_fork")) continue;
                    seen.merge(name, 1, Integer::sum);
                    ToolExecutionResult r = tools.execute(new ToolExecutionInput("c", null, name,
                            JsJson.parse(data.get("arguments").asText()), null, Signal.never()));
                    // no agent: a call that passes validation fails in the body, never as INVALID_ARGS
                    if (!(r instanceof ToolExecutionResult.Failure f) || f.error().info() == null
                            || !"NO_AGENT".equals(f.error().info().code())) {
                        rejected.add(log + ": " + name + " " + r.content());
                    }
                }
            }
        }
        assertThat(rejected).isEmpty();
        assertThat(seen).containsKeys("subagent", "subagent_fork");
    }
}
