package io.dsh4j.agent.subagent;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentLoopPlugin;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.SessionsPlugin;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/** A booted agent runtime with the subagent runtime, spawn, fork and the subagent tools; models by route. */
final class SubagentHarness implements AutoCloseable {

    final Kernel kernel = Kernel.create();
    final Context root = kernel.root();

    SubagentHarness(Path sessionsRoot) {
        Map<String, Object> sessions = new HashMap<>();
        sessions.put("persist", sessionsRoot != null);
        if (sessionsRoot != null) sessions.put("root", sessionsRoot.toString());
        root.plugin(SessionsPlugin.PLUGIN, sessions).await();
        root.plugin(SystemPromptService.PLUGIN, Map.of()).await();
        root.plugin(ModelRoutesPlugin.REGISTRY).await();
        root.plugin(ToolRuntimePlugin.PLUGIN).await();
        root.plugin(AgentLoopPlugin.PLUGIN).await();
        root.plugin(SubagentRuntime.PLUGIN).await();
        root.plugin(InProcessProviders.SPAWN_PLUGIN).await();
        root.plugin(InProcessProviders.FORK_PLUGIN).await();
        root.plugin(SubagentTool.PLUGIN, Map.of("provider", "spawn")).await();
        root.plugin(SubagentTool.PLUGIN, Map.of("provider", "fork", "toolName", "subagent_fork")).await();
        kernel.awaitIdle();
    }

    SubagentHarness route(String provider, ModelAdapter model) {
        root.get(ModelRoutesPlugin.LLM).orElseThrow().register(List.of(provider), model);
        return this;
    }

    SubagentRuntime subagents() {
        return root.get(SubagentRuntime.KEY).orElseThrow();
    }

    AgentRegistry agents() {
        return root.get(AgentRegistry.KEY).orElseThrow();
    }

    Agent agent(String provider, String cwd) {
        return agents().create(AgentRegistry.CreateRequest.in(cwd, AgentOptions.of(provider, "m1"))).agent();
    }

    static Message.UserMessage user(String text) {
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), MessageSource.user());
    }

    static void runTurn(Agent agent, String text) {
        agent.followup(user(text));
        awaitIdle(agent);
    }

    static void awaitIdle(Agent agent) {
        try {
            agent.whenIdle().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("agent did not go idle: " + e, e);
        }
    }

    @Override
    public void close() {
        kernel.close();
    }
}
