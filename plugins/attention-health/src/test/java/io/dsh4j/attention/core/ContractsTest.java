package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §2.6, the contracts that are easy to get wrong, where no other test reaches: #4 a todo list
 * written in an earlier turn is shown as a stale snapshot with its in-progress marks; #6 the text of
 * a message (strings as they are, text blocks and nested tool-result content, reasoning left out);
 * #7 a guard trip is any hook reason that contains {@code attention-health}, and only a leading
 * {@code attention-health：} or {@code attention-health:} is stripped. zh-CN literals.
 */
class ContractsTest {

    static final HealthReducer HOT = new HealthReducer(Clock.fixed(Instant.parse("2026-09-19T02:00:00Z"), ZoneOffset.UTC));

    @Test
    void a_todo_list_from_an_earlier_turn_is_a_stale_snapshot_with_its_in_progress_marks() {
        List<JsonNode> events = List.of(Events.turnStart(1), Events.user("列个计划"),
                Events.event("todo/write", Events.json("{\"todos\":[{\"content\":\"改读取\",\"status\":\"in_progress\"},"
                        + "{\"content\":\"补测试\",\"status\":\"pending\"}]}")),
                Events.turnEnd(1), Events.turnStart(2), Events.user("继续改读取的部分"), Events.turnEnd(2),
                Events.turnStart(3), Events.user("再看看测试"), Events.turnEnd(3));
        String md = HandoffDocumentTest.build(events).markdown();
        assertThat(md).contains("（取自第 1 轮的 `todo_write`，**此后未再更新**")
                .contains("改读取 ← 当时标记为进行中").contains("- [ ] 补测试");
        String fresh = HandoffDocumentTest.build(events.subList(0, 4)).markdown();
        assertThat(fresh).doesNotContain("此后未再更新").contains("改读取");
    }

    @Test
    void the_text_of_a_message_is_its_text_blocks_and_nested_tool_results_without_reasoning() {
        assertThat(MessageText.of(Events.json("\"  as is  \""))).isEqualTo("  as is  ");
        JsonNode blocks = Events.json("""
                [{"type":"reasoning","text":"hidden thought"},
                 {"type":"text","text":"first"},
                 {"type":"text","text":""},
                 {"type":"tool-result","content":[{"type":"text","text":"nested"},
                   {"type":"tool-result","content":[{"type":"text","text":"deeper"}]}]},
                 {"type":"text","text":"  last  "}]""");
        assertThat(MessageText.of(blocks)).isEqualTo("first\nnested\ndeeper\n  last");
        assertThat(MessageText.of(null)).isEmpty();
        assertThat(MessageText.of(Events.json("42"))).isEmpty();
    }

    @Test
    void any_hook_reason_containing_the_mark_is_a_trip_and_only_a_leading_prefix_is_stripped() {
        assertThat(trip("attention-health: 思考空转 —— A")).isEqualTo("思考空转 —— A");
        assertThat(trip("  attention-health：  思考空转 —— B")).isEqualTo("思考空转 —— B");
        assertThat(trip("stopped by attention-health (guard)")).isEqualTo("stopped by attention-health (guard)");
        HealthState other = HOT.apply(HOT.init(), Events.guardEnd(1, "another-plugin: stop"));
        assertThat(other.counters().guardTripCount()).isZero();
        SessionFacts cold = ColdFold.fold(List.of(Events.turnStart(1), Events.guardEnd(1, "stopped by attention-health (guard)")));
        assertThat(cold.guardTripCount()).isEqualTo(1);
        assertThat(cold.errors()).isEmpty();
    }

    /** The stored reason of a hook abort, checked to count as one trip in the hot fold. */
    private static String trip(String reason) {
        HealthState s = HOT.apply(HOT.init(), Events.guardEnd(1, reason));
        assertThat(s.counters().guardTripCount()).as(reason).isEqualTo(1);
        return s.counters().lastGuardReason();
    }
}
