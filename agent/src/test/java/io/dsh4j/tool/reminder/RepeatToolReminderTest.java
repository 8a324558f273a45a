package io.dsh4j.tool.reminder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.FiberState;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.PreToolDecision;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The repeat-tool reminder: chains, thresholds, patterns, denials, config that fails loud. */
class RepeatToolReminderTest {

    private final Kernel kernel = Kernel.create();
    private ToolRuntime tools;

    @AfterEach
    void close() {
        kernel.close();
    }

    private void boot(Map<String, Object> config) {
        kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
        tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
        for (String name : List.of("todo_write", "read", "mcp_fetch", "mcp_list")) {
            tools.register(ToolDefinition.builder(name).description(name)
                    .parameters(JsJson.parse("{\"type\":\"object\"}"))
                    .output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"), (a, v) -> List.of(new ContentBlock.Text("ok"))))
                    .body((a, e) -> JsJson.nodes().textNode("ok")).build());
        }
        kernel.root().plugin(RepeatToolReminder.PLUGIN, config).await();
    }

    private static final class Agent implements ToolAgent {
        final String id;
        Agent(String id) { this.id = id; }
        @Override public String id() { return id; }
        @Override public Optional<Path> workingDirectory() { return Optional.empty(); }
        @Override public void appendEvent(String type, JsonNode data) {}
    }

    /** The reminder texts each call carried ("-" for none). */
    private List<String> run(ToolAgent agent, String... calls) {
        List<String> out = new ArrayList<>();
        for (String call : calls) {
            int space = call.indexOf(' ');
            var result = tools.execute(ToolExecutionInput.of("c", call.substring(0, space), JsJson.parse(call.substring(space + 1)),
                    agent, Signal.never()));
            out.add(result.additionalContexts().isEmpty() ? "-" : summary(result.additionalContexts().getFirst()));
        }
        return out;
    }

    private static String summary(Message.UserMessage m) {
        return ((MessageSource.Plugin) m.source()).summary();
    }

    @Test
    void the_third_identical_call_gets_the_nudge_the_fifth_and_eighth_the_detailed_form() {
        boot(Map.of());
        Agent a = new Agent("a");
        List<String> calls = Collections.nCopies(9, "todo_write {\"todos\":[1]}");
        assertThat(run(a, calls.toArray(String[]::new)))
                .containsExactly("-", "-", "todo_write × 3", "-", "todo_write × 5", "-", "-", "todo_write × 8", "-");
    }

