package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §11 items 6–12 (§2.6, §3.1–3.2). */
class FoldTest {

    static final HealthReducer HOT = new HealthReducer(Clock.fixed(Instant.parse("2026-09-19T02:00:00Z"), ZoneOffset.UTC));

    static HealthState replay(List<? extends JsonNode> events) {
        HealthState s = HOT.init();
        for (JsonNode e : events) s = HOT.apply(s, e);
        return s;
    }

    @Test
    void only_human_messages_count_as_requests_and_question_answers_join_them() {
        ObjectNode agent = Events.user("an agent note");
        ((ObjectNode) agent.get("data").get("source")).put("kind", "agent-message");
        ObjectNode call = Events.toolCall("ask_user_question", "{}");
        ((ObjectNode) call.get("data")).put("callId", "q1");
        ObjectNode result = Events.event("tool/result", Events.json(
                "{\"message\":{\"content\":[{\"type\":\"tool-result\",\"toolCallId\":\"q1\",\"content\":[{\"type\":\"text\","
                        + "\"text\":\"{\\\"answers\\\":[{\\\"selected\\\":[\\\"A\\\",\\\"B\\\"],\\\"custom\\\":\\\" x \\\"}]}\"}]}]}}"));
        SessionFacts x = ColdFold.fold(List.of(Events.turnStart(1), Events.user("hello"), agent, Events.user("   "),
                call, result, Events.turnEnd(1)));
        assertThat(x.userRequests()).extracting(SessionFacts.UserRequest::text).containsExactly("hello", "A、B —— x");
        assertThat(x.userRequests().get(1).viaQuestion()).isTrue();
    }

    @Test
    void three_identical_calls_give_repeat_worst_3_and_a_different_call_resets_the_streak() {
        List<ObjectNode> events = List.of(Events.toolCall("read", "{\"p\":1}"), Events.toolCall("read", "{\"p\":1}"),
                Events.toolCall("read", "{\"p\":1}"), Events.toolCall("read", "{\"p\":2}"));
        assertThat(ColdFold.fold(events).repeatWorst()).isEqualTo(3);
        HealthState s = replay(events);
        assertThat(s.counters().repeatWorst()).isEqualTo(3);
        assertThat(s.counters().callStreak()).isEqualTo(1);
    }

    @Test
    void a_guard_abort_is_a_trip_not_an_error_and_a_user_abort_is_an_error() {
        SessionFacts x = ColdFold.fold(List.of(Events.turnStart(1),
                Events.guardEnd(1, "attention-health：思考空转 —— X"), Events.turnStart(2),
                Events.event("turn/end", Events.json("{\"turn\":2,\"reason\":{\"kind\":\"aborted\",\"reason\":{\"kind\":\"user\"}}}"))));
        assertThat(x.guardTripCount()).isEqualTo(1);
        assertThat(x.lastGuardReason()).isEqualTo("思考空转 —— X");
        assertThat(x.errors()).singleElement().satisfies(e -> assertThat(e.turn()).isEqualTo(TurnNo.of(2)));
        HealthState s = replay(List.of(Events.turnStart(1), Events.guardEnd(1, "attention-health：思考空转 —— X")));
        assertThat(s.counters().guardTripCount()).isEqualTo(1);
        assertThat(s.counters().lastGuardReason()).isEqualTo("思考空转 —— X");
        assertThat(s.counters().lastGuardTurn()).isEqualTo(1.0);
        assertThat(s.view(Texts.chinese()).get("lastGuardReason").asText()).isEqualTo("思考空转 —— X");
    }

    @Test
    void irrelevant_events_return_the_same_state_and_bad_windows_leave_it_unknown() {
        HealthState init = HOT.init();
        JsonNodeFactory f = JsonNodeFactory.instance;
        for (JsonNode e : new JsonNode[] {null, f.nullNode(), f.numberNode(42), f.objectNode(), f.textNode("x"),
                Events.event("mode/set", f.objectNode()), Events.event("step/start", f.objectNode())}) {
            assertThat(HOT.apply(init, e)).as(String.valueOf(e)).isSameAs(init);
        }
        HealthState s = init;
        for (JsonNode w : new JsonNode[] {f.numberNode(0), f.numberNode(-5), f.numberNode(Double.NaN),
                f.numberNode(Double.POSITIVE_INFINITY), f.textNode("1M")}) {
            ObjectNode d = f.objectNode();
            d.set("contextWindow", w);
            s = HOT.apply(s, Events.event("request/context", d));
        }
        assertThat(s.counters().contextWindow()).isNull();
        assertThat(s).isSameAs(init);
        assertThat(HOT.apply(init, Events.turnEnd(1))).isSameAs(init);
    }

