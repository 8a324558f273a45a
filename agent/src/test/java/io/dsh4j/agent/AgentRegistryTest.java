package io.dsh4j.agent;

import static io.dsh4j.agent.LoopHarness.runTurn;
import static io.dsh4j.agent.ScriptedAdapter.call;
import static io.dsh4j.agent.ScriptedAdapter.text;
import static io.dsh4j.agent.ScriptedAdapter.toolCalls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.config.ConfigValidationException;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec kernel-and-agent §5.4: roots, ownership, the initiator scope, the loop's configured agents. */
class AgentRegistryTest {

    final LoopHarness h = new LoopHarness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void an_agent_created_through_another_agents_ctx_is_owned_by_it_and_is_not_a_root() {
        Agent parent = h.agent();
        AgentHandle child = h.agents().create(parent.ctx(), AgentRegistry.CreateRequest.in("/w", AgentOptions.of(LoopHarness.ROUTE, "m1")));
        Agent other = h.agent();
        assertThat(h.agents().roots()).containsExactlyInAnyOrder(parent, other);
        assertThat(h.agents().list()).hasSize(3);
        assertThat(h.agents().isOwnedBy(child.agent().id(), parent)).isTrue();
        assertThat(h.agents().isOwnedBy(child.agent().id(), other)).isFalse();
        assertThat(h.agents().isOwnedBy(parent.id(), parent)).isFalse();
        assertThat(h.agents().isOwnedBy("no-such-agent", parent)).isFalse();
        assertThat(h.agents().isOwnedBy(child.agent().id(), null)).isFalse();
    }

