package io.dsh4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.command.Commands;
import io.dsh4j.kernel.loader.Composition;
import io.dsh4j.kernel.loader.PatchLayer;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.sessionquery.SessionQuery;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.builtin.TimeoutPolicy;
import io.dsh4j.tool.reminder.RepeatToolReminder;
import java.util.concurrent.CountDownLatch;
import io.dsh4j.tool.ToolSchema;
import io.dsh4j.web.WebRoutes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec kernel-and-agent §2.4: the default profile mounts the whole runtime through the loader. */
class DefaultProfileTest {

    @TempDir
    Path home;

    @Test
    void the_default_profile_boots_every_row_and_provides_the_runtime_services() {
        List<PatchLayer> layers = new ArrayList<>(DefaultProfile.layers(home, null, List.of(), false, getClass().getClassLoader()));
        layers.add(PatchLayer.parse("test", "- id: session\n  config: {root: '" + home.resolve("sessions") + "'}\n"));
        try (AgentBoot boot = AgentBoot.start(layers, getClass().getClassLoader())) {
            boot.service(LiveSessions.KEY);
            boot.service(SessionQuery.KEY);
            boot.service(Commands.KEY);
            boot.service(WebRoutes.KEY);
            boot.service(ModelRoutesPlugin.LLM);
            assertThat(boot.service(ModelRoutesPlugin.LLM).providers()).containsExactly(DefaultProfile.DEFAULT_PROVIDER);
            assertThat(boot.service(ToolRuntime.KEY).schemas(null)).extracting(ToolSchema::name)
                    .contains("read", "write", "edit", "glob", "grep", "bash", "todo_write", "subagent", "subagent_fork");
            assertThat(boot.service(SystemPrompt.KEY).assemble(null).tools()).hasSizeGreaterThanOrEqualTo(7);
            assertThat(boot.agents().list()).isEmpty();
        }
    }

    @Test
    void the_default_profile_enforces_a_tools_declared_timeout_through_the_timeout_policy() {
        List<PatchLayer> layers = new ArrayList<>(DefaultProfile.layers(home, null, List.of(), false, getClass().getClassLoader()));
        layers.add(PatchLayer.parse("test", "- id: session\n  config: {root: '" + home.resolve("sessions") + "'}\n"));
        try (AgentBoot boot = AgentBoot.start(layers, getClass().getClassLoader())) {
            ToolRuntime tools = boot.service(ToolRuntime.KEY);
            tools.register(ToolDefinition.builder("slow").description("waits for its signal")
                    .parameters(JsJson.parse("{\"type\":\"object\"}"))
                    .output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"), (a, v) -> List.of(new ContentBlock.Text(v.textValue()))))
                    .body((args, exec) -> {
                        CountDownLatch aborted = new CountDownLatch(1);
                        try (var r = exec.signal().onAbort(reason -> aborted.countDown())) {
                            aborted.await();
                        }
                        return JsJson.nodes().textNode("stopped");
                    }).timeoutMs(25).build());
            ToolExecutionResult result = tools.execute(ToolExecutionInput.of("1", "slow", JsJson.parse("{}"), null, Signal.never()));
            assertThat(result).isInstanceOf(ToolExecutionResult.Failure.class);
            assertThat(((ToolExecutionResult.Failure) result).error().info().code()).isEqualTo("TOOL_TIMEOUT");
        }
    }

    @Test
    void the_default_profile_mounts_the_repeat_tool_reminder_with_DSHs_thresholds() {
        Composition c = Composition.compose(List.of(DefaultProfile.bundle()));
        var row = java.util.stream.StreamSupport.stream(c.rows().spliterator(), false)
                .filter(r -> r.path("id").asText().equals("repeat-tool-reminder")).findFirst().orElseThrow();
        assertThat(row.path("name").asText()).isEqualTo("@deepseek-ai/dsh-repeat-tool-reminder");
        assertThat(row.path("config").path("thresholds").toString()).isEqualTo("[3,5,8]");
        assertThat(AgentPlugins.PLUGINS.get("@deepseek-ai/dsh-repeat-tool-reminder")).isSameAs(RepeatToolReminder.PLUGIN);
        assertThat(AgentPlugins.PLUGINS.get("@deepseek-ai/dsh-timeout-policy")).isSameAs(TimeoutPolicy.PLUGIN);
    }

    @Test
    void the_default_bundle_dumps_every_row_in_order() {
        Composition c = Composition.compose(List.of(DefaultProfile.bundle()));
        List<String> ids = new ArrayList<>();
        c.rows().forEach(r -> ids.add(r.path("id").asText()));
        assertThat(ids).containsExactly("session", "llm", "llm-deepseek", "llm-retry", "system-prompt", "tools", "builtin-tools",
                "approval", "timeout-policy", "repeat-tool-reminder", "agent-loop", "session-query", "commands", "webserver-routes",
                "session-projections", "subagents", "subagent-spawn", "subagent-fork", "tool-subagent", "tool-subagent-fork");
        assertThat(c.dump()).contains("@deepseek-ai/dsh-agent-loop");
    }
}