    @Test
    void growth_counts_only_positive_deltas_between_ended_turns() {
        List<ObjectNode> events = List.of(Events.context(1e6, null), Events.turnStart(1), Events.assistant(1, "a", null, 100_000),
                Events.turnEnd(1), Events.turnStart(2), Events.assistant(2, "b", null, 130_000), Events.turnEnd(2),
                Events.turnStart(3), Events.assistant(3, "c", null, 90_000), Events.turnEnd(3), Events.turnStart(4),
                Events.assistant(4, "d", null, 140_000), Events.turnEnd(4), Events.turnStart(5),
                Events.assistant(5, "e", null, 900_000));
        HealthState s = replay(events);
        SessionFacts x = ColdFold.fold(events);
        assertThat(x.rawGrowth()).isEqualTo(40_000);
        assertThat(s.avgRoundGrowth()).isEqualTo(40_000);
        assertThat(s.plan().window().headroomRounds()).isZero();
    }

    @Test
    void samples_keep_five_replace_same_turn_and_kind_and_start_at_the_loop() {
        HealthState s = HOT.init();
        String line = "这是一行会被重复的推理内容";
        String reasoning = "前言：正常的分析。\n" + (line + "\n").repeat(40);
        for (int turn = 1; turn <= 8; turn++) s = HOT.apply(s, Events.assistant(turn, "ok", reasoning, 1000));
        List<DegradedSample> samples = s.counters().degradedSamples();
        assertThat(samples).hasSize(5).extracting(DegradedSample::turn).containsExactly(4, 5, 6, 7, 8);
        assertThat(samples.get(0).excerpt()).startsWith(line).doesNotContain("\n").hasSizeLessThanOrEqualTo(200);
        HealthState again = HOT.apply(s, Events.assistant(8, "ok", "另一段\n" + ("重复的第二种内容行\n").repeat(40), 1000));
        assertThat(again.counters().degradedSamples()).hasSize(5).last()
                .satisfies(d -> assertThat(d.excerpt()).startsWith("重复的第二种内容行"));
        HealthState noTurn = HOT.apply(HOT.init(), Events.assistant(null, "dup line here\ndup line here\ndup line here",
                null, 1000));
        assertThat(noTurn.counters().degradedSamples()).singleElement()
                .isEqualTo(new DegradedSample(0, "reply", "dup line here dup line here dup line here"));
        HealthState plain = HOT.apply(HOT.init(), Events.assistant(1, "normal", null, 1000));
        assertThat(plain.counters().degradedSamples()).isSameAs(HOT.init().counters().degradedSamples());
    }

    @Test
    void todos_are_the_last_write_with_the_turn_that_was_open() {
        SessionFacts x = ColdFold.fold(List.of(Events.turnStart(1),
                Events.event("todo/write", Events.json("{\"todos\":[{\"content\":\"a\",\"status\":\"pending\"}]}")),
                Events.turnEnd(1), Events.turnStart(2),
                Events.event("todo/write", Events.json("{\"todos\":[{\"content\":\"b\",\"status\":\"in_progress\"}]}")),
                Events.turnEnd(2)));
        assertThat(x.todos()).containsExactly(new SessionFacts.Todo("b", "in_progress"));
        assertThat(x.todosTurn()).isEqualTo(TurnNo.of(2));
    }

    @Test
    void context_size_is_total_tokens_not_input_tokens() {
        ObjectNode e = Events.assistant(1, "x", null, 0);
        ((ObjectNode) e.get("data")).set("usage", Events.json("{\"inputTokens\":142,\"cacheReadTokens\":258944,\"totalTokens\":259196}"));
        assertThat(replay(List.of(e)).counters().usedTokens()).isEqualTo(259_196);
        assertThat(ColdFold.fold(List.of(e)).usage().lastContextTokens()).isEqualTo(259_196);
    }

    @Test
    void a_large_clean_context_stays_silent_and_a_loop_or_guard_trip_notifies() {
        HealthState big = replay(List.of(Events.context(1e6, null), Events.assistant(1, "fine", null, 700_000)));
        assertThat(big.shouldNotify()).isFalse();
        assertThat(big.report().level()).isNotEqualTo(Level.OK);
        HealthState guarded = replay(List.of(Events.guardEnd(1, "attention-health：x")));
        assertThat(guarded.shouldNotify()).isTrue();
        HealthState small = replay(List.of(Events.context(1e6, null), Events.assistant(1, "fine", null, 10_000)));
        assertThat(small.shouldNotify()).isFalse();
    }

    @Test
    void the_view_has_exactly_the_schema_keys() {
        HealthState s = replay(List.of(Events.context(1e6, "deepseek-flash"), Events.assistant(1, "x", null, 5000)));
        var view = s.view(Texts.english());
        List<String> keys = new java.util.ArrayList<>();
        view.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactlyElementsOf(HealthState.VIEW_KEYS);
    }
}
