package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §11 items 52–53 (§6.2–6.4, guard-test.mjs). */
class LoopGuardTest {

    private static GuardTrip feed(LoopGuard g, List<String> chunks) {
        for (String c : chunks) {
            GuardTrip t = g.push(c);
            if (t != null) return t;
        }
        return null;
    }

    @Test
    void eight_identical_long_lines_trip_repeat_line_on_the_eighth() {
        LoopGuard g = new LoopGuard();
        String line = "this reasoning line repeats\n";
        for (int i = 1; i <= 7; i++) assertThat(g.push(line)).isNull();
        GuardTrip t = g.push(line);
        assertThat(t.kind()).isEqualTo(GuardTrip.Kind.REPEAT_LINE);
        assertThat(t.reason(Texts.chinese())).isEqualTo("同一行连续重复 8 次");
        assertThat(t.cancelReason(Texts.chinese())).isEqualTo("attention-health：思考空转 —— 同一行连续重复 8 次");
    }

    @Test
    void inline_units_with_letters_trip_and_separators_never_do() {
        LoopGuard aaaa = new LoopGuard();
        GuardTrip t = null;
        for (int i = 0; i < 20 && t == null; i++) t = aaaa.push("aaaa");
        assertThat(t).isNotNull();
        assertThat(t.kind()).isEqualTo(GuardTrip.Kind.REPEAT_INLINE);
        assertThat(t.second()).isEqualTo(2);
        GuardTrip zh = new LoopGuard().push("这是一行会被重复的内容".repeat(10));
        assertThat(zh.kind()).isEqualTo(GuardTrip.Kind.REPEAT_INLINE);
        assertThat(zh.second()).isEqualTo(11);
        assertThat(zh.reason(Texts.chinese())).isEqualTo("同一片段连续重复 10 次（单元 11 字符）");
        assertThat(new LoopGuard().push("this line repeats itself ".repeat(10))).isNotNull();
        for (String sep : List.of("─".repeat(80), "-".repeat(80), "=".repeat(80), "_".repeat(80), "|---|---|".repeat(12),
                "。".repeat(80))) {
            assertThat(new LoopGuard().push(sep)).as(sep).isNull();
        }
        assertThat(new LoopGuard().push("a long paragraph pasted twice is not looping at all. ".repeat(10))).isNull();
    }

    @Test
    void short_line_alternation_and_few_distinct_lines_trip() {
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < 40; i++) chunks.addAll(List.of("做。\n", "**（Go.）**\n", "做。\n", "**（执行。）**\n"));
        GuardTrip t = feed(new LoopGuard(), chunks);
        assertThat(t.kind()).isIn(GuardTrip.Kind.SPINNING, GuardTrip.Kind.SHORT_LINE_REPEAT);
        List<String> three = new ArrayList<>();
        for (int i = 0; i < 80; i++) three.add("distinct long line number " + (i % 3) + " of the cycle\n");
        assertThat(feed(new LoopGuard(), three).kind()).isEqualTo(GuardTrip.Kind.SPINNING);
    }

    @Test
    void normal_varied_reasoning_never_trips() {
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            chunks.add("Step " + i + ": consider the cache key and its eviction order for input " + (i * 7) + ".\n");
            if (i % 12 == 0) chunks.add("好。\n");
            if (i % 15 == 0) chunks.add("```\n}\n);\n---\n");
        }
        assertThat(feed(new LoopGuard(), chunks)).isNull();
    }

    @Test
    void a_disabled_guard_never_trips_and_odd_input_is_ignored() {
        LoopGuard off = new LoopGuard(GuardOptions.DEFAULTS.disabled());
        for (int i = 0; i < 20; i++) assertThat(off.push("same long line repeated here\n")).isNull();
        LoopGuard g = new LoopGuard();
        assertThat(g.push(null)).isNull();
        assertThat(g.push("")).isNull();
        StringBuilder varied = new StringBuilder();
        for (int i = 0; varied.length() < 500_000; i++) varied.append(i).append(' ');
        assertThat(g.push(varied.toString())).isNull();
        assertThat(g.stats().totalChars()).isEqualTo(varied.length());
        assertThat(new LoopGuard().push("x".repeat(500_000)).kind()).isEqualTo(GuardTrip.Kind.REPEAT_INLINE);
    }

    @Test
    void twenty_thousand_deltas_are_processed_with_bounded_state() {
        LoopGuard g = new LoopGuard();
        for (int i = 0; i < 20_000; i++) {
            assertThat(g.push("token " + i + " of a long varied reasoning stream, " + (i % 17 == 0 ? "\n" : ""))).isNull();
        }
        assertThat(g.stats().windowLines()).isLessThanOrEqualTo(40);
    }

    @Test
    void attempts_get_one_guard_each_dropped_on_end_or_trip_and_unknown_frames_are_ignored() {
        GuardAttempts a = new GuardAttempts(GuardOptions.DEFAULTS, Texts.chinese());
        assertThat(a.reasoningDelta("x", "same long line repeated\n")).isNull();
        a.start("");
        assertThat(a.active()).isZero();
        a.start("a1");
        a.start("a2");
        GuardAttempts.Cancellation c = null;
        for (int i = 0; i < 8 && c == null; i++) c = a.reasoningDelta("a1", "this reasoning line repeats\n");
        assertThat(c).isNotNull();
        assertThat(c.cancelReason()).startsWith("attention-health：思考空转 —— ");
        assertThat(c.tail()).endsWith("this reasoning line repeats\n").hasSizeLessThanOrEqualTo(500);
        assertThat(a.active()).isEqualTo(1);
        assertThat(a.reasoningDelta("a1", "more")).isNull();
        a.end("a2");
        assertThat(a.active()).isZero();
    }
}
