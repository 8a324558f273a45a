package io.dsh4j.agent;

import static io.dsh4j.agent.LoopHarness.awaitIdle;
import static io.dsh4j.agent.LoopHarness.runTurn;
import static io.dsh4j.agent.LoopHarness.types;
import static io.dsh4j.agent.LoopHarness.user;
import static io.dsh4j.agent.ScriptedAdapter.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.TurnEndReason;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec kernel-and-agent §5.6–§5.11 and Appendix B scenarios 6–10: the loop with a scripted model. */
class AgentLoopTest {

    final LoopHarness h = new LoopHarness();

    @AfterEach
    void close() {
        h.close();
    }

    static List<SessionEvent> ofType(Agent a, String type) {
        return a.session().events().stream().filter(e -> e.type().equals(type)).toList();
    }

    static TurnEndReason lastTurnEnd(Agent a) {
        return ofType(a, EventTypes.TURN_END).getLast().payload(EventPayload.TurnEnd.class).reason();
    }

    @Nested
    class OneSimpleTurn {

        @Test
        void a_followup_on_an_idle_agent_produces_the_event_order_of_section_5_11() {
            h.tracing();
            h.model.then(text("Hello."));
            Agent a = h.agent();
            runTurn(a, "hi");
            assertThat(h.trace).containsExactly(
                    "log:agent/inbox/spliced", "agent/inbox/inserted", "agent/status running",
                    "log:turn/start", "log:agent/inbox/spliced", "agent/inbox/claimed",
                    "system-prompt/assemble", "agent/pre-step 1.1",
                    "log:step/start", "log:user/message", "agent/request", "log:request/header", "log:request/context",
                    "log:assistant/chunk", "log:assistant/chunk", "log:assistant/chunk", "log:assistant/chunk",
                    "log:assistant/chunk", "log:assistant/message", "log:step/end", "agent/turn-stopping",
                    "log:turn/end", "agent/status idle");
        }

        @Test
        void the_model_gets_the_rendered_system_prompt_and_the_derived_history() {
            h.model.then(text("Hello."));
            Agent a = h.agent();
            runTurn(a, "hi");
            assertThat(h.model.calls).singleElement().satisfies(call -> {
                assertThat(call.system()).isEqualTo("You are an AI agent powered by DeepSeek Harness.\n\nBe terse.");
                assertThat(call.messages()).extracting(Message::id).containsExactly(a.session().deriveMessages().getFirst().id());
                assertThat(call.sessionId()).isEqualTo(a.id());
            });
            SessionEvent msg = ofType(a, EventTypes.ASSISTANT_MESSAGE).getFirst();
            assertThat(msg.sourceEventSeqs()).hasSize(5);
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void steps_restart_at_one_in_the_next_turn_and_the_header_is_logged_once_while_unchanged() {
            h.model.then(text("one")).then(text("two"));
            Agent a = h.agent();
            runTurn(a, "first");
            runTurn(a, "second");
            assertThat(ofType(a, EventTypes.STEP_START)).extracting(e -> e.payload(EventPayload.StepStart.class))
                    .containsExactly(new EventPayload.StepStart(1, 1), new EventPayload.StepStart(2, 1));
            assertThat(ofType(a, EventTypes.REQUEST_HEADER)).hasSize(1);
            assertThat(ofType(a, EventTypes.REQUEST_HEADER).getFirst().data().path("reason").asText()).isEqualTo("initial");
        }

        @Test
        void an_empty_answer_still_commits_exactly_one_assistant_message() {
            h.model.then((call, cancel, sink) -> sink.accept(new io.dsh4j.message.StreamChunk.Finish(
                    new io.dsh4j.message.FinishReason.Stop(), null)));
            Agent a = h.agent();
            runTurn(a, "say nothing");
            assertThat(ofType(a, EventTypes.ASSISTANT_MESSAGE)).hasSize(1);
            assertThat(a.session().deriveMessages()).hasSize(1); // empty assistant messages are not history
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }
    }

    @Nested
    class PreStep {

        @Test
        void scenario_6_a_listener_on_agent_ctx_fires_only_for_that_agent_an_untagged_one_for_all() {
            h.model.always(text("ok"));
            Agent a = h.agent();
            Agent b = h.agent();
            List<String> scoped = new ArrayList<>();
            List<String> untagged = new ArrayList<>();
            a.ctx().events().on(AgentEvents.PRE_STEP, (p, next) -> {
                scoped.add(p.agent().id());
                return next.proceed();
            });
            h.root.events().on(AgentEvents.PRE_STEP, (p, next) -> {
                untagged.add(p.agent().id());
                return next.proceed();
            });
            runTurn(a, "x");
            runTurn(b, "y");
            assertThat(scoped).containsExactly(a.id());
            assertThat(untagged).containsExactly(a.id(), b.id());
        }

