package io.dsh4j.agent;

import static io.dsh4j.agent.LoopHarness.runTurn;
import static io.dsh4j.agent.ScriptedAdapter.failure;
import static io.dsh4j.agent.ScriptedAdapter.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.TurnEndReason;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec sessions-llm-http §5.4: the route's RetryPolicy executed through agent/request-error. */
class LlmRetryPluginTest {

    final LoopHarness h = new LoopHarness();
    final List<Long> waited = new ArrayList<>();

    LlmRetryPluginTest() {
        h.root.plugin(LlmRetryPlugin.plugin((millis, signal) -> waited.add(millis), new SplittableRandom(1))).await();
    }

    @AfterEach
    void close() {
        h.close();
    }

    static List<SessionEvent> ofType(Agent a, String type) {
        return a.session().events().stream().filter(e -> e.type().equals(type)).toList();
    }

    @Test
    void retryable_failures_are_retried_with_llm_retry_events_and_the_turn_completes() {
        h.model.then(failure("SERVER")).then(failure("RATE_LIMIT")).then(text("third time"));
        Agent a = h.agent();
        runTurn(a, "x");
        assertThat(ofType(a, EventTypes.LLM_RETRY)).extracting(e -> e.payload(EventPayload.LlmRetry.class).retry()).containsExactly(1L, 2L);
        assertThat(ofType(a, EventTypes.LLM_RETRY_STARTED)).hasSize(2);
        assertThat(waited).hasSize(2).allSatisfy(ms -> assertThat(ms).isPositive());
        assertThat(ofType(a, EventTypes.TURN_END).getLast().payload(EventPayload.TurnEnd.class).reason())
                .isInstanceOf(TurnEndReason.Completed.class);
    }

    @Test
    void a_failure_that_is_not_retryable_ends_the_turn_at_once() {
        h.model.then(failure("AUTH"));
        Agent a = h.agent();
        runTurn(a, "x");
        assertThat(ofType(a, EventTypes.LLM_RETRY)).isEmpty();
        assertThat(ofType(a, EventTypes.TURN_END).getLast().payload(EventPayload.TurnEnd.class).reason())
                .isInstanceOf(TurnEndReason.Error.class);
    }

    @Test
    void retries_stop_after_the_policy_maximum() {
        h.model.always(failure("SERVER"));
        Agent a = h.agent();
        runTurn(a, "x");
        assertThat(ofType(a, EventTypes.LLM_RETRY)).hasSize(5);
        assertThat(h.model.calls).hasSize(6);
    }
}
