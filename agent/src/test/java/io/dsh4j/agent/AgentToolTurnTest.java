package io.dsh4j.agent;

import static io.dsh4j.agent.LoopHarness.awaitIdle;
import static io.dsh4j.agent.LoopHarness.runTurn;
import static io.dsh4j.agent.LoopHarness.types;
import static io.dsh4j.agent.LoopHarness.user;
import static io.dsh4j.agent.ScriptedAdapter.call;
import static io.dsh4j.agent.ScriptedAdapter.text;
import static io.dsh4j.agent.ScriptedAdapter.toolCalls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.tool.ToolBody;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Appendix B scenarios 9, 11, 12 and the loop's bad-input cases: tool steps and cancellation. */
class AgentToolTurnTest {

    final LoopHarness h = new LoopHarness();

    @AfterEach
    void close() {
        h.close();
    }

    static JsonNode objectSchema() {
        return JsJson.parse("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}}}");
    }

    static ToolDefinition tool(String name, boolean parallel, ToolBody body) {
        ToolDefinition.Builder b = ToolDefinition.builder(name).description(name + " tool").parameters(objectSchema())
                .output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"), (args, value) -> List.of(new ContentBlock.Text(value.asText()))))
                .body(body);
        if (parallel) b.parallelSafe();
        return b.build();
    }

    static List<SessionEvent> ofType(Agent a, String type) {
        return a.session().events().stream().filter(e -> e.type().equals(type)).toList();
    }

    static TurnEndReason lastTurnEnd(Agent a) {
        return ofType(a, EventTypes.TURN_END).getLast().payload(EventPayload.TurnEnd.class).reason();
    }

    static String resultText(SessionEvent toolResult) {
        ContentBlock.ToolResult r = toolResult.payload(EventPayload.ToolResult.class).message().result();
        return ((ContentBlock.Text) r.content().getFirst()).text();
    }

    @Nested
    class ToolSteps {