        @Test
        void scenario_8_reject_closes_the_turn_blocked_with_no_step_and_no_model_call() {
            Agent a = h.agent();
            a.ctx().events().on(AgentEvents.PRE_STEP, (p, next) -> new PreStepDecision.Reject());
            runTurn(a, "blocked");
            assertThat(types(a)).doesNotContain(EventTypes.STEP_START);
            assertThat(h.model.calls).isEmpty();
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Blocked.class);
        }

        @Test
        void scenario_8_an_extra_plugin_message_is_logged_after_the_claimed_one() {
            h.model.then(text("ok"));
            Agent a = h.agent();
            Message.UserMessage extra = LoopHarness.plugin("context from a plugin");
            a.ctx().events().on(AgentEvents.PRE_STEP, (p, next) -> {
                PreStepDecision d = next.proceed();
                if (!(d instanceof PreStepDecision.Enter e)) return d;
                List<Message.UserMessage> ms = new ArrayList<>(e.messages());
                ms.add(extra);
                return new PreStepDecision.Enter(ms);
            });
            runTurn(a, "prompt");
            assertThat(ofType(a, EventTypes.USER_MESSAGE)).extracting(e -> e.payload(EventPayload.UserMessage.class).message().id())
                    .hasSize(2).last().isEqualTo(extra.id());
            assertThat(h.model.calls.getFirst().messages()).hasSize(2);
        }

        @Test
        void scenario_8_an_empty_first_step_enter_closes_the_turn_completed_without_a_model_call() {
            Agent a = h.agent();
            a.ctx().events().on(AgentEvents.PRE_STEP, (p, next) -> new PreStepDecision.Enter(List.of()));
            runTurn(a, "dropped");
            assertThat(h.model.calls).isEmpty();
            assertThat(types(a)).doesNotContain(EventTypes.STEP_START);
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void a_throwing_pre_step_listener_ends_the_turn_in_error_and_emits_agent_error() {
            Agent a = h.agent();
            List<Throwable> errors = new ArrayList<>();
            h.root.events().on(AgentEvents.ERROR, p -> errors.add(p.error()));
            a.ctx().events().on(AgentEvents.PRE_STEP, (p, next) -> {
                throw new IllegalStateException("listener broke");
            });
            runTurn(a, "x");
            assertThat(lastTurnEnd(a)).isInstanceOfSatisfying(TurnEndReason.Error.class,
                    e -> assertThat(e.error().message()).isEqualTo("listener broke"));
            assertThat(errors).singleElement().extracting(Throwable::getMessage).isEqualTo("listener broke");
            assertThat(a.status()).isEqualTo(AgentStatus.IDLE);
        }
    }

    @Nested
    class TurnStopping {

        @Test
        void scenario_10_steering_once_from_turn_stopping_yields_exactly_one_more_step_in_the_same_turn() {
            h.model.then(text("first")).then(text("second"));
            Agent a = h.agent();
            int[] rounds = {0};
            a.ctx().events().on(AgentEvents.TURN_STOPPING, p -> {
                if (rounds[0]++ == 0) p.agent().steer(LoopHarness.plugin("keep going"));
                return null;
            });
            runTurn(a, "go");
            assertThat(ofType(a, EventTypes.TURN_START)).hasSize(1);
            assertThat(ofType(a, EventTypes.STEP_START)).extracting(e -> e.payload(EventPayload.StepStart.class).step())
                    .containsExactly(1L, 2L);
            assertThat(h.model.calls).hasSize(2);
        }

        @Test
        void scenario_10_steering_every_time_loops_until_the_plugin_stops() {
            h.model.always(text("again"));
            Agent a = h.agent();
            int[] rounds = {0};
            a.ctx().events().on(AgentEvents.TURN_STOPPING, p -> {
                if (++rounds[0] <= 4) p.agent().steer(LoopHarness.plugin("round " + rounds[0]));
                return null;
            });
            runTurn(a, "go");
            assertThat(ofType(a, EventTypes.STEP_START)).hasSize(5);
            assertThat(ofType(a, EventTypes.TURN_END)).hasSize(1);
        }
    }

    @Nested
    class Requests {

