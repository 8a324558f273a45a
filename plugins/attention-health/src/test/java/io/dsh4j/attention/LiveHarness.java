package io.dsh4j.attention;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentPlugins;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.testkit.ScriptedModel;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The agent runtime of the default profile's rows (sessions under {@code home}, a scripted model on
 * route {@value #ROUTE}, the projection registry) with the attention-health plugin at a fixed clock.
 */
final class LiveHarness implements AutoCloseable {

    static final String ROUTE = "scripted";
    /** A Saturday, off-peak (spec §11's instant). */
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-09-19T02:00:00Z"), ZoneOffset.UTC);

    final Kernel kernel = Kernel.create();
    final Context root = kernel.root();
    final Path home;

    LiveHarness(Path home, Map<String, String> env, boolean withPlugin) {
        this(home, env, withPlugin, List.of());
    }

    /** @param without specifiers of the default rows to leave out */
    LiveHarness(Path home, Map<String, String> env, boolean withPlugin, List<String> without) {
        this.home = home;
        this.without = without;
        Map<String, Object> sessions = new HashMap<>();
        sessions.put("root", home.resolve("sessions").toString());
        sessions.put("writeBatchMaxDelayMs", 0);
        mount("@deepseek-ai/dsh-session", sessions);
        for (String s : List.of("@deepseek-ai/dsh-llm", "@deepseek-ai/dsh-system-prompt", "@deepseek-ai/dsh-tools",
                "@deepseek-ai/dsh-builtin-tools", "@deepseek-ai/dsh-agent-loop", "@deepseek-ai/dsh-session-projections",
                "@deepseek-ai/dsh-session-query", "@deepseek-ai/dsh-webserver-routes")) {
            mount(s, null);
        }
        mount("@deepseek-ai/dsh-approval", Map.of("yes", true));
        if (withPlugin) {
            root.plugin(AttentionHealthPlugin.plugin(new AttentionHealthPlugin.Options(CLOCK, env::get)),
                    Map.of("home", home.toString())).await();
        }
        kernel.awaitIdle();
    }

    private final List<String> without;

    private void mount(String specifier, Object config) {
        if (without.contains(specifier)) return;
        root.plugin(AgentPlugins.PLUGINS.get(specifier), config).await();
    }

    private final java.util.concurrent.atomic.AtomicReference<ScriptedModel> model = new java.util.concurrent.atomic.AtomicReference<>();

    /** The model the next calls play (route {@value #ROUTE} is registered once and follows this). */
    void model(ScriptedModel next) {
        if (model.getAndSet(next) == null) {
            root.get(ModelRoutesPlugin.LLM).orElseThrow().register(List.of(ROUTE),
                    (call, cancel, sink) -> model.get().stream(call, cancel, sink));
        }
    }

    LiveSessions sessions() {
        return root.get(LiveSessions.KEY).orElseThrow();
    }

    AttentionHealth health() {
        return root.get(AttentionHealth.KEY).orElseThrow();
    }

    Agent agent(Path cwd) {
        return handle(cwd).agent();
    }

    io.dsh4j.agent.AgentHandle handle(Path cwd) {
        return root.get(AgentRegistry.KEY).orElseThrow()
                .create(AgentRegistry.CreateRequest.in(cwd.toString(), AgentOptions.of(ROUTE, "m1")));
    }

    static Message.UserMessage user(String text) {
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), MessageSource.user());
    }

    static void runTurn(Agent agent, String text) {
        agent.followup(user(text));
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
