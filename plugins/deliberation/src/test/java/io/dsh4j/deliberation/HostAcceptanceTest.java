package io.dsh4j.deliberation;

import static io.dsh4j.deliberation.DeliberationEndToEndTest.ARGS;
import static io.dsh4j.deliberation.DeliberationEndToEndTest.REVIEW;
import static io.dsh4j.deliberation.DeliberationEndToEndTest.call;
import static io.dsh4j.deliberation.DeliberationEndToEndTest.deliberateResult;
import static io.dsh4j.deliberation.DeliberationEndToEndTest.packet;
import static io.dsh4j.deliberation.DeliberationEndToEndTest.text;
import static io.dsh4j.deliberation.HostHarness.awaitIdle;
import static io.dsh4j.deliberation.HostHarness.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.subagent.InProcessDriver;
import io.dsh4j.agent.subagent.InProcessProviders;
import io.dsh4j.agent.subagent.SubagentCapabilities;
import io.dsh4j.agent.subagent.SubagentProvider;
import io.dsh4j.agent.subagent.SubagentRun;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.agent.subagent.SubagentStartRequest;
import io.dsh4j.deliberation.core.ConfigException;
import io.dsh4j.deliberation.core.DeliberateTool;
import io.dsh4j.deliberation.core.ReviewPackets;
import io.dsh4j.deliberation.core.Role;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.ImageAttachment;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.AssembleContext;
import io.dsh4j.prompt.PromptAssembly;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.testkit.ScriptedModel.Script;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionMode;
import io.dsh4j.tool.ToolRestriction;
import io.dsh4j.tool.ToolRuntime;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The items of spec deliberation §13 whose proof needs the host (the core's are in {@code io.dsh4j.deliberation.core}). */
class HostAcceptanceTest {

    static ObjectNode withFresh(ObjectNode config, String fresh) {
        return config.put("freshProvider", fresh);
    }

    static ToolRuntime tools(HostHarness h) {
        return h.root.get(ToolRuntime.KEY).orElseThrow();
    }

    /** A provider that records requests and refuses to start. */
    static SubagentProvider recording(String name, boolean inherits, List<SubagentStartRequest> seen) {
        return new SubagentProvider() {
            @Override public String name() { return name; }
            @Override public SubagentCapabilities capabilities() { return SubagentCapabilities.ALL; }
            @Override public boolean inheritsParentContext() { return inherits; }
            @Override public SubagentRun start(SubagentStartRequest request, ObjectNode descriptor) {
                seen.add(request);
                throw new IllegalStateException("secret provider payload");
            }
        };
    }

    @Nested
    class ToolSurface {

        @Test
        void item_1_the_tool_exists_iff_fresh_fork_and_the_whole_family_are_registered() {
            try (HostHarness h = new HostHarness(null, withFresh(HostHarness.config(600_000, false, "updates-only"), "fresh-x"))) {
                assertThat(tools(h).get("deliberate", null)).isEmpty();
                SubagentRuntime subagents = h.root.get(SubagentRuntime.KEY).orElseThrow();
                EffectHandle unrelated = subagents.registerProvider(h.root, recording("unrelated", false, new CopyOnWriteArrayList<>()));
                assertThat(tools(h).get("deliberate", null)).isEmpty();
                EffectHandle fresh = subagents.registerProvider(h.root, InProcessProviders.provider("fresh-x", false,
                        new InProcessDriver(h.agents()), p -> List.of()));
                assertThat(tools(h).get("deliberate", null)).isPresent();
                unrelated.dispose();
                unrelated.whenDisposed().join();
                assertThat(tools(h).get("deliberate", null)).isPresent();
                fresh.dispose();
                fresh.whenDisposed().join();
                assertThat(tools(h).get("deliberate", null)).isEmpty();
                subagents.registerProvider(h.root, InProcessProviders.provider("fresh-x", false, new InProcessDriver(h.agents()), p -> List.of()));
                assertThat(tools(h).get("deliberate", null)).isPresent();
            }
        }

        @Test
        void item_2_a_fresh_provider_that_inherits_context_fails_mounting_with_the_documented_message() {
            try (HostHarness h = new HostHarness(null, withFresh(HostHarness.config(600_000, false, "updates-only"), "fresh-x"))) {
                SubagentRuntime subagents = h.root.get(SubagentRuntime.KEY).orElseThrow();
                assertThatThrownBy(() -> subagents.registerProvider(h.root, recording("fresh-x", true, new CopyOnWriteArrayList<>())))
                        .isInstanceOf(ConfigException.class).hasMessageContaining("tool-deliberation: fresh provider \"fresh-x\"");
                assertThat(subagents.getProvider("fresh-x")).isEmpty();
                assertThat(tools(h).get("deliberate", null)).isEmpty();
            }
        }

        @Test
        void items_5_to_8_a_malformed_or_hostile_call_fails_with_its_message_and_starts_no_child() {
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
                h.route("parent", ScriptedModel.of());
                Agent parent = h.parent();
                AtomicInteger created = new AtomicInteger();
                h.root.events().on(AgentEvents.CREATED, p -> created.incrementAndGet());
                ObjectNode blankGoal = (ObjectNode) JsJson.parse(ARGS);
                blankGoal.put("goal", " \u00a0 ");
                ObjectNode duplicate = (ObjectNode) JsJson.parse(ARGS);
                ((ObjectNode) duplicate.get("branches").get(1)).put("label", "alt");
                ObjectNode huge = (ObjectNode) JsJson.parse(ARGS);
                huge.put("goal", "g".repeat(2_000_000));
                ((ObjectNode) huge.get("branches").get(0)).put("label", " ");
                List<Object[]> cases = List.of(
                        new Object[] {blankGoal, parent, "goal must be non-empty"},
                        new Object[] {duplicate, parent, "requires unique branch labels; duplicate \"alt\""},
                        new Object[] {huge, parent, "must be non-empty"},
                        new Object[] {JsJson.parse(ARGS), null, "deliberate requires a calling Agent"});
                for (Object[] c : cases) {
                    var r = tools(h).execute(new ToolExecutionInput("c", null, "deliberate", (JsonNode) c[0], (Agent) c[1], Signal.never()));
                    assertThat(r.isError()).isTrue();
                    assertThat(r.content().toString()).contains((String) c[2]);
                }
                var schemaRefusal = tools(h).execute(new ToolExecutionInput("c", null, "deliberate", JsJson.parse("{\"goal\":[1]}"), parent,
                        Signal.never()));
                assertThat(schemaRefusal.isError()).isTrue();
                assertThat(created.get()).isZero();
            }
        }

        @Test
        void item_9_the_tool_runs_in_parallel_execution_mode() {
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
                assertThat(tools(h).executionMode(new ToolExecutionInput("c", null, "deliberate", JsJson.parse(ARGS), null, Signal.never())))
                        .isEqualTo(ToolExecutionMode.PARALLEL);
            }
        }

        @Test
        void item_12_each_child_request_carries_label_prompt_parent_signal_schema_depth_filter_and_route_options() throws Exception {
            List<SubagentStartRequest> seen = new CopyOnWriteArrayList<>();
            try (HostHarness h = new HostHarness(null, withFresh(HostHarness.config(600_000, false, "updates-only"), "fresh-x"))) {
                h.root.get(SubagentRuntime.KEY).orElseThrow().registerProvider(h.root, recording("fresh-x", false, seen));
                h.route("parent", DeliberationEndToEndTest.parentModel()).route("fork-model", ScriptedModel.of(packet(DeliberationEndToEndTest.AUDIT, null)))
                        .route("review-model", ScriptedModel.of(packet(REVIEW, null)));
                Agent parent = h.parent();
                parent.followup(user("Fix it."));
                awaitIdle(parent);
                SubagentStartRequest r = seen.getFirst();
                assertThat(r.label()).isEqualTo("deliberation: alt");
                assertThat(r.prompt()).singleElement().isInstanceOf(ContentBlock.Text.class);
                assertThat(r.parent()).isSameAs(parent);
                assertThat(r.outputSchema()).isEqualTo(ReviewPackets.outputSchema(Role.INDEPENDENT_ALTERNATIVE));
                assertThat(r.maxDepth()).isEqualTo(1L);
                assertThat(r.toolFilter()).isEqualTo(new ToolRestriction(java.util.Set.of(), java.util.Set.of("deliberate")));
                assertThat(r.agentOptions().provider()).isEqualTo("fresh-model");
                assertThat(r.agentOptions().model()).isEqualTo("f1");
                JsonNode branches = JsJson.parse(text(deliberateResult(parent))).get("branches");
                // item 16: the provider's exception text never reaches the outcome
                assertThat(branches.get(0).get("stopReason").asText()).isEqualTo("startup-error");
                assertThat(text(deliberateResult(parent))).doesNotContain("secret");
                assertThat(h.warnings).anyMatch(w -> w.contains("failed before publication")).noneMatch(w -> w.contains("secret"));
            }
        }

        @Test
        void item_25_the_policy_section_at_116_75_renders_only_where_the_tool_is_visible() {
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
                h.route("parent", ScriptedModel.of());
                SystemPrompt prompt = h.root.get(SystemPrompt.KEY).orElseThrow();
                Agent parent = h.parent();
                PromptAssembly visible = prompt.assemble(AssembleContext.forAgent(parent, null));
                assertThat(visible.sections()).anySatisfy(p -> {
                    assertThat(p.name()).isEqualTo("tool:deliberate:policy");
                    assertThat(p.text()).contains("deliberate");
                });
                Agent restricted = h.agents().create(io.dsh4j.agent.AgentRegistry.CreateRequest.in("/w",
                        io.dsh4j.agent.AgentOptions.of("parent", "p1")).withSetup(c -> c.require(ToolRuntime.KEY)
                        .restrict(ToolRestriction.deny("deliberate")))).agent();
                PromptAssembly hidden = prompt.assemble(AssembleContext.forAgent(restricted, null));
                assertThat(hidden.sections()).noneSatisfy(p -> assertThat(p.text()).contains("deliberate"));
                assertThat(DeliberateTool.POLICY_ORDER).isEqualTo(116.75);
            }
        }
    }

    @Nested
    class MidForkAndImages {

        @Test
        void item_28_the_mid_fork_providers_inherit_context_and_declare_all_four_capabilities() {
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
                SubagentRuntime subagents = h.root.get(SubagentRuntime.KEY).orElseThrow();
                for (int k = 1; k <= 8; k++) {
                    SubagentProvider p = subagents.getProvider("mid-fork-step-" + k).orElseThrow();
                    assertThat(p.inheritsParentContext()).isTrue();
                    assertThat(p.capabilities()).isEqualTo(SubagentCapabilities.ALL);
                }
                assertThat(subagents.getProvider("mid-fork-step-9")).isEmpty();
                assertThat(subagents.getProvider("mid-fork-current-turn")).isPresent();
            }
        }

        @Test
        void item_39_an_image_in_the_masked_snapshot_is_refused_before_any_child_exists() {
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
                String args = "{\"goal\":\"g\",\"incumbent\":\"i\",\"context\":{\"observations\":[],\"constraints\":[],\"unknowns\":[]},"
                        + "\"branches\":[{\"label\":\"review\",\"role\":\"masked-review\",\"route\":\"review\",\"capability\":\"reason-only\","
                        + "\"focus\":\"f\",\"recentSteps\":1}]}";
                h.route("parent", ScriptedModel.of(Script.toolCalls(call("n1", "note", "{\"text\":\"look\"}")),
                        Script.toolCalls(call("d1", "deliberate", args)), Script.text("done")));
                AtomicInteger created = new AtomicInteger();
                h.root.events().on(AgentEvents.CREATED, p -> created.incrementAndGet());
                Agent parent = h.parent();
                parent.followup(new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text("see"),
                        new ContentBlock.Image(new ImageAttachment("att-1", "image/png", 42, 1, 1, null, null))), MessageSource.user()));
                awaitIdle(parent);
                JsonNode branch = JsJson.parse(text(deliberateResult(parent))).get("branches").get(0);
                assertThat(branch.get("stopReason").asText()).isEqualTo("unsupported-content");
                assertThat(branch.get("diagnostic").asText()).isNotBlank();
                assertThat(created.get()).isEqualTo(1);
            }
        }
    }

    @Nested
    class AutomaticReview {

        static ScriptedModel parent() {
            return ScriptedModel.of(Script.toolCalls(call("n1", "note", "{\"text\":\"cache is cold\"}")), Script.text("done"),
                    Script.text("revised after the review"));
        }

        static List<SessionEvent> notices(Agent parent) {
            return parent.session().events().stream().filter(e -> e.type().equals(EventTypes.USER_MESSAGE)
                    && "tool-deliberation".equals(e.data().path("source").path("plugin").asText(null))).toList();
        }

        @Test
        void the_automatic_review_steers_once_and_the_turn_then_closes() {
            ScriptedModel review = ScriptedModel.of(packet(REVIEW, null));
            ScriptedModel primary = parent();
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, true, "updates-only"))) {
                h.route("parent", primary).route("review-model", review);
                Agent parent = h.parent();
                parent.followup(user("Fix the cache."));
                awaitIdle(parent);
                // one review child (the child's own stopping turn is never reviewed: item 42)
                assertThat(review.calls()).hasSize(1);
                assertThat(review.calls().get(0).messages().toString()).contains("cache is cold");
                List<SessionEvent> notices = notices(parent);
                assertThat(notices).singleElement().satisfies(n -> {
                    EventPayload.UserMessage m = n.payload(EventPayload.UserMessage.class);
                    assertThat(m.message().content()).singleElement().satisfies(b ->
                            assertThat(JsJson.parse(((ContentBlock.Text) b).text())).isEqualTo(JsJson.parse(REVIEW)));
                    assertThat(n.data().path("source").path("form").asText()).isEqualTo("notice");
                    assertThat(n.data().path("source").path("summary").asText()).isEqualTo("masked review checkpoint \u00b7 update \u00b7 1 items");
                });
                assertThat(primary.calls()).hasSize(3);
                assertThat(primary.calls().get(2).messages().toString()).contains("the note text was never checked");
                List<SessionEvent> ends = parent.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_END)).toList();
                assertThat(ends).singleElement().satisfies(e -> assertThat(e.data().path("reason").path("kind").asText()).isEqualTo("completed"));
                assertThat(h.agents().list()).containsExactly(parent);
            }
        }

        @Test
        void a_no_update_packet_under_updates_only_is_not_published_and_the_turn_closes_at_once() {
            ScriptedModel review = ScriptedModel.of(packet("{\"role\":\"masked-review\",\"status\":\"no_update\"}", null));
            ScriptedModel primary = parent();
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, true, "updates-only"))) {
                h.route("parent", primary).route("review-model", review);
                Agent parent = h.parent();
                parent.followup(user("Fix the cache."));
                awaitIdle(parent);
                assertThat(review.calls()).hasSize(1);
                assertThat(notices(parent)).isEmpty();
                assertThat(primary.calls()).hasSize(2);
            }
        }

        @Test
        void item_49_a_failing_review_never_fails_the_primary_turn_and_logs_only_sanitised_warnings() {
            ScriptedModel review = ScriptedModel.of(Script.failure("OVERLOADED", "private provider payload"));
            ScriptedModel primary = parent();
            try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, true, "updates-only"))) {
                h.route("parent", primary).route("review-model", review);
                Agent parent = h.parent();
                parent.followup(user("Fix the cache."));
                awaitIdle(parent);
                assertThat(notices(parent)).isEmpty();
                assertThat(primary.calls()).hasSize(2);
                assertThat(h.warnings).contains("tool-deliberation: automatic review returned no valid structured packet")
                        .noneMatch(w -> w.contains("private"));
                List<SessionEvent> ends = parent.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_END)).toList();
                assertThat(ends).singleElement().satisfies(e -> assertThat(e.data().path("reason").path("kind").asText()).isEqualTo("completed"));
            }
        }

        @Test
        void item_41_an_incompatible_provider_is_warned_once_and_no_review_starts() {
            ObjectNode config = HostHarness.config(600_000, true, "updates-only");
            ((ObjectNode) config.get("autoReview")).put("provider", "odd");
            ScriptedModel primary = parent();
            try (HostHarness h = new HostHarness(null, config)) {
                List<SubagentStartRequest> seen = new CopyOnWriteArrayList<>();
                h.root.get(SubagentRuntime.KEY).orElseThrow().registerProvider(h.root, recording("odd", false, seen));
                h.route("parent", primary);
                Agent parent = h.parent();
                parent.followup(user("Fix the cache."));
                awaitIdle(parent);
                assertThat(seen).isEmpty();
                assertThat(h.warnings).filteredOn(w -> w.contains("does not inherit parent context")).hasSize(1);
                assertThat(primary.calls()).hasSize(2);
            }
        }

        @Test
        void item_46_the_automatic_request_carries_its_label_prompt_schema_depth_filter_and_options() {
            ObjectNode config = HostHarness.config(600_000, true, "updates-only");
            ((ObjectNode) config.get("autoReview")).put("provider", "odd");
            try (HostHarness h = new HostHarness(null, config)) {
                List<SubagentStartRequest> seen = new CopyOnWriteArrayList<>();
                h.root.get(SubagentRuntime.KEY).orElseThrow().registerProvider(h.root, recording("odd", true, seen));
                h.route("parent", parent());
                Agent parent = h.parent();
                parent.followup(user("Fix the cache."));
                awaitIdle(parent);
                // a generic start failure latches the turn: one attempt only, however often the turn stops
                assertThat(seen).singleElement().satisfies(r -> {
                    assertThat(r.label()).isEqualTo("masked review: turn 1");
                    assertThat(r.prompt()).singleElement().isInstanceOf(ContentBlock.Text.class);
                    assertThat(r.outputSchema()).isEqualTo(ReviewPackets.outputSchema(Role.MASKED_REVIEW));
                    assertThat(r.maxDepth()).isEqualTo(1L);
                    assertThat(r.toolFilter().deny()).contains("deliberate");
                    assertThat(r.agentOptions().provider()).isEqualTo("review-model");
                });
                assertThat(h.warnings).contains("tool-deliberation: automatic review failed before publication").noneMatch(w -> w.contains("secret"));
            }
        }
    }
}
