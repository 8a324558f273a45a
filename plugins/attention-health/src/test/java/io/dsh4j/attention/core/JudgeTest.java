package io.dsh4j.attention.core;

import static io.dsh4j.attention.core.DegradeReason.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec §11 items 5, 14–17 (§4.1–4.3, §2.6 #1). */
class JudgeTest {

    @Nested
    class ContextTokens {
        @Test
        void total_tokens_win_over_the_parts() {
            assertThat(MessageText.contextTokens(Events.json("{\"totalTokens\":999,\"inputTokens\":1}"))).isEqualTo(999);
        }

        @Test
        void parts_are_summed_when_total_is_missing() {
            assertThat(MessageText.contextTokens(Events.json(
                    "{\"inputTokens\":11308,\"cacheReadTokens\":1024,\"outputTokens\":1320}"))).isEqualTo(13652);
        }

        @Test
        void non_finite_negative_zero_and_string_values_give_no_size() {
            var f = Events.M.getNodeFactory();
            for (JsonNode bad : new JsonNode[] {f.numberNode(Double.NaN), f.numberNode(Double.POSITIVE_INFINITY),
                    f.numberNode(Double.NEGATIVE_INFINITY), f.numberNode(-5), f.numberNode(0), f.textNode("999")}) {
                var usage = f.objectNode();
                usage.set("totalTokens", bad);
                usage.set("inputTokens", bad);
                assertThat(MessageText.contextTokens(usage)).as(bad.toString()).isZero();
            }
            assertThat(MessageText.contextTokens(null)).isZero();
            assertThat(MessageText.contextTokens(f.textNode("x"))).isZero();
        }
    }

    @Nested
    class Replies {
        @Test
        void odd_number_of_fences_is_fence() {
            assertThat(DegradeJudge.replyReasons("```js\nconst x = 1;\n")).containsExactly(FENCE);
        }

        @Test
        void three_identical_consecutive_lines_longer_than_four_chars_is_line_repeat() {
            assertThat(DegradeJudge.replyReasons("hello world\nhello world\nhello world")).containsExactly(LINE_REPEAT);
            assertThat(DegradeJudge.replyReasons("okay\nokay\nokay\nokay")).isEmpty();
        }

        @Test
        void a_repeated_paragraph_longer_than_25_chars_is_para_repeat() {
            String p = "这是一段足够长的段落，用来测试段落复读检测是否生效的。";
            assertThat(p.length()).isGreaterThan(25);
            assertThat(DegradeJudge.replyReasons(p + "\n\n中间\n\n" + p)).containsExactly(PARA_REPEAT);
        }

        @Test
        void sixteen_exotic_symbols_with_four_distinct_is_symbol_run() {
            assertThat(DegradeJudge.replyReasons("看这里 ※★☆●▲■◆○◇※★☆●▲■◆○ 结束")).containsExactly(SYMBOL_RUN);
        }

        @Test
        void box_drawing_regex_code_and_mixed_technical_text_are_not_degraded() {
            assertThat(DegradeJudge.replyReasons("╔══════╦══════╗\n║ 名称 ║ 数值 ║\n╚══════╩══════╝")).isEmpty();
            assertThat(DegradeJudge.replyReasons("正则是 /^[{}()\\[\\];,.<>|=+\\-*/\\\\_#~^&%$@!?:\"']+$/ 这样")).isEmpty();
            assertThat(DegradeJudge.replyReasons("代码：`※★☆●▲■◆○◇※★☆●▲■◆○`\n```\n※★☆●▲■◆○◇※★☆●▲■◆○◇\n```")).isEmpty();
            assertThat(DegradeJudge.replyReasons("我把 `session-log.mjs` 里的 readSession() 改成流式读取，"
                    + "并在 test/handoff-test.mjs 加了 torn-tail 用例；npm test 全部通过。")).isEmpty();
            assertThat(DegradeJudge.replyReasons("好的，我这就改。")).isEmpty();
        }
    }

    @Nested
    class Reasoning {
        private String loopText(int lines, int distinct) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < lines; i++) sb.append("line number ").append(i % distinct).append('\n');
            return sb.toString();
        }

        @Test
        void thirty_lines_with_repeat_rate_07_is_a_loop_and_06_is_not() {
            assertThat(DegradeJudge.reasoningReasons(loopText(30, 9))).contains(THINK_LOOP);
            assertThat(DegradeJudge.reasoningReasons(loopText(30, 12))).doesNotContain(THINK_LOOP);
        }

        @Test
        void a_block_of_100000_chars_is_huge() {
            assertThat(DegradeJudge.reasoningReasons("a b c ".repeat(16_667))).contains(THINK_HUGE);
            assertThat(DegradeJudge.reasoningReasons("x".repeat(99_999))).doesNotContain(THINK_HUGE);
        }

        @Test
        void reasoning_budget_16000_is_flagged_15999_is_not_and_needs_usage() {
            JsonNode content = Events.json("[]");
            assertThat(DegradeJudge.scanReasoning(content, Events.json("{\"reasoningTokens\":16000}")).reasons())
                    .containsExactly(THINK_BUDGET);
            assertThat(DegradeJudge.scanReasoning(content, Events.json("{\"reasoningTokens\":15999}")).flagged()).isFalse();
            assertThat(DegradeJudge.scanReasoning(Events.json("[{\"type\":\"reasoning\",\"text\":\"  \"}]"),
                    Events.json("{\"reasoningTokens\":256000}")).flagged()).isTrue();
            assertThat(DegradeJudge.scanReasoning(content, null).flagged()).isFalse();
        }

        @Test
        void budget_or_symbol_run_alone_changes_neither_loop_nor_flags() {
            ColdFold fold = ColdFold.forDocument();
            var budget = Events.assistant(1, "ok", null, 1000);
            ((com.fasterxml.jackson.databind.node.ObjectNode) budget.get("data").get("usage")).put("reasoningTokens", 20000);
            fold.accept(budget);
            fold.accept(Events.assistant(1, "ok", "思考 ※★☆●▲■◆○◇※★☆●▲■◆○◇ 结束", 1000));
            SessionFacts x = fold.finish();
            assertThat(x.reasoningLoop()).isZero();
            assertThat(x.reasoningFlags()).isZero();
            assertThat(x.reasoningReasons()).extracting(SessionFacts.ReasonCount::reason)
                    .containsExactly(THINK_BUDGET, SYMBOL_RUN);
        }

        @Test
        void only_reasoning_blocks_are_scanned_and_worst_repeat_is_the_total_count() {
            String loop = "好。\n".repeat(25) + "执行。\n".repeat(10);
            ReasoningScan scan = DegradeJudge.scanReasoning(Events.json("[{\"type\":\"text\",\"text\":\"normal\"},"
                    + "{\"type\":\"reasoning\",\"text\":" + Events.M.valueToTree(loop) + "}]"), null);
            assertThat(scan.reasons()).containsExactly(THINK_LOOP);
            assertThat(scan.worstRepeat()).isEqualTo(25);
        }

        @Test
        void every_label_has_its_chinese_literal() {
            Texts zh = Texts.chinese();
            assertThat(FENCE.label(zh)).isEqualTo("围栏不闭合");
            assertThat(LINE_REPEAT.label(zh)).isEqualTo("同行复读");
            assertThat(PARA_REPEAT.label(zh)).isEqualTo("段落复读");
            assertThat(SYMBOL_RUN.label(zh)).isEqualTo("符号堆砌");
            assertThat(THINK_LOOP.label(zh)).isEqualTo("思考打转");
            assertThat(THINK_HUGE.label(zh)).isEqualTo("思考异常长");
            assertThat(THINK_BUDGET.label(zh)).isEqualTo("思考预算打满");
        }
    }
}
