package io.dsh4j.deliberation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentLoopPlugin;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.SessionsPlugin;
import io.dsh4j.agent.subagent.InProcessProviders;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.deliberation.core.DeliberationConfig;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The agent runtime with subagents (spawn, fork, the mid-fork family and a current-turn provider)
 * and the deliberation plugin, on routes {@code parent}, {@code fresh-model}, {@code fork-model} and
 * {@code review-model}; a {@code note} tool gives the parent completed Steps.
 */
final class HostHarness implements AutoCloseable {

    final Kernel kernel = Kernel.create();
    final Context root = kernel.root();
    final List<String> warnings = new CopyOnWriteArrayList<>();
    final List<Thread> threads = new CopyOnWriteArrayList<>();

    /** The test configuration: three routes, a tool-less profile, {@code autoReview} as given. */
    static ObjectNode config(long branchTimeoutMs, boolean autoReview, String publish) {
        ObjectNode c = (ObjectNode) JsJson.parse("""
                {"maxBranches":3,"maxDepth":1,
                 "routes":[{"name":"fresh","description":"the fresh model","provider":"fresh-model","model":"f1"},
                           {"name":"fork","description":"the fork model","provider":"fork-model","model":"k1"},
                           {"name":"review","description":"the review model","provider":"review-model","model":"r1"}],
                 "capabilityProfiles":[{"name":"reason-only","description":"no tools","allow":[]}]}""");
        c.put("branchTimeoutMs", branchTimeoutMs);
        c.putObject("autoReview").put("enabled", autoReview).put("scope", "tool-bearing-turns").put("provider", "mid-fork-current-turn")
                .put("route", "review").put("capability", "reason-only").put("publish", publish).put("timeoutMs", 600_000);
        return c;
    }

    HostHarness(Path sessionsRoot, JsonNode config) {
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
        root.plugin(MidForkProvider.PLUGIN, Map.of()).await();
        root.plugin(MidForkProvider.PLUGIN, Map.of("providerName", "mid-fork-current-turn", "window", "current-turn")).await();
        ThreadFactory counted = r -> {
            Thread t = Thread.ofVirtual().unstarted(r);
            threads.add(t);
            return t;
        };
        DeliberationConfig resolved = DeliberationConfig.resolve(config);
        Plugin<JsonNode> plugin = Plugin.named("tool-deliberation-under-test")
                .inject(SubagentRuntime.KEY, ToolRuntime.KEY, SystemPrompt.KEY)
                .setup((ctx, raw) -> new DeliberationPlugin(ctx, resolved, warnings::add, counted, counted).install());
        root.plugin(plugin).await();
        root.require(ToolRuntime.KEY).register(ToolDefinition.builder("note").description("Take a note.")
                .parameters(JsJson.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"))
                .output(ToolOutput.of(JsJson.parse("{\"type\":\"object\"}"), (a, v) -> List.of(new ContentBlock.Text("noted"))))
                .body((a, e) -> JsJson.nodes().objectNode())
                .parallelSafe()
                .build());
        kernel.awaitIdle();
    }

    HostHarness route(String provider, ModelAdapter model) {
        root.get(ModelRoutesPlugin.LLM).orElseThrow().register(List.of(provider), model);
        return this;
    }

    AgentRegistry agents() {
        return root.get(AgentRegistry.KEY).orElseThrow();
    }

    Agent parent() {
        return agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of("parent", "p1"))).agent();
    }

    static Message.UserMessage user(String text) {
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), MessageSource.user());
    }

    static void awaitIdle(Agent agent) {
        try {
            agent.whenIdle().get(120, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("agent did not go idle: " + e, e);
        }
    }

    /** Every thread this plugin made has ended (joined, not polled). */
    boolean allThreadsEnded() throws InterruptedException {
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
            if (t.isAlive()) return false;
        }
        return true;
    }

    @Override
    public void close() {
        kernel.close();
    }
}