        @Test
        void a_failed_attempt_retried_by_agent_request_error_continues_in_the_same_step() {
            h.model.then(ScriptedAdapter.failure("SERVER")).then(text("recovered"));
            Agent a = h.agent();
            List<String> seen = new ArrayList<>();
            a.ctx().events().on(AgentEvents.REQUEST_ERROR, (p, next) -> {
                seen.add(p.failure().code());
                return new AgentEvents.Retry();
            });
            runTurn(a, "x");
            assertThat(seen).containsExactly("SERVER");
            assertThat(ofType(a, EventTypes.STEP_START)).hasSize(1);
            assertThat(ofType(a, EventTypes.ASSISTANT_MESSAGE)).hasSize(1);
            SessionEvent msg = ofType(a, EventTypes.ASSISTANT_MESSAGE).getFirst();
            List<SessionEvent> chunks = ofType(a, EventTypes.ASSISTANT_CHUNK);
            assertThat(msg.sourceEventSeqs()).doesNotContain(chunks.getFirst().seq()); // the failed attempt's finish
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Completed.class);
        }

        @Test
        void an_unretried_failure_ends_the_turn_with_the_adapter_failure() {
            h.model.then(ScriptedAdapter.failure("AUTH"));
            Agent a = h.agent();
            runTurn(a, "x");
            assertThat(lastTurnEnd(a)).isInstanceOfSatisfying(TurnEndReason.Error.class,
                    e -> assertThat(e.error().code()).isEqualTo("AUTH"));
            assertThat(types(a)).doesNotContain(EventTypes.ASSISTANT_MESSAGE);
        }

        @Test
        void max_tokens_is_sticky_and_ends_the_turn_max_tokens() {
            h.model.then(ScriptedAdapter.maxTokens("cut"));
            Agent a = h.agent();
            runTurn(a, "long answer please");
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.MaxTokens.class);
        }

        @Test
        void an_agent_without_a_route_fails_the_turn_naming_the_agent_and_what_to_set() {
            Agent a = h.agents().create(AgentRegistry.CreateRequest.in("/w", AgentOptions.NONE)).agent();
            runTurn(a, "x");
            assertThat(lastTurnEnd(a)).isInstanceOfSatisfying(TurnEndReason.Error.class, e -> assertThat(e.error().message())
                    .contains(a.id()).contains("AgentOptions.provider").contains("agent/request"));
        }

        @Test
        void an_agent_request_listener_may_switch_the_route_and_the_header_records_the_change() {
            h.model.always(text("ok"));
            Agent a = h.agent();
            int[] n = {0};
            a.ctx().events().on(AgentEvents.REQUEST, (p, next) -> n[0]++ == 0 ? next.proceed() : next.proceed().withRoute(LoopHarness.ROUTE, "m2"));
            runTurn(a, "one");
            runTurn(a, "two");
            assertThat(ofType(a, EventTypes.REQUEST_HEADER)).extracting(e -> e.data().path("reason").asText())
                    .containsExactly("initial", "change");
            assertThat(h.model.calls).extracting(c -> c.model()).containsExactly("m1", "m2");
        }
    }

    @Nested
    class Inbox {

        @Test
        void a_followup_while_running_becomes_its_own_next_turn() throws Exception {
            java.util.concurrent.CountDownLatch streamed = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            h.model.then((call, cancel, sink) -> {
                streamed.countDown();
                release.await();
                text("first").play(call, cancel, sink);
            }).then(text("second"));
            Agent a = h.agent();
            a.followup(user("one"));
            streamed.await();
            a.followup(user("two"));
            release.countDown();
            awaitIdle(a);
            assertThat(ofType(a, EventTypes.TURN_START)).hasSize(2);
            assertThat(a.nextTurn()).isEmpty();
        }

        @Test
        void inject_on_an_idle_agent_waits_for_the_next_wake_and_enters_that_step() {
            h.model.then(text("ok"));
            Agent a = h.agent();
            Message.UserMessage injected = LoopHarness.plugin("startup context");
            a.inject(injected);
            assertThat(a.status()).isEqualTo(AgentStatus.IDLE);
            assertThat(a.nextStep()).containsExactly(injected);
            runTurn(a, "prompt");
            assertThat(ofType(a, EventTypes.USER_MESSAGE)).extracting(e -> e.payload(EventPayload.UserMessage.class).message().id())
                    .contains(injected.id());
        }

        @Test
        void a_duplicate_pending_id_is_refused() {
            Agent a = h.agent();
            Message.UserMessage m = LoopHarness.plugin("x");
            a.inject(m);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.inject(m)).hasMessageContaining("is already pending");
        }
    }

    static ContentBlock.Text firstText(Message m) {
        return (ContentBlock.Text) m.content().getFirst();
    }
}
