package io.dsh4j.agent.subagent;

import static io.dsh4j.agent.subagent.SubagentHarness.runTurn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.testkit.ScriptedModel.Script;
import io.dsh4j.tool.JsonSchemaException;
import io.dsh4j.tool.ToolRestriction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The subagent runtime of spec kernel-and-agent §6 and its Appendix B scenarios 14–16. */
class SubagentRuntimeTest {

    static final ObjectNode ANSWER_SCHEMA = (ObjectNode) JsJson.parse("""
            {"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"],"additionalProperties":false}""");

    static ContentBlock.ToolCall call(String id, String name, String args) {
        return new ContentBlock.ToolCall(id, name, args);
    }

    static SubagentStartRequest request(Agent parent, String prompt, AbortController abort) {
        return SubagentStartRequest.of("task", prompt, parent, abort.signal()).withAgentOptions(AgentOptions.of("child", "c1"));
    }

    static SubagentResult await(SubagentRun run) throws Exception {
        return run.result().get(60, TimeUnit.SECONDS);
    }

    static List<String> types(List<SessionEvent> events) {
        return events.stream().map(SessionEvent::type).toList();
    }

    /** A provider that records whether it was started; for registry and capability checks. */
    static SubagentProvider fake(String name, SubagentCapabilities caps, List<String> started) {
        return new SubagentProvider() {
            @Override public String name() { return name; }
            @Override public SubagentCapabilities capabilities() { return caps; }
            @Override public boolean inheritsParentContext() { return false; }
            @Override public SubagentRun start(SubagentStartRequest request, ObjectNode descriptor) {
                started.add(descriptor.toString());
                throw new IllegalStateException("fake provider does not start children");
            }
        };
    }

    @Nested
    class Registry {

        @Test
        void providers_register_by_unique_name_in_order_and_announce_addition_and_removal() {
            try (SubagentHarness h = new SubagentHarness(null)) {
                List<String> heard = new CopyOnWriteArrayList<>();
                h.root.events().on(SubagentRuntime.PROVIDER_ADDED, p -> heard.add("added " + p.name()));
                h.root.events().on(SubagentRuntime.PROVIDER_REMOVED, n -> heard.add("removed " + n));
                EffectHandle handle = h.subagents().registerProvider(h.root, fake("remote", SubagentCapabilities.ALL, new ArrayList<>()));
                assertThat(h.subagents().list()).extracting(SubagentProvider::name).containsExactly("spawn", "fork", "remote");
                assertThatThrownBy(() -> h.subagents().registerProvider(h.root, fake("remote", SubagentCapabilities.ALL, new ArrayList<>())))
                        .isInstanceOf(SubagentException.class)
                        .satisfies(e -> assertThat(((SubagentException) e).code()).isEqualTo(SubagentException.DUPLICATE_PROVIDER));
                handle.dispose();
                handle.whenDisposed().join();
                assertThat(h.subagents().getProvider("remote")).isEmpty();
                assertThat(heard).containsExactly("added remote", "removed remote");
            }
        }

        @Test
        void an_unknown_provider_is_refused_with_no_provider() {
            try (SubagentHarness h = new SubagentHarness(null)) {
                Agent parent = h.agent("parent", "/w");
                assertThatThrownBy(() -> h.subagents().start("nope", request(parent, "x", new AbortController())))
                        .isInstanceOf(SubagentException.class).hasMessageContaining("\"nope\" is not registered")
                        .satisfies(e -> assertThat(((SubagentException) e).code()).isEqualTo(SubagentException.NO_PROVIDER));
            }
        }

