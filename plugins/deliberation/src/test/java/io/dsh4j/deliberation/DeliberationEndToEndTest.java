package io.dsh4j.deliberation;

import static io.dsh4j.deliberation.HostHarness.awaitIdle;
import static io.dsh4j.deliberation.HostHarness.user;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.kernel.AbortController;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.ScriptedModel;
import io.dsh4j.testkit.ScriptedModel.Gate;
import io.dsh4j.testkit.ScriptedModel.Script;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolRuntime;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The {@code deliberate} tool end to end on the agent runtime with scripted models (issue 13
 * acceptance): three branches — fresh, fork, masked review — in parallel, packets in input order,
 * isolation of a malformed or late branch, cancellation disposing every branch, no leaked thread.
 */
class DeliberationEndToEndTest {

    static final String ARGS = """
            {"goal":"Pick the fix","incumbent":"Plan A: raise the cache size",
             "context":{"observations":["the note was taken"],"constraints":[],"unknowns":[]},
             "branches":[
              {"label":"alt","role":"independent-alternative","route":"fresh","capability":"reason-only","focus":"another fix"},
              {"label":"audit","role":"trajectory-audit","route":"fork","capability":"reason-only","focus":"falsify plan A"},
              {"label":"review","role":"masked-review","route":"review","capability":"reason-only","focus":"recheck the note","recentSteps":1}]}""";

    static final String ALT = "{\"role\":\"independent-alternative\",\"status\":\"update\",\"items\":[{\"kind\":\"suggestion\","
            + "\"certainty\":\"likely\",\"content\":\"Plan B: shard the cache\"}]}";
    static final String AUDIT = "{\"role\":\"trajectory-audit\",\"status\":\"no_update\"}";
    static final String REVIEW = "{\"role\":\"masked-review\",\"status\":\"update\",\"items\":[{\"kind\":\"possible_error\","
            + "\"certainty\":\"uncertain\",\"content\":\"the note text was never checked\"}]}";

    static ContentBlock.ToolCall call(String id, String name, String args) {
        return new ContentBlock.ToolCall(id, name, args);
    }

    static Script packet(String json, Gate gate) {
        ScriptedModel.Builder b = Script.builder();
        if (gate != null) b.pause(gate);
        return b.toolCall(call("so", "structured_output", json)).finish(new io.dsh4j.message.FinishReason.ToolCalls()).build();
    }

    /** The parent: a completed note Step, then the deliberate call, then a closing text. */
    static ScriptedModel parentModel() {
        return ScriptedModel.of(Script.toolCalls(call("n1", "note", "{\"text\":\"cache is cold\"}")),
                Script.toolCalls(call("d1", "deliberate", ARGS)), Script.text("done"));
    }

    static EventPayload.ToolResult deliberateResult(Agent parent) {
        return parent.session().events().stream().filter(e -> e.type().equals(EventTypes.TOOL_RESULT))
                .map(e -> e.payload(EventPayload.ToolResult.class)).filter(r -> r.message().source().callId().equals("d1"))
                .findFirst().orElseThrow();
    }

    static String text(EventPayload.ToolResult r) {
        StringBuilder sb = new StringBuilder();
        for (ContentBlock b : r.message().result().content()) if (b instanceof ContentBlock.Text t) sb.append(t.text());
        return sb.toString();
    }

    static String messagesText(io.dsh4j.llm.ModelCall c) {
        return c.messages().toString();
    }

