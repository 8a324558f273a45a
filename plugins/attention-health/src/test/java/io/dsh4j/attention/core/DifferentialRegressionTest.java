package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Cases found by running this engine beside the original on sessions the oracle does not cover
 * (generated variants of the stress sessions and corpus logs). Each pins one rule with a small
 * hand-written session; the expected values are what the spec's rule gives.
 */
class DifferentialRegressionTest {

    static final Instant OFF_PEAK = Instant.parse("2026-09-19T02:00:00Z");

    /** A small session builder: header-less events, one request/context, usage with cache figures. */
    static final class Session {
        final List<JsonNode> events = new ArrayList<>();

        Session context(double window, String model) {
            events.add(Events.context(window, model));
            return this;
        }

        Session turn(int n, String ask, String reply, double total, double cacheRead, double input, double output) {
            events.add(Events.turnStart(n));
            events.add(Events.user(ask));
            ObjectNode a = Events.assistant(n, reply, null, 0);
            ObjectNode usage = ((ObjectNode) a.get("data")).putObject("usage");
            if (total > 0) usage.put("totalTokens", total);
            usage.put("cacheReadTokens", cacheRead).put("inputTokens", input).put("outputTokens", output);
            events.add(a);
            events.add(Events.turnEnd(n));
            return this;
        }

        Session add(JsonNode... more) {
            events.addAll(Arrays.asList(more));
            return this;
        }
    }

    static HandoffResult document(List<JsonNode> events, Instant now) {
        return document(events, now, HandoffOptions.DEFAULTS);
    }

    static HandoffResult document(List<JsonNode> events, Instant now, HandoffOptions options) {
        JsonNode header = Events.json("{\"type\":\"session\",\"id\":\"session-diff-1\",\"cwd\":\"/w\",\"createdAt\":1789066800000}");
        return Handoff.build(events, new HandoffRequest(header, null, options, false, "v0", now,
                ZoneOffset.UTC, Texts.chinese(), null, null, 0));
    }