        @Test
        void a_request_needing_a_missing_capability_is_refused_before_the_provider_starts() {
            try (SubagentHarness h = new SubagentHarness(null)) {
                List<String> started = new ArrayList<>();
                h.subagents().registerProvider(h.root, fake("bare", new SubagentCapabilities(false, false, false, false), started));
                Agent parent = h.agent("parent", "/w");
                AbortController a = new AbortController();
                for (SubagentStartRequest r : List.of(request(parent, "x", a).withOutputSchema(ANSWER_SCHEMA),
                        request(parent, "x", a).withMaxDepth(3L), request(parent, "x", a).withToolFilter(ToolRestriction.allow("read")),
                        request(parent, "x", a).withPersona("Be brief."))) {
                    assertThatThrownBy(() -> h.subagents().start("bare", r)).isInstanceOf(SubagentException.class)
                            .satisfies(e -> assertThat(((SubagentException) e).code()).isEqualTo(SubagentException.UNSUPPORTED_CAPABILITY));
                }
                assertThat(started).isEmpty();
            }
        }

        @Test
        void max_depth_and_output_schema_are_validated_before_the_provider_starts() {
            try (SubagentHarness h = new SubagentHarness(null)) {
                List<String> started = new ArrayList<>();
                h.subagents().registerProvider(h.root, fake("all", SubagentCapabilities.ALL, started));
                Agent parent = h.agent("parent", "/w");
                AbortController a = new AbortController();
                assertThatThrownBy(() -> h.subagents().start("all", request(parent, "x", a).withMaxDepth(-1L)))
                        .isInstanceOf(IllegalArgumentException.class).hasMessage("subagent maxDepth must be a non-negative safe integer");
                assertThatThrownBy(() -> h.subagents().start("all", request(parent, "x", a)
                        .withOutputSchema((ObjectNode) JsJson.parse("{\"type\":\"array\"}")))).isInstanceOf(JsonSchemaException.class);
                assertThatThrownBy(() -> h.subagents().start("all", request(parent, "x", a)
                        .withOutputSchema((ObjectNode) JsJson.parse("{\"type\":\"object\",\"patternProperties\":{}}"))))
                        .isInstanceOf(JsonSchemaException.class).hasMessageContaining("patternProperties");
                assertThat(started).isEmpty();
                assertThatThrownBy(() -> h.subagents().start("all", request(parent, "x", a).withMaxDepth(0L)))
                        .hasMessage("fake provider does not start children");
                assertThat(started).singleElement().asString().contains("\"mode\":\"one-shot\"", "\"provider\":\"all\"", "\"label\":\"task\"");
            }
        }
    }

    @Nested
    class AppendixB {

        @Test
        void scenario_14_spawn_with_an_output_schema_yields_structured_and_the_guard_denies_a_second_call() throws Exception {
            try (SubagentHarness h = new SubagentHarness(null)) {
                ScriptedModel child = ScriptedModel.of(Script.toolCalls(
                        call("c1", StructuredOutput.TOOL, "{\"answer\":\"42\"}"),
                        call("c2", StructuredOutput.TOOL, "{\"answer\":\"43\"}")));
                h.route("parent", ScriptedModel.of()).route("child", child);
                Agent parent = h.agent("parent", "/w");
                SubagentRun run = h.subagents().start("spawn", request(parent, "answer", new AbortController()).withOutputSchema(ANSWER_SCHEMA));
                SubagentResult result = await(run);
                Agent agent = run.localAgent().orElseThrow();
                List<SessionEvent> events = agent.session().events();
                run.dispose();
                assertThat(result.stopReason()).isEqualTo("completed");
                assertThat(result.structured()).isEqualTo(JsJson.parse("{\"answer\":\"42\"}"));
                List<EventPayload.ToolResult> results = events.stream().filter(e -> e.type().equals(EventTypes.TOOL_RESULT))
                        .map(e -> e.payload(EventPayload.ToolResult.class)).toList();
                assertThat(results).hasSize(2);
                assertThat(results.get(0).message().result().isError()).isFalse();
                assertThat(results.get(1).message().result().isError()).isTrue();
                assertThat(results.get(1).message().result().content().toString()).contains(StructuredOutput.ALREADY_RECORDED);
                assertThat(child.calls()).hasSize(1);
                assertThat(child.calls().get(0).system()).contains("Only that call counts as your final answer");
                assertThat(child.calls().get(0).tools()).extracting(t -> t.name()).contains(StructuredOutput.TOOL);
            }
        }

