package io.dsh4j.tool.builtin;

import static io.dsh4j.tool.builtin.BuiltinFixture.args;
import static io.dsh4j.tool.builtin.BuiltinFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import io.dsh4j.tool.ToolSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin: DSH's names and schemas, the approval gate, {@code --yes}, and todo_write's durable event. */
class BuiltinPluginTest {

    @TempDir Path dir;

    private ToolExecutionResult call(ToolRuntime tools, BuiltinFixture.Agent agent, String name, String args) {
        return tools.execute(ToolExecutionInput.of("c", name, JsJson.parse(args), agent, Signal.never()));
    }

    @Test
    void the_plugin_registers_DSHs_seven_tools_with_DSHs_argument_names() {
        try (Kernel kernel = Kernel.create()) {
            kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
            kernel.root().plugin(BuiltinTools.PLUGIN, Map.of("cwd", dir.toString())).await();
            List<ToolSchema> schemas = kernel.root().get(ToolRuntime.KEY).orElseThrow().schemas(null);
            assertThat(schemas).extracting(ToolSchema::name).containsExactly("read", "write", "edit", "glob", "grep", "bash", "todo_write");
            assertThat(properties(schemas, "read")).containsExactly("file_path", "offset", "limit");
            assertThat(properties(schemas, "write")).containsExactly("file_path", "content", "sandbox_permissions", "justification");
            assertThat(properties(schemas, "edit")).containsExactly("file_path", "old_string", "new_string", "replace_all",
                    "sandbox_permissions", "justification");
            assertThat(properties(schemas, "glob")).containsExactly("pattern", "path");
            assertThat(properties(schemas, "grep")).containsExactly("pattern", "path", "include");
            assertThat(properties(schemas, "bash")).containsExactly("command", "description", "timeoutMs", "workdir",
                    "run_in_background", "sandbox_permissions", "justification");
            assertThat(properties(schemas, "todo_write")).containsExactly("todos");
            assertThat(required(schemas, "bash")).containsExactly("command", "description");
            assertThat(required(schemas, "edit")).containsExactly("file_path", "old_string", "new_string");
        }
    }

    private static List<String> properties(List<ToolSchema> schemas, String name) {
        ToolSchema s = schemas.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
        return s.parameters().get("properties").propertyStream().map(Map.Entry::getKey).toList();
    }

    private static List<String> required(List<ToolSchema> schemas, String name) {
        ToolSchema s = schemas.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
        return s.parameters().get("required").valueStream().map(n -> n.textValue()).toList();
    }

    @Test
    void without_yes_commands_and_writes_are_refused_with_how_to_allow_them() throws Exception {
        Locale.setDefault(Locale.ENGLISH);
        try (Kernel kernel = Kernel.create()) {
            kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
            kernel.root().plugin(BuiltinTools.PLUGIN).await();
            kernel.root().plugin(YesApproval.PLUGIN).await();
            ToolRuntime tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
            BuiltinFixture.Agent agent = new BuiltinFixture.Agent(dir);
            ToolExecutionResult bash = call(tools, agent, "bash", args("command", "touch ran", "description", "d"));
            assertThat(text(bash)).isEqualTo("Error: tool \"bash\" requires approval, but no approval channel is available"
                    + " — commands and file writes need approval; re-run dsh4j run with --yes to allow them");
            assertThat(Files.exists(dir.resolve("ran"))).isFalse();
            assertThat(call(tools, agent, "write", args("file_path", "x.txt", "content", "y")).isError()).isTrue();
            assertThat(Files.exists(dir.resolve("x.txt"))).isFalse();
            Files.writeString(dir.resolve("r.txt"), "free to read\n");
            assertThat(text(call(tools, agent, "read", args("file_path", "r.txt")))).contains("1: free to read");
        }
    }

    @Test
    void with_yes_they_run() throws Exception {
        try (Kernel kernel = Kernel.create()) {
            kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
            kernel.root().plugin(BuiltinTools.PLUGIN).await();
            kernel.root().plugin(YesApproval.PLUGIN, Map.of("yes", true)).await();
            ToolRuntime tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
            BuiltinFixture.Agent agent = new BuiltinFixture.Agent(dir);
            assertThat(text(call(tools, agent, "bash", args("command", "echo HELLO", "description", "d")))).isEqualTo("HELLO\n");
            assertThat(text(call(tools, agent, "write", args("file_path", "x.txt", "content", "y")))).contains("Created file");
        }
    }

    @Test
    void the_hint_has_a_chinese_text() {
        assertThat(new YesApproval(false, Locale.SIMPLIFIED_CHINESE).unavailableHint(null)).contains("--yes").contains("批准");
        assertThat(new YesApproval(true, Locale.ENGLISH).unavailableHint(null)).isNull();
    }

    @Test
    void todo_write_records_the_list_as_a_durable_event_and_counts_it() {
        try (BuiltinFixture fx = new BuiltinFixture(dir)) {
            ToolExecutionResult result = fx.call("todo_write", "{\"todos\": [{\"content\": \"watch the kettle boil\", \"status\": \"in_progress\"},"
                    + "{\"content\":\"b\",\"status\":\"pending\"},{\"content\":\"c\",\"status\":\"completed\"}]}");
            assertThat(text(result)).isEqualTo("Updated todo list: 1 pending, 1 in progress, 1 completed.");
            assertThat(fx.agent.events).containsExactly("todo/write {\"todos\":[{\"content\":\"watch the kettle boil\","
                    + "\"status\":\"in_progress\"},{\"content\":\"b\",\"status\":\"pending\"},{\"content\":\"c\",\"status\":\"completed\"}]}");
            assertThat(text(fx.call("todo_write", "{\"todos\":[{\"content\":\"x\",\"status\":\"done\"}]}")))
                    .isEqualTo("Error: invalid arguments: \"todos[0].status\" must be one of [\"pending\",\"in_progress\",\"completed\"]");
            assertThat(text(fx.call("todo_write", "{\"todos\":[{\"content\":\"x\",\"status\":\"pending\",\"extra\":1}]}")))
                    .isEqualTo("Error: invalid arguments: \"todos[0].extra\" is not a declared property (additionalProperties: false)");
            assertThat(fx.agent.events).hasSize(1);
        }
    }
}
