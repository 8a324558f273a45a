package io.dsh4j.beliefmerge;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentLoopPlugin;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.SessionsPlugin;
import io.dsh4j.command.Commands;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.sessionquery.SessionQueryPlugin;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The agent runtime on a kernel (memory sessions unless a root is given) with session query, commands
 * and the belief-merge plugin mounted. Route {@code main} serves the merging agent, route {@code src}
 * the source sessions (a model that answers "Noted." forever), route {@code align} the plugin's own
 * calls when the config names it.
 */
final class LiveHarness implements AutoCloseable {

    static final String MAIN = "main";
    static final String SRC = "src";
    static final String ALIGN = "align";

    final Kernel kernel = Kernel.create();
    final Context root = kernel.root();
    Fiber plugin;

    LiveHarness(Path sessionsRoot) {
        Map<String, Object> sessions = new HashMap<>();
        sessions.put("persist", sessionsRoot != null);
        if (sessionsRoot != null) sessions.put("root", sessionsRoot.toString());
        root.plugin(SessionsPlugin.PLUGIN, sessions).await();
        root.plugin(SystemPromptService.PLUGIN, Map.of("persona", "Be terse.")).await();
        root.plugin(ModelRoutesPlugin.REGISTRY).await();
        root.plugin(ToolRuntimePlugin.PLUGIN).await();
        root.plugin(AgentLoopPlugin.PLUGIN).await();
        root.plugin(SessionQueryPlugin.PLUGIN).await();
        root.plugin(Commands.PLUGIN).await();
        kernel.awaitIdle();
        llm().register(List.of(SRC), (call, cancel, sink) -> {
            sink.accept(new io.dsh4j.message.StreamChunk.TextDelta(0, "Noted."));
            sink.accept(new io.dsh4j.message.StreamChunk.Finish(new io.dsh4j.message.FinishReason.Stop(), null));
        });
    }

    /** Mounts the plugin with {@code config} (a home and state file under {@code dir} unless given). */
    LiveHarness mount(Path dir, Map<String, Object> config) {
        Map<String, Object> c = new HashMap<>(config);
        c.putIfAbsent("home", dir.resolve("home").toString());
        plugin = root.plugin(BeliefMergePlugin.PLUGIN, c);
        plugin.await();
        kernel.awaitIdle();
        return this;
    }

    AdapterRegistry llm() {
        return root.get(ModelRoutesPlugin.LLM).orElseThrow();
    }

    void route(String provider, ModelAdapter adapter) {
        llm().register(List.of(provider), adapter);
    }

    AgentRegistry agents() {
        return root.get(AgentRegistry.KEY).orElseThrow();
    }

    ToolRuntime tools() {
        return root.get(ToolRuntime.KEY).orElseThrow();
    }

    Commands commands() {
        return root.get(Commands.KEY).orElseThrow();
    }

    Agent agent(String route) {
        return agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of(route, "m1"))).agent();
    }

    /** A source session whose user said each of {@code lines} (one turn each). */
    Agent source(String... lines) {
        Agent a = agent(SRC);
        for (String line : lines) runTurn(a, line);
        return a;
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

    /** The {@code user/message} events of {@code agent}'s log. */
    static List<SessionEvent> userMessages(Agent agent) {
        return agent.session().events().stream().filter(e -> e.type().equals(EventTypes.USER_MESSAGE)).toList();
    }

    /** The plugin-sourced {@code user/message} events of belief-merge in {@code agent}'s log. */
    static List<SessionEvent> injected(Agent agent) {
        List<SessionEvent> out = new ArrayList<>();
        for (SessionEvent e : userMessages(agent)) {
            if ("plugin".equals(e.data().path("source").path("kind").asText())
                    && BeliefMergePlugin.NAME.equals(e.data().path("source").path("plugin").asText())) out.add(e);
        }
        return out;
    }

    /** A scripted model for the merging agent's route. */
    static ScriptedModel scripted(ScriptedModel.Script... scripts) {
        return ScriptedModel.of(scripts);
    }

    @Override
    public void close() {
        kernel.close();
    }
}