        @Test
        void scenario_14_a_child_that_never_calls_structured_output_ends_with_stop_reason_error() throws Exception {
            try (SubagentHarness h = new SubagentHarness(null)) {
                h.route("parent", ScriptedModel.of()).route("child", ScriptedModel.answering("{\"answer\":\"plain text\"}"));
                Agent parent = h.agent("parent", "/w");
                SubagentRun run = h.subagents().start("spawn", request(parent, "answer", new AbortController()).withOutputSchema(ANSWER_SCHEMA));
                SubagentResult result = await(run);
                run.dispose();
                assertThat(result.stopReason()).isEqualTo("error");
                assertThat(result.structured()).isNull();
                assertThat(result.text()).isEqualTo("{\"answer\":\"plain text\"}");
                assertThat(result.diagnostic()).contains("structured_output");
            }
        }

        @Test
        void scenario_14_aborting_before_publication_rejects_start_and_after_publication_yields_aborted() throws Exception {
            try (SubagentHarness h = new SubagentHarness(null)) {
                ScriptedModel.Gate gate = new ScriptedModel.Gate();
                h.route("parent", ScriptedModel.of())
                        .route("child", ScriptedModel.of(Script.builder().text("partial").pause(gate).text(" rest").build()));
                Agent parent = h.agent("parent", "/w");
                AbortController early = new AbortController();
                early.abort("stop");
                assertThatThrownBy(() -> h.subagents().start("spawn", request(parent, "x", early)))
                        .isInstanceOf(SubagentException.class).hasMessage(InProcessDriver.ABORTED_BEFORE_PUBLICATION);
                assertThat(h.agents().list()).containsExactly(parent);

                AbortController late = new AbortController();
                SubagentRun run = h.subagents().start("spawn", request(parent, "x", late));
                assertThat(gate.awaitReached(60)).isTrue();
                late.abort("stop");
                SubagentResult result = await(run);
                run.dispose();
                assertThat(result.stopReason()).isEqualTo("aborted");
                assertThat(h.agents().list()).containsExactly(parent);
            }
        }

        @Test
        void scenario_15_the_fork_seed_is_the_parent_log_through_the_last_turn_end_and_seeded_messages_are_not_the_result()
                throws Exception {
            try (SubagentHarness h = new SubagentHarness(null)) {
                h.route("parent", ScriptedModel.answering("The codeword is HERON."))
                        .route("child", ScriptedModel.of(Script.failure("OVERLOADED", "try later")));
                Agent parent = h.agent("parent", "/w");
                runTurn(parent, "Remember the codeword HERON.");
                List<SessionEvent> parentEvents = parent.session().events();
                SubagentRun run = h.subagents().start("fork", request(parent, "What is the codeword?", new AbortController()));
                SubagentResult result = await(run);
                Agent child = run.localAgent().orElseThrow();
                List<SessionEvent> childEvents = child.session().events();
                SessionHeader header = child.session().header();
                run.dispose();
                List<SessionEvent> expected = InProcessDriver.completedTurnPrefix(parentEvents);
                assertThat(expected.getLast().type()).isEqualTo(EventTypes.TURN_END);
                assertThat(expected).hasSize(parentEvents.size());
                for (int i = 0; i < expected.size(); i++) {
                    assertThat(childEvents.get(i).type()).isEqualTo(expected.get(i).type());
                    assertThat(childEvents.get(i).data()).isEqualTo(expected.get(i).data());
                }
                assertThat(childEvents.get(expected.size()).type()).isEqualTo(EventTypes.SESSION_END_SEED);
                assertThat(header.seedLength()).isEqualTo(expected.size() + 1L);
                assertThat(result.stopReason()).isEqualTo("error");
                assertThat(result.output()).isEmpty();
                assertThat(result.text()).doesNotContain("HERON");
            }
        }

