package io.dsh4j.app.sessions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentLoopPlugin;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.SessionsPlugin;
import io.dsh4j.agent.subagent.InProcessProviders;
import io.dsh4j.agent.subagent.SubagentRun;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.agent.subagent.SubagentStartRequest;
import io.dsh4j.app.CliRun;
import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13: a fork child's log is written beside its parent's (same project directory) with its
 * lineage in the header, and {@code dsh4j sessions stats} counts the lineage — the child's inherited
 * seed prefix once, in the parent.
 */
class LineageStatsCommandTest {

    @TempDir
    Path root;

    @Test
    void a_fork_childs_log_sits_beside_its_parents_and_stats_counts_the_lineage_once() throws Exception {
        Path parentLog;
        Path childLog;
        long parentEvents;
        long childEvents;
        long seedLength;
        try (Kernel kernel = Kernel.create()) {
            var ctx = kernel.root();
            ctx.plugin(SessionsPlugin.PLUGIN, Map.of("persist", true, "root", root.toString())).await();
            ctx.plugin(SystemPromptService.PLUGIN, Map.of()).await();
            ctx.plugin(ModelRoutesPlugin.REGISTRY).await();
            ctx.plugin(ToolRuntimePlugin.PLUGIN).await();
            ctx.plugin(AgentLoopPlugin.PLUGIN).await();
            ctx.plugin(SubagentRuntime.PLUGIN).await();
            ctx.plugin(InProcessProviders.FORK_PLUGIN).await();
            kernel.awaitIdle();
            ctx.get(ModelRoutesPlugin.LLM).orElseThrow().register(List.of("scripted"),
                    ScriptedModel.answering("The codeword is HERON.", "HERON"));
            AgentRegistry agents = ctx.get(AgentRegistry.KEY).orElseThrow();
            Agent parent = agents.create(AgentRegistry.CreateRequest.in("/project", AgentOptions.of("scripted", "m"))).agent();
            parent.followup(new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text("Remember HERON.")),
                    MessageSource.user()));
            parent.whenIdle().get(60, TimeUnit.SECONDS);
            SubagentRun run = ctx.get(SubagentRuntime.KEY).orElseThrow().start("fork",
                    SubagentStartRequest.of("recall", "What is the codeword?", parent, new AbortController().signal()));
            assertThat(run.result().get(60, TimeUnit.SECONDS).text()).isEqualTo("HERON");
            Agent child = run.localAgent().orElseThrow();
            seedLength = child.session().header().seedLength();
            childEvents = child.session().length();
            run.dispose();
            parent.session().checkpoint();
            parentEvents = parent.session().length();
            parentLog = parent.session().path().orElseThrow();
            childLog = child.session().path().orElseThrow();
        }
        assertThat(childLog.getParent().getParent()).isEqualTo(parentLog.getParent().getParent());
        CliRun r = CliRun.of("sessions", "stats", "--json", parentLog.toString(), childLog.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<JsonNode> lines = r.out().lines().map(JsJson::parse).toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1).get("parentSession").asText()).isEqualTo(lines.get(0).get("id").asText());
        assertThat(lines.get(1).get("seedLength").asLong()).isEqualTo(seedLength);
        assertThat(lines.get(1).get("events").asLong()).isEqualTo(childEvents);
        JsonNode lineage = lines.get(2);
        assertThat(lineage.get("lineage").asText()).isEqualTo(lines.get(0).get("id").asText());
        assertThat(lineage.get("sessions")).hasSize(2);
        // the child's seed prefix is the parent's events: counted once
        assertThat(lineage.get("events").asLong()).isEqualTo(parentEvents + childEvents - seedLength);
        assertThat(lineage.get("turns").asLong()).isEqualTo(2);
        CliRun table = CliRun.of("sessions", "stats", parentLog.toString(), childLog.toString());
        assertThat(table.out()).contains("lineage " + lines.get(0).get("id").asText() + ": 2 sessions");
    }
}
