package io.dsh4j.agent;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/** A booted agent runtime on a kernel with a scripted model on route {@code scripted}. */
final class LoopHarness implements AutoCloseable {

    static final String ROUTE = "scripted";

    final Kernel kernel = Kernel.create();
    final Context root = kernel.root();
    final ScriptedAdapter model = new ScriptedAdapter();
    /** Cordis events and durable types, in the order they happened (for ordering tests). */
    final List<String> trace = Collections.synchronizedList(new ArrayList<>());

    LoopHarness() {
        this(null);
    }

    /** @param sessionsRoot where logs go, or {@code null} for memory only */
    LoopHarness(Path sessionsRoot) {
        Map<String, Object> sessions = new HashMap<>();
        sessions.put("persist", sessionsRoot != null);
        if (sessionsRoot != null) sessions.put("root", sessionsRoot.toString());
        root.plugin(SessionsPlugin.PLUGIN, sessions).await();
        root.plugin(SystemPromptService.PLUGIN, Map.of("persona", "Be terse.")).await();
        root.plugin(ModelRoutesPlugin.REGISTRY).await();
        root.plugin(ToolRuntimePlugin.PLUGIN).await();
        root.plugin(AgentLoopPlugin.PLUGIN).await();
        kernel.awaitIdle();
        llm().register(List.of(ROUTE), model);
    }

    AdapterRegistry llm() {
        return root.get(ModelRoutesPlugin.LLM).orElseThrow();
    }

    AgentRegistry agents() {
        return root.get(AgentRegistry.KEY).orElseThrow();
    }

    ToolRuntime tools() {
        return root.get(ToolRuntime.KEY).orElseThrow();
    }

    void register(ToolDefinition tool) {
        tools().register(tool);
    }

    Agent agent() {
        return agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of(ROUTE, "m1"))).agent();
    }

    /** Records durable event types ({@code log:<type>}) and the agent events the tests care about. */
    LoopHarness tracing() {
        root.events().on(AgentEvents.SESSION_EVENT, n -> trace.add("log:" + n.event().type()));
        root.events().on(AgentEvents.STATUS, p -> trace.add("agent/status " + p.status().wire()));
        root.events().on(AgentEvents.INBOX_INSERTED, p -> trace.add("agent/inbox/inserted"));
        root.events().on(AgentEvents.INBOX_CLAIMED, p -> trace.add("agent/inbox/claimed"));
        root.events().on(AgentEvents.PRE_STEP, (p, next) -> {
            trace.add("agent/pre-step " + p.turn() + "." + p.step());
            return next.proceed();
        });
        root.events().on(AgentEvents.REQUEST, (p, next) -> {
            trace.add("agent/request");
            return next.proceed();
        });
        root.events().on(AgentEvents.TURN_STOPPING, p -> {
            trace.add("agent/turn-stopping");
            return null;
        });
        root.events().on(io.dsh4j.prompt.SystemPrompt.ASSEMBLE, (p, next) -> {
            trace.add("system-prompt/assemble");
            return next.proceed();
        });
        return this;
    }

    static Message.UserMessage user(String text) {
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), MessageSource.user());
    }

    static Message.UserMessage plugin(String text) {
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)),
                MessageSource.plugin("test-plugin"));
    }

    /** Sends {@code text} as a followup and waits for the agent to go idle. */
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

    static List<String> types(Agent agent) {
        return agent.session().events().stream().map(SessionEvent::type).toList();
    }

    @Override
    public void close() {
        kernel.close();
    }
}