    @Test
    void the_texts_are_DSHs_with_the_canonical_arguments() {
        boot(Map.of());
        Agent a = new Agent("a");
        List<Message.UserMessage> notes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            notes.addAll(tools.execute(ToolExecutionInput.of("c", "todo_write",
                    JsJson.parse("{\"todos\":[{\"status\":\"in_progress\",\"content\":\"watch the kettle boil\"}]}"), a, Signal.never()))
                    .additionalContexts());
        }
        assertThat(notes).hasSize(2);
        assertThat(((ContentBlock.Text) notes.get(0).content().getFirst()).text()).isEqualTo(RepeatToolReminder.GENTLE);
        assertThat(((ContentBlock.Text) notes.get(1).content().getFirst()).text()).isEqualTo("Repeated tool call detected:\n"
                + "- tool: todo_write\n- consecutive_calls: 5\n"
                + "- arguments: {\"todos\":[{\"content\":\"watch the kettle boil\",\"status\":\"in_progress\"}]}\n"
                + "The repeated calls are not making progress. Do not call this tool with these exact arguments again. "
                + "Inspect the latest result and choose a different action, different arguments, or finish the task if "
                + "enough evidence has been gathered.");
        assertThat(JsJson.stringify(notes.get(1).source().json()))
                .isEqualTo("{\"kind\":\"plugin\",\"plugin\":\"repeat-tool-reminder\",\"form\":\"notice\",\"summary\":\"todo_write × 5\"}");
    }

    @Test
    void different_arguments_or_another_tool_restart_the_chain_and_agents_have_their_own() {
        boot(Map.of());
        Agent a = new Agent("a");
        Agent b = new Agent("b");
        assertThat(run(a, "read {\"x\":1}", "read {\"x\":1}", "read {\"x\":2}", "read {\"x\":2}", "todo_write {\"x\":2}",
                "read {\"x\":2}", "read {\"x\":2}", "read {\"x\":2}")).containsExactly("-", "-", "-", "-", "-", "-", "-", "read × 3");
        assertThat(run(b, "read {\"x\":2}", "read {\"x\":2}")).containsExactly("-", "-");
        // direct calls without an agent are not watched
        for (int i = 0; i < 4; i++) {
            assertThat(tools.execute(ToolExecutionInput.of("c", "read", JsJson.parse("{}"), null, Signal.never()))
                    .additionalContexts()).isEmpty();
        }
    }

    @Test
    void key_order_does_not_matter_but_array_order_does() {
        boot(Map.of());
        Agent a = new Agent("a");
        assertThat(run(a, "read {\"a\":1,\"b\":{\"d\":1,\"c\":2}}", "read {\"b\":{\"c\":2,\"d\":1},\"a\":1}",
                "read {\"a\":1,\"b\":{\"c\":2,\"d\":1}}")).containsExactly("-", "-", "read × 3");
        assertThat(run(a, "read [1,2]", "read [2,1]", "read [1,2]")).containsExactly("-", "-", "-");
    }

    @Test
    void excluded_calls_are_transparent_and_include_limits_what_is_watched() {
        boot(Map.of("exclude", List.of("mcp_*"), "include", List.of("todo_*", "mcp_*", "read")));
        Agent a = new Agent("a");
        assertThat(run(a, "todo_write {}", "mcp_fetch {}", "todo_write {}", "mcp_list {}", "todo_write {}"))
                .containsExactly("-", "-", "-", "-", "todo_write × 3");
    }

    @Test
    void denied_calls_count_and_still_carry_the_reminder() {
        boot(Map.of("thresholds", List.of(2)));
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> new PreToolDecision.Deny("no"));
        Agent a = new Agent("a");
        var first = tools.execute(ToolExecutionInput.of("c", "read", JsJson.parse("{}"), a, Signal.never()));
        var second = tools.execute(ToolExecutionInput.of("c", "read", JsJson.parse("{}"), a, Signal.never()));
        assertThat(first.isError()).isTrue();
        assertThat(second.isError()).isTrue();
        assertThat(second.additionalContexts()).extracting(RepeatToolReminderTest::summary).containsExactly("read × 2");
    }

    @Test
    void a_long_argument_list_is_previewed() {
        boot(Map.of("thresholds", List.of(2, 3), "argumentsPreviewChars", 10));
        Agent a = new Agent("a");
        run(a, "read {\"text\":\"abcdefghijklmnopqrstuvwxyz\"}", "read {\"text\":\"abcdefghijklmnopqrstuvwxyz\"}");
        var third = tools.execute(ToolExecutionInput.of("c", "read", JsJson.parse("{\"text\":\"abcdefghijklmnopqrstuvwxyz\"}"),
                a, Signal.never()));
        assertThat(((ContentBlock.Text) third.additionalContexts().getFirst().content().getFirst()).text())
                .contains("- arguments: {\"text\":\"a… (+27 more chars)\n");
    }

    @Test
    void a_bad_config_fails_the_plugin_loud() {
        kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
        for (var bad : List.<Map<String, Object>>of(Map.of("thresholds", List.of()), Map.of("thresholds", List.of(1)),
                Map.of("thresholds", List.of(3, 3)), Map.of("thresholds", List.of(2.5)), Map.of("argumentsPreviewChars", 0),
                Map.of("thresholds", "3"))) {
            Fiber fiber = kernel.root().plugin(RepeatToolReminder.PLUGIN, bad);
            assertThatThrownBy(fiber::await).as(bad.toString()).hasMessageContaining("invalid");
            assertThat(fiber.state()).isEqualTo(FiberState.FAILED);
        }
        assertThatThrownBy(() -> new ReminderConfig(List.of(1d), List.of(), List.of(), 5))
                .hasMessage("repeat-tool-reminder: invalid threshold 1 — every threshold must be an integer >= 2");
        assertThatThrownBy(() -> new ReminderConfig(List.of(), List.of(), List.of(), 5))
                .hasMessage("repeat-tool-reminder: `thresholds` must not be empty");
    }

    @Property
    void canonical_arguments_ignore_key_order(@ForAll @Size(max = 8) List<@net.jqwik.api.constraints.AlphaChars String> keys) {
        var forward = JsJson.nodes().objectNode();
        var backward = JsJson.nodes().objectNode();
        for (int i = 0; i < keys.size(); i++) {
            forward.put(keys.get(i), i);
        }
        for (int i = keys.size() - 1; i >= 0; i--) {
            if (!backward.has(keys.get(i))) {
                backward.put(keys.get(i), forward.get(keys.get(i)).asInt());
            }
        }
        assertThat(RepeatToolReminder.canonical(backward)).isEqualTo(RepeatToolReminder.canonical(forward));
    }

    @Test
    void wildcards_are_literal_except_the_star() {
        assertThat(RepeatToolReminder.wildcard("mcp.*").matcher("mcp.fetch").matches()).isTrue();
        assertThat(RepeatToolReminder.wildcard("mcp.*").matcher("mcpxfetch").matches()).isFalse();
        assertThat(RepeatToolReminder.wildcard("a(b)").matcher("a(b)").matches()).isTrue();
    }
}