        @Test
        void scenario_15_before_any_completed_turn_fork_behaves_like_spawn() {
            assertThat(InProcessDriver.completedTurnPrefix(List.of())).isEmpty();
        }

        @Test
        void scenario_16_parent_depth_two_with_max_depth_two_is_rejected() {
            try (SubagentHarness h = new SubagentHarness(null)) {
                h.route("parent", ScriptedModel.of());
                Agent parent = h.agents().create(AgentRegistry.CreateRequest.in("/w",
                        new AgentOptions("parent", "m1", null, null, 2L))).agent();
                assertThatThrownBy(() -> h.subagents().start("spawn", request(parent, "x", new AbortController()).withMaxDepth(2L)))
                        .isInstanceOf(SubagentDepthException.class).hasMessage("subagent depth 3 exceeds maxDepth 2");
                assertThatThrownBy(() -> h.subagents().start("spawn", request(parent, "x", new AbortController()).withMaxDepth(0L)))
                        .hasMessage("subagent depth 3 exceeds maxDepth 0");
                assertThat(h.agents().list()).containsExactly(parent);
            }
        }
    }

    @Nested
    class Lineage {

        @Test
        void the_child_header_records_parent_origin_and_depth_and_the_descriptor_precedes_the_first_step(@TempDir Path home)
                throws Exception {
            try (SubagentHarness h = new SubagentHarness(home)) {
                h.route("parent", ScriptedModel.answering("hello")).route("child", ScriptedModel.answering("CHILD_OK"));
                Agent parent = h.agent("parent", "/w");
                runTurn(parent, "hi");
                List<String> lifecycle = new CopyOnWriteArrayList<>();
                java.util.concurrent.CountDownLatch both = new java.util.concurrent.CountDownLatch(2);
                parent.ctx().events().on(SubagentRuntime.START, e -> {
                    lifecycle.add("start " + e.provider() + " " + e.local());
                    both.countDown();
                });
                parent.ctx().events().on(SubagentRuntime.END, e -> {
                    lifecycle.add("end " + e.stopReason() + " " + e.lastAssistantMessage());
                    both.countDown();
                });
                SubagentRun run = h.subagents().start("spawn", request(parent, "Reply CHILD_OK", new AbortController()));
                SubagentResult result = await(run);
                Agent child = run.localAgent().orElseThrow();
                SessionHeader header = child.session().header();
                List<SessionEvent> events = child.session().events();
                run.dispose();
                assertThat(result.text()).isEqualTo("CHILD_OK");
                assertThat(header.parentSession()).isEqualTo(parent.id());
                assertThat(header.origin()).isEqualTo("subagent");
                assertThat(header.delegationDepth()).isEqualTo(1L);
                assertThat(header.seedLength()).isNull();
                assertThat(child.options().subagentDepth()).isEqualTo(1L);
                List<String> types = types(events);
                int descriptor = types.indexOf(EventTypes.SUBAGENT_DESCRIPTOR);
                assertThat(types.subList(0, descriptor)).containsExactly(EventTypes.AGENT_INBOX_SPLICED, EventTypes.TURN_START,
                        EventTypes.AGENT_INBOX_SPLICED);
                assertThat(types.get(descriptor + 1)).isEqualTo(EventTypes.STEP_START);
                assertThat(types.stream().filter(EventTypes.SUBAGENT_DESCRIPTOR::equals)).hasSize(1);
                assertThat(events.get(descriptor).data()).isEqualTo(JsJson.parse(
                        "{\"version\":2,\"mode\":\"one-shot\",\"provider\":\"spawn\",\"label\":\"task\"}"));
                assertThat(both.await(60, TimeUnit.SECONDS)).isTrue();
                assertThat(lifecycle).containsExactly("start spawn true", "end completed CHILD_OK");
                assertThat(h.agents().get(child.id())).isEmpty();
                parent.session().checkpoint();
                Path parentLog = SessionLayout.projectDir(home, "/w");
                assertThat(Files.exists(parentLog.resolve(SessionLayout.encodeSegment(child.id())))).isTrue();
                assertThat(Files.exists(parentLog.resolve(SessionLayout.encodeSegment(parent.id())))).isTrue();
            }
        }