    @Test
    void three_branches_run_in_parallel_and_their_packets_come_back_in_input_order() throws Exception {
        Gate g1 = new Gate();
        Gate g2 = new Gate();
        Gate g3 = new Gate();
        ScriptedModel fresh = ScriptedModel.of(packet(ALT, g1));
        ScriptedModel fork = ScriptedModel.of(packet(AUDIT, g2));
        ScriptedModel review = ScriptedModel.of(packet(REVIEW, g3));
        try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
            h.route("parent", parentModel()).route("fresh-model", fresh).route("fork-model", fork).route("review-model", review);
            Agent parent = h.parent();
            parent.followup(user("Fix the slow cache."));
            // every child reaches its model before any is allowed to answer: they run at once
            assertThat(g1.awaitReached(120) && g2.awaitReached(120) && g3.awaitReached(120)).isTrue();
            g3.release();
            g2.release();
            g1.release();
            awaitIdle(parent);
            EventPayload.ToolResult result = deliberateResult(parent);
            assertThat(result.message().result().isError()).isFalse();
            JsonNode rendered = JsJson.parse(text(result));
            assertThat(rendered.get("branches")).hasSize(3);
            assertThat(rendered.get("branches").findValuesAsText("label")).containsExactly("alt", "audit", "review");
            assertThat(rendered.get("branches").findValuesAsText("stopReason")).containsExactly("completed", "completed", "completed");
            assertThat(rendered.get("branches").get(0).get("packet")).isEqualTo(JsJson.parse(ALT));
            assertThat(rendered.get("branches").get(1).get("packet")).isEqualTo(JsJson.parse(AUDIT));
            assertThat(rendered.get("branches").get(2).get("packet")).isEqualTo(JsJson.parse(REVIEW));
            assertThat(rendered.get("branches").get(2).get("historyWindow")).isEqualTo(
                    JsJson.parse("{\"kind\":\"recent-steps\",\"requestedSteps\":1,\"projectedSteps\":1}"));
            assertThat(text(result)).doesNotContain("runId", "cleanup", "\"route\"");
            // what each child saw: the fresh one nothing of the parent, the fork the completed prefix only (no turn
            // completed yet: empty), the masked review the note Step as a snapshot, never the in-flight deliberate call
            assertThat(messagesText(fresh.calls().get(0))).doesNotContain("cache is cold");
            assertThat(messagesText(review.calls().get(0))).contains("cache is cold").doesNotContain("Plan A: raise the cache size\",");
            assertThat(review.calls().get(0).tools()).extracting(t -> t.name()).containsExactly("structured_output");
            assertThat(h.agents().list()).containsExactly(parent);
            assertThat(parent.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_END)).toList())
                    .singleElement().satisfies(e -> assertThat(e.data().path("reason").path("kind").asText()).isEqualTo("completed"));
            assertThat(h.allThreadsEnded()).isTrue();
        }
    }

    @Test
    void a_malformed_branch_and_a_late_branch_do_not_disturb_the_others() throws Exception {
        Gate late = new Gate();
        ScriptedModel fresh = ScriptedModel.answering("I think plan B is better, but here is prose, not a packet.");
        ScriptedModel fork = ScriptedModel.of(packet(AUDIT, late));
        ScriptedModel review = ScriptedModel.of(packet(REVIEW, null));
        try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
            h.route("parent", parentModel()).route("fresh-model", fresh).route("fork-model", fork).route("review-model", review);
            CountDownLatch othersDisposed = new CountDownLatch(2);
            h.root.events().on(AgentEvents.DISPOSED, p -> {
                if (!p.agent().options().provider().equals("fork-model")) othersDisposed.countDown();
            });
            Agent parent = h.parent();
            parent.followup(user("Fix the slow cache."));
            assertThat(late.awaitReached(120)).isTrue();
            // the late branch answers only once both siblings have settled and been disposed
            assertThat(othersDisposed.await(120, TimeUnit.SECONDS)).isTrue();
            late.release();
            awaitIdle(parent);
            JsonNode branches = JsJson.parse(text(deliberateResult(parent))).get("branches");
            assertThat(branches.findValuesAsText("label")).containsExactly("alt", "audit", "review");
            assertThat(branches.get(0).get("stopReason").asText()).isEqualTo("error");
            assertThat(branches.get(0).has("packet")).isFalse();
            assertThat(branches.get(1).get("packet")).isEqualTo(JsJson.parse(AUDIT));
            assertThat(branches.get(2).get("packet")).isEqualTo(JsJson.parse(REVIEW));
            assertThat(h.agents().list()).containsExactly(parent);
        }
    }

    @Test
    void cancelling_the_parent_turn_cancels_and_disposes_every_branch() throws Exception {
        BlockingModel children = new BlockingModel();
        try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
            h.route("parent", parentModel()).route("fresh-model", children).route("fork-model", children).route("review-model", children);
            Agent parent = h.parent();
            parent.followup(user("Fix the slow cache."));
            assertThat(children.reached.tryAcquire(3, 120, TimeUnit.SECONDS)).isTrue();
            assertThat(h.agents().list()).hasSize(4);
            parent.cancel(AgentCancelCause.USER, false);
            awaitIdle(parent);
            assertThat(h.agents().list()).containsExactly(parent);
            SessionEvent end = parent.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_END)).findFirst().orElseThrow();
            assertThat(end.data().path("reason").path("kind").asText()).isEqualTo("aborted");
            assertThat(h.allThreadsEnded()).isTrue();
        }
    }

    @Test
    void a_thousand_cancelled_rounds_leave_no_live_thread_and_no_live_child() throws Exception {
        BlockingModel children = new BlockingModel();
        try (HostHarness h = new HostHarness(null, HostHarness.config(600_000, false, "updates-only"))) {
            h.route("parent", ScriptedModel.of(Script.toolCalls(call("n1", "note", "{\"text\":\"cache is cold\"}")), Script.text("ok")))
                    .route("fresh-model", children).route("fork-model", children).route("review-model", children);
            Agent parent = h.parent();
            parent.followup(user("Take a note."));
            awaitIdle(parent);
            ToolRuntime tools = h.root.get(ToolRuntime.KEY).orElseThrow();
            int platformBefore = ManagementFactory.getThreadMXBean().getThreadCount();
            for (int round = 0; round < 1000; round++) {
                AbortController abort = new AbortController();
                String callId = "d" + round;
                AtomicReference<ToolExecutionResult> result = new AtomicReference<>();
                Thread caller = Thread.ofVirtual().start(() -> result.set(tools.execute(new ToolExecutionInput(callId, null,
                        "deliberate", JsJson.parse(ARGS), parent, abort.signal()))));
                assertThat(children.reached.tryAcquire(3, 120, TimeUnit.SECONDS)).isTrue();
                abort.abort(new AgentCancelCause.User());
                caller.join(TimeUnit.SECONDS.toMillis(120));
                assertThat(caller.isAlive()).isFalse();
                assertThat(result.get().isError()).isTrue();
                assertThat(result.get().content().toString()).contains("deliberation aborted");
            }
            assertThat(h.agents().list()).containsExactly(parent);
            assertThat(h.threads).hasSizeGreaterThanOrEqualTo(6000);
            assertThat(h.allThreadsEnded()).isTrue();
            assertThat(ManagementFactory.getThreadMXBean().getThreadCount()).isLessThanOrEqualTo(platformBefore + 2);
        }
    }
}