        @Test
        void a_tool_step_leads_to_another_step_with_the_result_in_history() {
            h.register(tool("echo", false, (args, exec) -> JsJson.nodes().textNode("echo:" + args.path("x").asText())));
            h.model.then(toolCalls(call("c1", "echo", "{\"x\":\"a\"}"))).then(text("done"));
            Agent a = h.agent();
            runTurn(a, "use echo");
            assertThat(types(a)).containsSubsequence(EventTypes.ASSISTANT_MESSAGE, EventTypes.TOOL_CALL, EventTypes.TOOL_RESULT,
                    EventTypes.STEP_END, EventTypes.STEP_START, EventTypes.ASSISTANT_MESSAGE, EventTypes.STEP_END, EventTypes.TURN_END);
            assertThat(resultText(ofType(a, EventTypes.TOOL_RESULT).getFirst())).isEqualTo("echo:a");
            assertThat(h.model.calls.get(1).messages()).hasSize(3);
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void scenario_9_a_concluding_tool_ends_the_turn_after_its_result() {
            h.register(tool("finish", false, (args, exec) -> {
                exec.concludeTurn();
                return JsJson.nodes().textNode("finished");
            }));
            h.model.then(toolCalls(call("c1", "finish", "{}")));
            Agent a = h.agent();
            runTurn(a, "finish now");
            assertThat(h.model.calls).hasSize(1);
            assertThat(types(a).subList(types(a).size() - 3, types(a).size()))
                    .containsExactly(EventTypes.TOOL_RESULT, EventTypes.STEP_END, EventTypes.TURN_END);
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void scenario_9_a_deferred_context_enters_the_next_step_after_the_step_results() {
            Message.UserMessage ctxMsg = LoopHarness.plugin("deferred context");
            h.register(tool("defer", false, (args, exec) -> {
                exec.deferContext(ctxMsg);
                return JsJson.nodes().textNode("ok");
            }));
            h.model.then(toolCalls(call("c1", "defer", "{}"))).then(text("done"));
            Agent a = h.agent();
            runTurn(a, "x");
            List<SessionEvent> events = a.session().events();
            long resultSeq = ofType(a, EventTypes.TOOL_RESULT).getFirst().seq();
            SessionEvent entered = ofType(a, EventTypes.USER_MESSAGE).getLast();
            assertThat(entered.payload(EventPayload.UserMessage.class).message().id()).isEqualTo(ctxMsg.id());
            assertThat(entered.seq()).isGreaterThan(resultSeq);
            assertThat(events.stream().filter(e -> e.type().equals(EventTypes.STEP_START) && e.seq() < entered.seq()).count()).isEqualTo(2);
        }

        @Test
        void scenario_12_parallel_safe_calls_overlap_and_results_stay_in_model_order() throws Exception {
            CountDownLatch bothRunning = new CountDownLatch(2);
            AtomicInteger concurrent = new AtomicInteger();
            List<Integer> peaks = Collections.synchronizedList(new ArrayList<>());
            ToolBody body = (args, exec) -> {
                peaks.add(concurrent.incrementAndGet());
                bothRunning.countDown();
                if (!bothRunning.await(30, TimeUnit.SECONDS)) throw new IllegalStateException("calls did not overlap");
                concurrent.decrementAndGet();
                return JsJson.nodes().textNode(args.path("x").asText());
            };
            h.register(tool("p", true, body));
            h.model.then(toolCalls(call("c1", "p", "{\"x\":\"first\"}"), call("c2", "p", "{\"x\":\"second\"}"))).then(text("ok"));
            Agent a = h.agent();
            runTurn(a, "parallel");
            assertThat(ofType(a, EventTypes.TOOL_RESULT)).extracting(AgentToolTurnTest::resultText).containsExactly("first", "second");
            assertThat(peaks).contains(2);
        }
    }

    @Nested
    class BadInput {

        @Test
        void malformed_arguments_and_unknown_tools_become_error_results_and_the_model_is_asked_again() {
            h.register(tool("echo", false, (args, exec) -> JsJson.nodes().textNode("never")));
            h.model.then(toolCalls(call("c1", "echo", "{not json"), call("c2", "nope", "{}"))).then(text("sorry"));
            Agent a = h.agent();
            runTurn(a, "x");
            List<SessionEvent> results = ofType(a, EventTypes.TOOL_RESULT);
            assertThat(results).hasSize(2).allSatisfy(r -> assertThat(r.payload(EventPayload.ToolResult.class).isError()).isTrue());
            assertThat(resultText(results.get(1))).contains("unknown tool \"nope\"");
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void a_tool_that_throws_gives_an_error_result_not_a_failed_turn() {
            h.register(tool("boom", false, (args, exec) -> {
                throw new IllegalStateException("disk on fire");
            }));
            h.model.then(toolCalls(call("c1", "boom", "{}"))).then(text("noted"));
            Agent a = h.agent();
            runTurn(a, "x");
            assertThat(resultText(ofType(a, EventTypes.TOOL_RESULT).getFirst())).isEqualTo("Error: disk on fire");
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void a_model_that_streams_garbage_chunks_fails_the_turn_with_a_logged_error() {
            h.model.then((call, cancel, sink) -> {
                sink.accept(new io.dsh4j.message.StreamChunk.TextDelta(7, "orphan delta"));
                throw new IllegalStateException("stream is garbage");
            });
            Agent a = h.agent();
            runTurn(a, "x");
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Error.class);
            assertThat(a.status()).isEqualTo(AgentStatus.IDLE);
        }
    }

    @Nested
    class Cancellation {

        @Test
        void scenario_11_cancel_mid_stream_ends_aborted_with_the_reason_and_an_interrupted_prefix() throws Exception {
            CountDownLatch streamed = new CountDownLatch(1);
            h.model.then(ScriptedAdapter.hangAfter("partial answ", streamed));
            Agent a = h.agent();
            a.followup(user("long task"));
            assertThat(streamed.await(30, TimeUnit.SECONDS)).isTrue();
            a.cancel(new AgentCancelCause.Hook("looping"), false);
            awaitIdle(a);
            TurnEndReason end = lastTurnEnd(a);
            assertThat(end).isInstanceOfSatisfying(TurnEndReason.Aborted.class, ab -> {
                assertThat(ab.cause().kind()).isEqualTo("hook");
                assertThat(ab.cause().reason()).isEqualTo("looping");
            });
            EventPayload.AssistantMessage msg = ofType(a, EventTypes.ASSISTANT_MESSAGE).getFirst().payload(EventPayload.AssistantMessage.class);
            assertThat(msg.interrupted()).isTrue();
            assertThat(((ContentBlock.Text) msg.message().content().getFirst()).text()).isEqualTo("partial answ");
        }

        @Test
        void scenario_11_cancel_during_a_tool_step_gives_unstarted_calls_aborted_before_dispatch() throws Exception {
            CountDownLatch started = new CountDownLatch(1);
            h.register(tool("slow", false, (args, exec) -> {
                started.countDown();
                CountDownLatch stop = new CountDownLatch(1);
                exec.signal().onAbort(r -> stop.countDown());
                stop.await();
                return JsJson.nodes().textNode("stopped");
            }));
            h.model.then(toolCalls(call("c1", "slow", "{}"), call("c2", "slow", "{}")));
            Agent a = h.agent();
            a.followup(user("x"));
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
            a.cancel(AgentCancelCause.USER, false);
            awaitIdle(a);
            List<SessionEvent> results = ofType(a, EventTypes.TOOL_RESULT);
            assertThat(results).hasSize(2);
            assertThat(results.get(1).payload(EventPayload.ToolResult.class).error().code()).isEqualTo("ABORTED_BEFORE_DISPATCH");
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Aborted.class);
            assertThat(io.dsh4j.session.CrashRepair.closers(a.session().events())).isEmpty();
        }

        @Test
        void scenario_11_cancel_without_keep_inbox_inside_session_event_with_a_pending_inbox_is_the_reentry_error() throws Exception {
            CountDownLatch streamed = new CountDownLatch(1);
            h.model.then(ScriptedAdapter.hangAfter("x", streamed));
            Agent a = h.agent();
            List<Throwable> refused = Collections.synchronizedList(new ArrayList<>());
            a.followup(user("go"));
            assertThat(streamed.await(30, TimeUnit.SECONDS)).isTrue();
            a.inject(LoopHarness.plugin("pending")); // the inbox is non-empty while the stream hangs
            // from inside a notice: an append re-enters
            LiveSession s = a.session();
            h.root.events().on(AgentEvents.SESSION_EVENT, n -> {
                if (n.session() == s && refused.isEmpty()) {
                    try {
                        a.cancel(AgentCancelCause.USER, false);
                    } catch (IllegalStateException e) {
                        refused.add(e);
                    }
                }
            });
            s.append("todo/write", JsJson.parse("{\"todos\":[]}"));
            assertThat(refused).singleElement().extracting(Throwable::getMessage).isEqualTo(LiveSession.REENTRY);
            assertThat(a.status()).isEqualTo(AgentStatus.RUNNING); // the abort was skipped
            a.cancel(AgentCancelCause.USER, true);
            awaitIdle(a);
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Aborted.class);
        }

        @Test
        void cancelling_an_idle_agent_is_a_no_op_for_later_work() {
            h.model.then(text("fine"));
            Agent a = h.agent();
            a.cancel(AgentCancelCause.USER, false);
            runTurn(a, "x");
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void a_waking_send_after_cancel_is_latched_into_a_next_turn() throws Exception {
            CountDownLatch streamed = new CountDownLatch(1);
            h.model.then(ScriptedAdapter.hangAfter("x", streamed)).then(text("second turn"));
            Agent a = h.agent();
            a.followup(user("one"));
            assertThat(streamed.await(30, TimeUnit.SECONDS)).isTrue();
            a.session().lock().lock(); // hold the driver off while cancelling and re-sending atomically
            try {
                a.cancel(AgentCancelCause.USER, false);
                a.steer(user("after cancel"));
            } finally {
                a.session().lock().unlock();
            }
            awaitIdle(a);
            assertThat(ofType(a, EventTypes.TURN_END)).extracting(e -> e.payload(EventPayload.TurnEnd.class).reason().getClass().getSimpleName())
                    .containsExactly("Aborted", "Completed");
        }

        @Test
        void dispose_cancels_waits_and_removes_agent_and_session() throws Exception {
            CountDownLatch streamed = new CountDownLatch(1);
            h.model.then(ScriptedAdapter.hangAfter("x", streamed));
            AgentHandle handle = h.agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.of(LoopHarness.ROUTE, "m")));
            handle.agent().followup(user("go"));
            assertThat(streamed.await(30, TimeUnit.SECONDS)).isTrue();
            handle.dispose();
            assertThat(h.agents().get(handle.agent().id())).isEmpty();
            assertThat(lastTurnEnd(handle.agent())).isInstanceOfSatisfying(TurnEndReason.Aborted.class,
                    ab -> assertThat(ab.cause().kind()).isEqualTo("disposed"));
            assertThatThrownBy(() -> handle.agent().followup(user("late"))).hasMessageContaining("disposed");
        }
    }
}