        @Test
        void disposing_the_parent_agent_releases_a_run_its_holder_still_keeps() throws Exception {
            try (SubagentHarness h = new SubagentHarness(null)) {
                ScriptedModel.Gate gate = new ScriptedModel.Gate();
                h.route("parent", ScriptedModel.of()).route("child", ScriptedModel.of(Script.builder().pause(gate).text("late").build()));
                io.dsh4j.agent.AgentHandle handle = h.agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of("parent", "m1")));
                Agent parent = handle.agent();
                SubagentRun run = h.subagents().start("spawn", request(parent, "x", new AbortController()));
                assertThat(gate.awaitReached(60)).isTrue();
                handle.dispose();
                SubagentResult result = await(run);
                assertThat(result.stopReason()).isEqualTo("aborted");
                Agent child = run.localAgent().orElseThrow();
                child.whenIdle().get(60, TimeUnit.SECONDS);
                run.dispose();
                assertThat(h.agents().list()).isEmpty();
            }
        }

        @Test
        void every_concurrent_dispose_returns_only_once_the_child_is_released() throws Exception {
            for (int round = 0; round < 20; round++) {
                try (SubagentHarness h = new SubagentHarness(null)) {
                    ScriptedModel.Gate gate = new ScriptedModel.Gate();
                    h.route("parent", ScriptedModel.of()).route("child", ScriptedModel.of(Script.builder().pause(gate).text("late").build()));
                    Agent parent = h.agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of("parent", "m1"))).agent();
                    SubagentRun run = h.subagents().start("spawn", request(parent, "x", new AbortController()));
                    assertThat(gate.awaitReached(60)).isTrue();
                    java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
                    java.util.concurrent.CompletableFuture<List<Agent>> seen = new java.util.concurrent.CompletableFuture<>();
                    Thread other = Thread.ofPlatform().start(() -> {
                        try {
                            go.await();
                            run.dispose();
                            seen.complete(h.agents().list());
                        } catch (Exception e) {
                            seen.completeExceptionally(e);
                        }
                    });
                    go.countDown();
                    run.dispose();
                    assertThat(h.agents().list()).as("after this thread's dispose").containsExactly(parent);
                    assertThat(seen.get(60, TimeUnit.SECONDS)).as("after the other thread's dispose").containsExactly(parent);
                    other.join();
                }
            }
        }

        @Test
        void a_child_of_a_child_is_one_deeper_and_the_tool_filter_restricts_the_child() throws Exception {
            try (SubagentHarness h = new SubagentHarness(null)) {
                ScriptedModel child = ScriptedModel.answering("one", "two");
                h.route("parent", ScriptedModel.of()).route("child", child);
                Agent parent = h.agent("parent", "/w");
                SubagentRun first = h.subagents().start("spawn", request(parent, "x", new AbortController())
                        .withToolFilter(ToolRestriction.deny("subagent", "subagent_fork")).withPersona("You are terse."));
                await(first);
                Agent c1 = first.localAgent().orElseThrow();
                SubagentRun second = h.subagents().start("spawn", request(c1, "y", new AbortController()));
                await(second);
                assertThat(second.localAgent().orElseThrow().session().header().delegationDepth()).isEqualTo(2L);
                second.dispose();
                first.dispose();
                assertThat(child.calls().get(0).tools()).extracting(t -> t.name()).doesNotContain("subagent", "subagent_fork");
                assertThat(child.calls().get(0).system()).contains("You are terse.");
                assertThat(child.calls().get(1).tools()).extracting(t -> t.name()).contains("subagent");
            }
        }
    }

}