    @Test
    void create_publishes_session_created_then_agent_created_then_session_start_in_that_order() {
        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        h.root.events().on(AgentEvents.SESSION_CREATED, s -> heard.add("session/created " + s.id()));
        h.root.events().on(AgentEvents.CREATED, p -> heard.add("agent/created " + p.agent().id()));
        h.root.events().on(AgentEvents.SESSION_START, p -> heard.add("agent/session-start " + p.agent().id()));
        Agent agent = h.agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of(LoopHarness.ROUTE, "m1"))).agent();
        String id = agent.id();
        assertThat(heard).containsExactly("session/created " + id, "agent/created " + id, "agent/session-start " + id);
    }

    @Test
    void an_explicit_owner_wins_and_a_plain_create_is_a_root() {
        Agent owner = h.agent();
        Agent owned = h.agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of(LoopHarness.ROUTE, "m1"))
                .withOwner(owner)).agent();
        assertThat(h.agents().isOwnedBy(owned.id(), owner)).isTrue();
        assertThat(h.agents().roots()).containsExactly(owner);
    }

    @Test
    void disposing_the_owner_disposes_the_agents_it_created() {
        AgentHandle parent = h.agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of(LoopHarness.ROUTE, "m1")));
        Agent child = h.agents().create(parent.agent().ctx(), AgentRegistry.CreateRequest.in("/w",
                AgentOptions.of(LoopHarness.ROUTE, "m1"))).agent();
        assertThat(h.agents().get(child.id())).isPresent();
        parent.dispose();
        assertThat(h.agents().get(child.id())).isEmpty();
        assertThat(h.agents().list()).isEmpty();
    }

    @Test
    void the_driver_runs_inside_withInitiator_so_tool_bodies_see_their_agent() {
        List<Optional<Agent>> seen = Collections.synchronizedList(new ArrayList<>());
        h.register(ToolDefinition.builder("who").description("who initiates")
                .parameters(JsJson.parse("{\"type\":\"object\"}"))
                .output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"), (a, v) -> List.of(new ContentBlock.Text(v.textValue()))))
                .body((args, exec) -> {
                    seen.add(h.agents().currentInitiator());
                    return JsJson.nodes().textNode(h.agents().requireInitiator().id());
                }).parallelSafe().build());
        h.model.then(toolCalls(call("c1", "who", "{}"), call("c2", "who", "{}"))).then(text("done"));
        Agent a = h.agent();
        runTurn(a, "who are you");
        assertThat(seen).hasSize(2).allSatisfy(o -> assertThat(o).contains(a));
        assertThat(h.agents().currentInitiator()).isEmpty();
    }

    @Test
    void withInitiator_nests_and_restores_and_withoutInitiator_clears() {
        Agent a = h.agent();
        Agent b = h.agent();
        AgentRegistry agents = h.agents();
        assertThatThrownBy(agents::requireInitiator).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no agent initiates this work");
        String trace = agents.withInitiator(a, () -> {
            StringBuilder t = new StringBuilder(agents.requireInitiator() == a ? "a" : "?");
            t.append(agents.withInitiator(b, () -> agents.requireInitiator() == b ? "b" : "?"));
            t.append(agents.withoutInitiator(() -> agents.currentInitiator().isEmpty() ? "-" : "?"));
            t.append(agents.requireInitiator() == a ? "a" : "?");
            AtomicReference<Optional<Agent>> inherited = new AtomicReference<>();
            Thread child = Thread.ofVirtual().start(() -> inherited.set(agents.currentInitiator()));
            try {
                child.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            t.append(inherited.get().orElse(null) == a ? "a" : "?");
            return t.toString();
        });
        assertThat(trace).isEqualTo("ab-aa");
        assertThat(agents.currentInitiator()).isEmpty();
        assertThatThrownBy(() -> agents.withInitiator(a, () -> {
            throw new IllegalArgumentException("boom");
        })).hasMessage("boom");
        assertThat(agents.currentInitiator()).isEmpty();
    }

    private io.dsh4j.kernel.Fiber loop;

    private Kernel loopWith(Object loopConfig) {
        Kernel kernel = Kernel.create();
        kernel.root().plugin(SessionsPlugin.PLUGIN, Map.of("persist", false)).await();
        kernel.root().plugin(SystemPromptService.PLUGIN).await();
        kernel.root().plugin(ModelRoutesPlugin.REGISTRY).await();
        kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
        loop = kernel.root().plugin(AgentLoopPlugin.PLUGIN, loopConfig).await();
        kernel.awaitIdle();
        return kernel;
    }

    @Test
    void agents_in_the_loops_config_are_created_at_startup_as_roots_and_disposed_with_the_loop() {
        try (Kernel kernel = loopWith(Map.of("agents", List.of(
                Map.of("id", "planner", "provider", "p", "model", "m", "maxTokens", 100, "cwd", "/proj"),
                Map.of("id", "coder", "sessionId", "coder"))))) {
            AgentRegistry agents = kernel.root().get(AgentRegistry.KEY).orElseThrow();
            assertThat(agents.roots()).extracting(Agent::id).containsExactlyInAnyOrder("planner", "coder");
            Agent planner = agents.get("planner").orElseThrow();
            assertThat(planner.options()).isEqualTo(new AgentOptions("p", "m", 100L, null, null));
            assertThat(planner.session().header().cwd()).isEqualTo("/proj");
            assertThat(planner.status()).isEqualTo(AgentStatus.IDLE);
            assertThat(agents.get("coder").orElseThrow().session().header().cwd()).isEqualTo(System.getProperty("user.dir"));
            loop.dispose().join();
            assertThat(agents.list()).isEmpty();
        }
    }

    @Test
    void configured_agents_fail_loud_on_bad_rows() {
        assertThatThrownBy(() -> AgentLoopPlugin.Config.SCHEMA.resolve(JsJson.parse("{\"agents\":[{\"model\":\"m\"}]}")))
                .isInstanceOf(ConfigValidationException.class).hasMessageContaining("id");
        assertThatThrownBy(() -> AgentLoopPlugin.Config.SCHEMA.resolve(JsJson.parse("{\"agents\":[{\"id\":\"../x\"}]}")))
                .isInstanceOf(ConfigValidationException.class);
        assertThatThrownBy(() -> new AgentLoopPlugin.ConfiguredAgent("a", "b", null, null, null, null, null).session())
                .hasMessageContaining("must equal sessionId \"b\"");
        assertThatThrownBy(() -> new AgentLoopPlugin.ConfiguredAgent("a", "a", "a", null, null, null, null).session())
                .hasMessageContaining("not both");
    }
}