    static int indexOfLine(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(part)) return i;
        return -1;
    }

    /** §5.3 item 6: the notes under the CNY table. */
    @Nested
    class CostTableNotes {

        @Test
        void the_cny_table_says_h_is_a_comparison_window_and_row_b_only_an_estimate() {
            // given: 64k window, three turns growing by 1,000 tokens, high cache hits
            Session s = new Session().context(64000, "deepseek-v4-flash");
            for (int i = 1; i <= 3; i++) s.turn(i, "step " + i, "done " + i, 20000 + 1000 * i, 19000, 1000 + 1000 * i, 300);
            // when
            HandoffResult r = document(s.events, OFF_PEAK);
            List<String> lines = r.markdown().lines().toList();
            // then: both notes sit between the unit-price line and the segmented-billing note
            int prices = indexOfLine(lines, "DeepSeek flash 空闲价");
            int horizon = indexOfLine(lines, "**H = ");
            int estimate = indexOfLine(lines, "¥0.483");
            int segmented = indexOfLine(lines, "实测命中率 76%");
            assertThat(prices).isPositive();
            assertThat(horizon).isEqualTo(prices + 1);
            assertThat(estimate).isEqualTo(prices + 2);
            assertThat(segmented).isEqualTo(prices + 3);
            // official line 51,200 − used 23,000 = 28,200 tokens at +1,000 a turn: H = 28
            assertThat(lines.get(horizon)).contains("**H = 28 轮**").contains("80%");
            assertThat(lines.get(estimate)).contains("¥0.017").contains("**28 倍**").contains("¥0.023");
            // the original's lines have these lengths (UTF-16 units), which size plan C
            assertThat(lines.get(horizon)).hasSize(91);
            assertThat(lines.get(estimate)).hasSize(87);
        }
    }

    /** §5.3 item 11 and §0.5: the goal block tests {@code roundsStarted !== undefined} and the blocked reason's truthiness. */
    @Nested
    class GoalBlock {

        List<String> goalLines(String goalChange) {
            Session s = new Session().context(128000, "deepseek-v4-flash")
                    .add(Events.event("goal/change", Events.json(goalChange)));
            s.turn(1, "把读取模块改成流式解析", "好的", 20000, 0, 20000, 300);
            List<String> lines = document(s.events, OFF_PEAK).markdown().lines().toList();
            int at = indexOfLine(lines, "## 最新目标");
            return lines.subList(at, at + 6);
        }

        @Test
        void a_null_rounds_started_is_printed_as_null_like_the_original() {
            assertThat(goalLines("{\"operation\":\"set\",\"roundsStarted\":null,\"goal\":{\"objective\":\"流式解析\",\"phase\":\"active\"}}"))
                    .contains("- 已完成轮次：null");
        }

        @Test
        void a_missing_rounds_started_prints_no_rounds_line() {
            assertThat(goalLines("{\"operation\":\"set\",\"goal\":{\"objective\":\"流式解析\",\"phase\":\"active\"}}"))
                    .noneMatch(l -> l.startsWith("- 已完成轮次"));
        }

        @Test
        void a_falsy_blocked_reason_prints_no_blocked_line() {
            assertThat(goalLines("{\"operation\":\"set\",\"roundsStarted\":2,\"goal\":{\"objective\":\"流式解析\",\"phase\":\"blocked\",\"maxGoalRounds\":10,\"blockedReason\":{\"message\":0}}}"))
                    .contains("- 已完成轮次：2 / 10").noneMatch(l -> l.contains("⚠️"));
        }
    }

    /** §5.3 item 10 and §3.1: the window is a number for the score, but the model line divides the raw value. */
    @Nested
    class ModelLine {

        String modelLine(String requestContext) {
            Session s = new Session().add(Events.event("request/context", Events.json(requestContext)));
            s.turn(1, "看一下测试", "好的", 20000, 0, 20000, 300);
            HandoffResult r = document(s.events, OFF_PEAK);
            List<String> lines = r.markdown().lines().toList();
            return lines.get(indexOfLine(lines, "- 模型："));
        }

        @Test
        void a_numeric_string_window_is_unknown_to_the_score_but_shown_divided_by_1000() {
            // given
            Session s = new Session().add(Events.event("request/context",
                    Events.json("{\"provider\":\"deepseek\",\"model\":\"deepseek-v4-flash\",\"contextWindow\":\"128000\"}")));
            s.turn(1, "看一下测试", "好的", 64000, 0, 64000, 300);
            // when
            SessionFacts x = ColdFold.fold(s.events);
            // then: the score has no window, the document still says 128K as JavaScript's division did
            assertThat(x.score(Thresholds.DEFAULTS).windowPercent()).isNull();
            assertThat(modelLine("{\"provider\":\"deepseek\",\"model\":\"deepseek-v4-flash\",\"contextWindow\":\"128000\"}"))
                    .isEqualTo("- 模型：deepseek / deepseek-v4-flash（窗口 128K）");
        }

        @Test
        void other_truthy_windows_go_through_javascript_number_conversion() {
            assertThat(modelLine("{\"model\":\"m\",\"contextWindow\":\"None\"}")).endsWith("（窗口 NaNK）");
            assertThat(modelLine("{\"model\":\"m\",\"contextWindow\":true}")).endsWith("（窗口 0.001K）");
            assertThat(modelLine("{\"model\":\"m\",\"contextWindow\":[64000]}")).endsWith("（窗口 64K）");
            assertThat(modelLine("{\"model\":\"m\",\"contextWindow\":\" 0x10 \"}")).endsWith("（窗口 0.016K）");
            assertThat(modelLine("{\"model\":\"m\",\"contextWindow\":\"-Infinity\"}")).endsWith("（窗口 -∞K）");
            assertThat(modelLine("{\"model\":\"m\",\"contextWindow\":0}")).endsWith("（窗口 未知）");
        }

        @Test
        void a_non_string_model_is_printed_as_javascript_strings_it_but_prices_as_missing() {
            assertThat(modelLine("{\"provider\":\"p\",\"model\":42,\"contextWindow\":64000}"))
                    .isEqualTo("- 模型：p / 42（窗口 64K）");
        }
    }

    /** §5.2 options and §0.5: the progress and growth tables take {@code slice(-maxTurns)}. */
    @Nested
    class TurnLimit {

        @Test
        void max_turns_zero_lists_every_turn_because_slice_of_minus_zero_is_the_whole_list() {
            // given: twelve turns, growing
            Session s = new Session().context(128000, "deepseek-v4-flash");
            for (int i = 1; i <= 12; i++) s.turn(i, "第 " + i + " 步", "完成 " + i, 20000 + 2000 * i, 19000, 1000 + 2000 * i, 300);
            // when
            List<String> lines = document(s.events, OFF_PEAK, HandoffOptions.DEFAULTS.withLimits(-1, 0, -1))
                    .markdown().lines().toList();
            // then: the heading says 0, the tables hold all twelve turns (growth: eleven deltas)
            int progress = indexOfLine(lines, "## 各轮进度");
            assertThat(lines.get(progress)).contains("共 12 轮").contains(" 0 轮");
            assertThat(lines.subList(progress, lines.size()).stream().filter(l -> l.matches("\\| \\d+ \\| 第 .*")).count())
                    .isEqualTo(12);
            int growth = indexOfLine(lines, "### 各轮上下文增长");
            assertThat(lines.subList(growth, lines.size()).stream().filter(l -> l.matches("\\| \\d+ \\| [\\d,]+ \\| \\+.*")).count())
                    .isEqualTo(11);
        }
    }

    /**
     * §3.1 post-processing and §0.5: turns are keyed by the raw {@code data.turn} and sorted with
     * {@code (a, b) => a.turn - b.turn} on V8, where a missing number compares as {@code NaN} (read as
     * "equal"), JSON null as 0, and {@code "2"} is a different turn from {@code 2}.
     */
    @Nested
    class TurnNumbers {

        /** One turn whose start, end and messages carry {@code turnJson} (or no turn at all when null). */
        List<JsonNode> turn(String turnJson, String ask, String reply, double total) {
            String field = turnJson == null ? "" : "\"turn\":" + turnJson;
            List<JsonNode> out = new ArrayList<>();
            out.add(Events.event("turn/start", Events.json("{" + field + "}")));
            out.add(Events.user(ask));
            ObjectNode a = Events.assistant(null, reply, null, total);
            if (turnJson != null) ((ObjectNode) a.get("data")).set("turn", Events.json(turnJson));
            out.add(a);
            out.add(Events.event("turn/end", Events.json("{" + field + (field.isEmpty() ? "" : ",")
                    + "\"reason\":{\"kind\":\"completed\"}}")));
            return out;
        }

        List<String> order(SessionFacts x) {
            return x.turns().stream().map(t -> TurnNo.text(t.turn())).toList();
        }

        @Test
        void a_turn_without_a_number_stays_where_v8s_timsort_leaves_it() {
            // given: turns 3, (no number), 1 in log order
            List<JsonNode> events = new ArrayList<>();
            events.add(Events.context(128000, "deepseek-v4-flash"));
            events.addAll(turn("3", "third", "c", 30000));
            events.addAll(turn(null, "unnumbered", "u", 31000));
            events.addAll(turn("1", "first", "a", 32000));
            // when
            SessionFacts x = ColdFold.fold(events);
            // then: NaN comparisons read as "equal", so the natural run 3, undefined, 1 is kept as it is
            assertThat(order(x)).containsExactly("3", "undefined", "1");
            // messages of an unnumbered turn belong to no turn (openTurn is undefined): no size, no prompt
            assertThat(x.turns().get(1).contextTokens()).isNull();
            assertThat(x.turns().get(2).contextDelta()).isEqualTo(2000.0);
            List<String> lines = document(events, OFF_PEAK).markdown().lines().toList();
            int table = indexOfLine(lines, "| 轮 | 请求 |");
            assertThat(lines.get(table + 2)).startsWith("| 3 | third |");
            assertThat(lines.get(table + 3)).startsWith("|  | — | — | 0 | — | completed |");
            assertThat(lines.get(table + 4)).startsWith("| 1 | first |");
            // appendix A shows the last sorted turn, turn 1
            assertThat(lines).contains("### 第 1 轮（completed）");
        }

        @Test
        void a_missing_number_among_ordered_turns_is_not_moved_to_the_end() {
            List<JsonNode> events = new ArrayList<>();
            events.addAll(turn("1", "one", "a", 20000));
            events.addAll(turn(null, "none", "b", 21000));
            events.addAll(turn("2", "two", "c", 22000));
            events.addAll(turn("0.5", "half", "d", 23000));
            // run [1, undefined, 2] ascends (NaN is "equal"), 0.5 is inserted by binary search: compared
            // with undefined (equal, go right) then 2 (less) -> between undefined and 2
            assertThat(order(ColdFold.fold(events))).containsExactly("1", "undefined", "0.5", "2");
        }

        @Test
        void json_null_is_a_turn_of_its_own_that_sorts_as_zero_and_prints_null_or_nothing() {
            List<JsonNode> events = new ArrayList<>();
            events.add(Events.context(128000, "deepseek-v4-flash"));
            events.addAll(turn("1", "one", "a", 20000));
            events.addAll(turn("null", "nothing", "b", 21000));
            SessionFacts x = ColdFold.fold(events);
            assertThat(order(x)).containsExactly("null", "1");
            List<String> lines = document(events, OFF_PEAK).markdown().lines().toList();
            int table = indexOfLine(lines, "| 轮 | 请求 |");
            assertThat(lines.get(table + 2)).startsWith("|  | nothing |");
        }

        @Test
        void a_numeric_string_turn_is_a_different_turn_but_sorts_as_its_number() {
            List<JsonNode> events = new ArrayList<>();
            events.addAll(turn("2", "two", "a", 20000));
            events.addAll(turn("\"2\"", "string two", "b", 21000));
            events.addAll(turn("1", "one", "c", 22000));
            SessionFacts x = ColdFold.fold(events);
            assertThat(x.turns()).hasSize(3);
            assertThat(order(x)).containsExactly("1", "2", "2");
            assertThat(x.turns().get(2).prompt()).isEqualTo("string two");
        }

        @Test
        void the_turn_count_that_scales_costs_counts_distinct_raw_turn_values() {
            // three unnumbered turns are one turn (undefined), so steps per turn = 3 requests / 1 turn
            List<JsonNode> events = new ArrayList<>();
            events.add(Events.context(1000000, "deepseek-v4-flash"));
            for (int i = 0; i < 3; i++) events.addAll(turn(null, "ask " + i, "ok " + i, 300000 + i));
            SessionFacts x = ColdFold.fold(events);
            assertThat(x.turns()).hasSize(1);
            assertThat(x.planInput(0, null, OFF_PEAK).turnCount()).isEqualTo(1.0);
        }
    }

    /** §3.1 and §0.5: seq and time are the raw {@code seq ?? seq0} and {@code time ?? time0} values. */
    @Nested
    class EnvelopeValues {

        ObjectNode decisionReply(String seqJson, String sentence) {
            ObjectNode e = Events.assistant(1, sentence, null, 20000);
            if (seqJson != null) e.set("seq", Events.json(seqJson));
            return e;
        }

        @Test
        void decisions_are_ordered_by_javascripts_number_of_their_seq() {
            // given: seq 20, seq "10" (a string), no seq (?? 0)
            List<JsonNode> events = List.of(Events.turnStart(1),
                    decisionReply("20", "结论：第一条按序号二十排序的决定。"),
                    decisionReply("\"10\"", "结论：第二条序号是字符串十的决定。"),
                    decisionReply(null, "结论：第三条没有序号所以按零排序的决定。"),
                    Events.turnEnd(1));
            // when
            List<String> order = ColdFold.fold(events).decisions().stream().map(SessionFacts.Decision::text).toList();
            // then
            assertThat(order).containsExactly("结论：第三条没有序号所以按零排序的决定。", "结论：第二条序号是字符串十的决定。",
                    "结论：第一条按序号二十排序的决定。");
        }

        @Test
        void a_compaction_time_that_is_not_a_number_is_printed_with_javascripts_string() {
            // given
            ObjectNode summary = Events.event("compaction/summary", Events.json(
                    "{\"summary\":[{\"type\":\"text\",\"text\":\"earlier work\"}],\"shadowedTokenCount\":5000}"));
            summary.put("time", "yesterday");
            ObjectNode prune = Events.event("compaction/prune", Events.json("{\"shadowedTokenCount\":100}"));
            prune.set("time", Events.json("{}"));
            Session s = new Session().context(128000, "deepseek-v4-flash");
            s.turn(1, "开始", "好的", 30000, 29000, 1000, 300).add(summary, prune);
            s.turn(2, "继续做", "好的", 12000, 11000, 1000, 300);
            // when
            List<String> lines = document(s.events, OFF_PEAK).markdown().lines().toList();
            // then
            int table = indexOfLine(lines, "### 压缩历史");
            assertThat(lines.get(table + 4)).startsWith("| yesterday | 模型摘要 |");
            assertThat(lines.get(table + 5)).startsWith("| [object Object] | 仅裁剪 |");
        }

        @Test
        void a_created_at_that_is_an_object_prints_object_object_and_a_nan_duration() {
            Session s = new Session().context(128000, "deepseek-v4-flash");
            s.turn(1, "开始", "好的", 30000, 29000, 1000, 300);
            ((ObjectNode) s.events.get(1)).put("time", 1789066860000L);
            JsonNode header = Events.json("{\"type\":\"session\",\"id\":\"s\",\"cwd\":\"/w\",\"createdAt\":{}}");
            String md = Handoff.build(s.events, new HandoffRequest(header, null, HandoffOptions.DEFAULTS, false, "v0",
                    OFF_PEAK, ZoneOffset.UTC, Texts.chinese(), null, null, 0)).markdown();
            assertThat(md).contains("- 创建：[object Object]\u3000最后活动：2026-09-10 19:01:00（约 NaN 分钟）");
        }
    }

    /** §3.1 {@code turn/end} and §5.3: the end reason keeps the raw value's truthiness and strict {@code === 'completed'}. */
    @Nested
    class EndReasons {

        List<String> docWithEnd(String reasonKindJson) {
            Session s = new Session().context(128000, "deepseek-v4-flash");
            s.turn(1, "第一步", "完成第一步", 20000, 19000, 1000, 300);
            s.events.add(Events.turnStart(2));
            s.events.add(Events.user("第二步"));
            s.events.add(Events.assistant(2, "第二步的回复", null, 21000));
            s.events.add(Events.event("turn/end", Events.json("{\"turn\":2,\"reason\":{\"kind\":" + reasonKindJson + "}}")));
            return document(s.events, OFF_PEAK).markdown().lines().toList();
        }

        @Test
        void an_empty_array_reason_is_truthy_prints_empty_and_is_an_error() {
            List<String> lines = docWithEnd("[]");
            assertThat(lines).contains("### 第 2 轮（）");
            assertThat(lines).anyMatch(l -> l.startsWith("| 2 | 第二步 |") && l.endsWith("|  |"));
            assertThat(lines).anyMatch(l -> l.contains("第 2 轮以 `` 收尾"));
        }

        @Test
        void a_false_reason_prints_false_reads_as_open_in_appendix_a_and_is_not_a_bad_turn() {
            List<String> lines = docWithEnd("false");
            assertThat(lines).contains("### 第 2 轮（未闭合）");
            assertThat(lines).anyMatch(l -> l.startsWith("| 2 | 第二步 |") && l.endsWith("| false |"));
            assertThat(lines).noneMatch(l -> l.contains("第 2 轮以 `false` 收尾"));
            // still an error: false !== 'completed'
            assertThat(lines).anyMatch(l -> l.startsWith("## 遇到的错误") && l.contains("1"));
        }

        @Test
        void an_array_holding_completed_is_not_the_string_completed() {
            List<String> lines = docWithEnd("[\"completed\"]");
            assertThat(lines).anyMatch(l -> l.contains("第 2 轮以 `completed` 收尾"));
        }
    }

    /** §5.4 {@code aggregateErrors}: JavaScript comparisons on the raw turn values and the code's truthiness. */
    @Nested
    class ErrorGroups {

        @Test
        void an_array_turn_compares_with_itself_as_a_string_so_its_error_is_still_active() {
            // given: the only turn's start and end carry the same array (one event: one object)
            Session s = new Session().context(128000, "deepseek-v4-flash");
            s.events.add(Events.event("turn/start", Events.json("{\"turn\":1}")));
            s.events.add(Events.user("开始"));
            s.events.add(Events.event("turn/end", Events.json("{\"turn\":[null,2.5],\"reason\":{\"kind\":\"error\"}}")));
            // when
            SessionFacts x = ColdFold.fold(s.events);
            List<DocumentViews.ErrorGroup> groups = DocumentViews.errorGroups(x, Texts.chinese());
            // then: the last turn is the array itself; ",2.5" >= ",2.5" as strings (numbers would be NaN: false)
            assertThat(TurnNo.text(x.turns().get(x.turns().size() - 1).turn())).isEqualTo(",2.5");
            assertThat(groups).singleElement().satisfies(g -> assertThat(g.stillActive()).isTrue());
        }

        @Test
        void a_false_error_code_groups_apart_but_is_not_shown_in_the_label() {
            Session s = new Session().context(128000, "deepseek-v4-flash");
            s.events.add(Events.turnStart(1));
            s.events.add(Events.event("tool/result", Events.json("{\"turn\":1,\"error\":{\"name\":\"Boom\",\"code\":false},"
                    + "\"message\":{\"content\":[{\"type\":\"tool-result\",\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}]}}")));
            s.events.add(Events.event("tool/result", Events.json("{\"turn\":1,\"error\":{\"name\":\"Boom\"},"
                    + "\"message\":{\"content\":[{\"type\":\"tool-result\",\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":\"y\"}]}]}}")));
            s.events.add(Events.turnEnd(1));
            List<DocumentViews.ErrorGroup> groups = DocumentViews.errorGroups(ColdFold.fold(s.events), Texts.chinese());
            assertThat(groups).hasSize(2).allSatisfy(g -> assertThat(g.label()).isEqualTo("Boom"));
        }
    }

    /** §3.1 {@code todo/write} and §5.3 item 14: property reads on odd todo items give {@code undefined}. */
    @Nested
    class TodoItems {

        List<String> doc(String todosJson) {
            Session s = new Session().context(128000, "deepseek-v4-flash");
            s.events.add(Events.turnStart(1));
            s.events.add(Events.user("开始"));
            s.events.add(Events.event("todo/write", Events.json("{\"todos\":" + todosJson + "}")));
            s.events.add(Events.turnEnd(1));
            return document(s.events, OFF_PEAK).markdown().lines().toList();
        }

        @Test
        void non_object_items_are_listed_with_undefined_content() {
            List<String> lines = doc("[\"abc\", 7, {\"content\":\"真的一项\",\"status\":\"completed\"}]");
            assertThat(lines).containsSubsequence("- [ ] undefined", "- [ ] undefined", "- [x] 真的一项");
        }

        @Test
        void a_missing_or_null_content_prints_undefined_or_null_but_clips_to_nothing_in_next_steps() {
            List<String> lines = doc("[{\"status\":\"in_progress\"},{\"content\":null,\"status\":\"pending\"}]");
            assertThat(lines).contains("- [ ] undefined ← 当时标记为进行中", "- [ ] null");
            // the in-progress next step clips String(content ?? ''): empty
            assertThat(lines).anyMatch(l -> l.startsWith("- ") && l.contains("进行中") && l.contains("****"));
        }
    }

    /** §4.10 {@code prices.json}: the original multiplied the prices, so numeric strings worked as numbers. */
    @Nested
    class PriceFileValues {

        @Test
        void numeric_string_prices_are_used_as_their_numbers() {
            PriceTable table = PriceFile.parse("{\"models\":[{\"prefix\":\"deepseek\",\"offPeak\":{\"hit\":\"0.5\",\"miss\":\" 5 \",\"out\":\"2e1\"}}]}");
            assertThat(table).isNotNull();
            assertThat(table.models()).singleElement().satisfies(m -> {
                assertThat(m.offPeak()).isEqualTo(new PriceTable.TierPrice(0.5, 5, 20));
                assertThat(m.peak()).isNull();
            });
        }

        @Test
        void a_price_that_is_not_a_number_still_makes_the_file_unusable() {
            // the original computed NaN costs from it; we fall back to the built-in table (README, deviations)
            assertThat(PriceFile.parse("{\"models\":[{\"prefix\":\"deepseek\",\"offPeak\":{\"hit\":\"cheap\",\"miss\":1,\"out\":4}}]}")).isNull();
        }
    }

    /** §5.6 {@code plain} and §0.5: JavaScript's line terminators are LF, CR, LS and PS, not NEL (U+0085). */
    @Nested
    class LineTerminators {

        @Test
        void a_table_row_or_heading_after_nel_is_not_at_a_line_start() {
            String note = "… ({0} 字)";
            assertThat(io.dsh4j.attention.core.internal.TextTools.plain("前\u0085| 表 |\n后", 100, note))
                    .isEqualTo("前\u0085| 表 | 后");
            assertThat(io.dsh4j.attention.core.internal.TextTools.plain("x\u0085# 标题\n---", 100, note))
                    .isEqualTo("x\u0085# 标题");
        }

        @Test
        void a_table_row_after_a_line_separator_is_removed() {
            assertThat(io.dsh4j.attention.core.internal.TextTools.plain("前\u2028| 表 |\u2029后", 100, "… ({0} 字)"))
                    .isEqualTo("前 后");
        }
    }

    /** §7: the JSONL files are what the original's {@code JSON.stringify} rows and its lenient reading give. */
    @Nested
    class DiskRows {

        @org.junit.jupiter.api.io.TempDir
        java.nio.file.Path dir;

        private String onlyLine(java.nio.file.Path file) throws java.io.IOException {
            List<String> lines = java.nio.file.Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8);
            assertThat(lines).hasSize(1);
            return lines.get(0);
        }

        @Test
        void numbers_in_a_row_are_written_as_javascript_writes_them() throws Exception {
            // given a row holding whole-number doubles, a fraction, a non-finite value and a negative zero
            ObjectNode row = io.dsh4j.attention.core.internal.Json.emptyObject();
            row.put("usedTokens", 5120.0).put("windowPercent", 8.0).put("effectivePercent", 13.333333333333334)
                    .put("score", 100).put("bad", Double.NaN).put("zero", -0.0).put("big", 1e21);
            // when
            assertThat(JsonlFile.append(dir.resolve("h.jsonl"), row)).isTrue();
            // then: 5120, not 5120.0; NaN as null; -0 as 0; 1e21 in exponent form
            assertThat(onlyLine(dir.resolve("h.jsonl"))).isEqualTo("{\"usedTokens\":5120,\"windowPercent\":8,"
                    + "\"effectivePercent\":13.333333333333334,\"score\":100,\"bad\":null,\"zero\":0,\"big\":1e+21}");
        }

        @Test
        void integer_like_keys_come_first_as_in_a_javascript_object() throws Exception {
            ObjectNode row = io.dsh4j.attention.core.internal.Json.emptyObject();
            row.put("b", 1).put("10", 2).put("a", 3).put("2", 4).put("01", 5);
            JsonlFile.append(dir.resolve("k.jsonl"), row);
            assertThat(onlyLine(dir.resolve("k.jsonl"))).isEqualTo("{\"2\":4,\"10\":2,\"b\":1,\"a\":3,\"01\":5}");
        }

        @Test
        void a_tail_cut_inside_a_surrogate_pair_is_written_as_an_escape_and_read_back_unchanged() throws Exception {
            // given a reasoning tail whose 5-unit cut keeps only the low half of an emoji
            String reasoning = "思考中😀abcd";
            JsonNode tail = GuardTripLog.shapeTail(reasoning, 5);
            assertThat(tail.get("tail").asText()).isEqualTo("\ude00abcd");
            // when
            GuardTripLog.record(dir, 1000, new GuardTrip(GuardTrip.Kind.REPEAT_LINE, 8, 27, "line",
                    java.util.Map.of("streak", 8)), "r", reasoning, "s1", 5);
            // then the file holds JSON.stringify's escape (valid UTF-8), not a '?'
            String line = onlyLine(dir.resolve(GuardTripLog.FILE));
            assertThat(line).contains("\"tail\":\"\\ude00abcd\"").doesNotContain("?");
            assertThat(GuardTripLog.read(dir).get(0).get("tail").asText()).isEqualTo("\ude00abcd");
        }

        @Test
        void a_row_with_bytes_that_are_not_utf8_does_not_hide_the_rows_after_it() throws Exception {
            java.nio.file.Path file = dir.resolve(HandoffHistory.FILE);
            byte[] bad = "{\"score\":50,\"sessionId\":\"a\u00ff\"}\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            byte[] good = "\u3000\n{\"score\":90}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            java.nio.file.Files.write(file, bad);
            java.nio.file.Files.write(file, good, java.nio.file.StandardOpenOption.APPEND);
            // Node decodes the stray byte as U+FFFD and skips the ideographic-space line as blank
            List<JsonNode> rows = HandoffHistory.read(dir);
            assertThat(rows).hasSize(2);
            assertThat(rows.get(0).get("sessionId").asText()).isEqualTo("a\ufffd");
            assertThat(rows.get(1).get("score").asInt()).isEqualTo(90);
        }

        @Test
        void rows_are_trimmed_as_javascript_trims_and_only_numbers_count_as_times_and_scores() throws Exception {
            java.nio.file.Path file = dir.resolve(HandoffHistory.FILE);
            java.nio.file.Files.writeString(file, "\u00a0{\"at\":\"1789783200000\",\"score\":\"85\"}\u3000\n"
                    + "{\"at\":-5,\"score\":-3}\n{\"at\":1789783200000,\"score\":85.5}\n", java.nio.charset.StandardCharsets.UTF_8);
            List<JsonNode> rows = HandoffHistory.read(dir);
            // readHistory trims each line before JSON.parse, so the first row (NBSP, ideographic space) is kept
            assertThat(rows).hasSize(3);
            List<String> lines = HandoffHistory.summarize(rows, file, ZoneOffset.UTC, Texts.chinese());
            String all = String.join("\n", lines);
            // a string score is no score; -3 is in the lowest band; only the positive numeric time spans the range
            assertThat(lines).contains("时间跨度：2026-09-19 02:00:00 至 2026-09-19 02:00:00",
                    "评分分布：80-100 正常 ×1，60-79 留意 ×0，40-59 偏大 ×0，0-39 过大 ×1");
            // the row list shows every numeric time, the string one as unknown
            assertThat(all).contains("1969-12-31 23:59:59");
        }
    }

    /** §5.6 {@code normalize} and {@code tempTag}: JavaScript's case rules, not Java's. */
    @Nested
    class JavaScriptCase {

        @Test
        void a_sigma_before_digits_is_final_as_javascript_lowercases_it() {
            // Java's word-boundary rule saw "ΣΑΣ1a" as one word with a cased letter after the sigma
            assertThat(io.dsh4j.attention.core.internal.TextTools.normalize("ΣΑΣ1a")).isEqualTo("σας1a");
        }

        @Test
        void a_sigma_followed_by_case_ignorable_characters_and_a_letter_is_not_final() {
            // the backtick (a modifier symbol) and the apostrophe are case-ignorable, so the next letter counts
            assertThat(io.dsh4j.attention.core.internal.TextTools.normalize("ΣΑΣ`js")).isEqualTo("σασjs");
            assertThat(io.dsh4j.attention.core.internal.TextTools.normalize("ΟΔΟΣ'a")).isEqualTo("οδοσa");
            assertThat(io.dsh4j.attention.core.internal.TextTools.normalize("ΟΔΟΣ ΚΑΙ")).isEqualTo("οδοςκαι");
            assertThat(io.dsh4j.attention.core.internal.TextTools.normalize("Σ")).isEqualTo("σ");
        }

        @Test
        void the_kelvin_sign_is_not_the_letter_k_in_a_review_folder_name() {
            // /(\\|\/)work(\\|\/)/i without the u flag matches ASCII case variants only
            assertThat(io.dsh4j.attention.core.internal.TextTools.tempKind("tmp/wor\u212A/a.ps1")).isZero();
            assertThat(io.dsh4j.attention.core.internal.TextTools.tempKind("x/WORK/a.ps1")).isEqualTo(2);
            assertThat(io.dsh4j.attention.core.internal.TextTools.tempKind("x\\TMP\\a")).isEqualTo(1);
        }
    }
}
