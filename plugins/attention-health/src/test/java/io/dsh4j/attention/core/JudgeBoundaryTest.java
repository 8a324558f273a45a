package io.dsh4j.attention.core;

import static io.dsh4j.attention.core.DegradeReason.FENCE;
import static io.dsh4j.attention.core.DegradeReason.LINE_REPEAT;
import static io.dsh4j.attention.core.DegradeReason.PARA_REPEAT;
import static io.dsh4j.attention.core.DegradeReason.SYMBOL_RUN;
import static io.dsh4j.attention.core.DegradeReason.THINK_HUGE;
import static io.dsh4j.attention.core.DegradeReason.THINK_LOOP;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Spec §11 items 14 and 16 at their edges (§4.1–4.2). {@code JudgeTest} shows each rule firing on
 * one clear example; these pin the thresholds themselves — one step below each limit is clean, the
 * limit fires — so a rule that fired on "anything odd" would fail here.
 */
class JudgeBoundaryTest {

    private static String between(String run) {
        return "看这里 " + run + " 结束";
    }

    @Test
    void a_symbol_run_needs_16_code_points() {
        assertThat(DegradeJudge.replyReasons(between("※★☆●▲■◆○◇※★☆●▲■"))).isEmpty();
        assertThat(DegradeJudge.replyReasons(between("※★☆●▲■◆○◇※★☆●▲■◆"))).containsExactly(SYMBOL_RUN);
    }

    @Test
    void a_symbol_run_needs_four_distinct_characters() {
        assertThat(DegradeJudge.replyReasons(between("※★☆".repeat(8)))).isEmpty();
        assertThat(DegradeJudge.replyReasons(between("※★☆●".repeat(4)))).containsExactly(SYMBOL_RUN);
    }

    @Test
    void a_symbol_run_needs_half_of_its_units_outside_printable_ascii() {
        assertThat(DegradeJudge.replyReasons(between("※★☆●▲■◆" + "!?#%&*+=/"))).as("7 of 16").isEmpty();
        assertThat(DegradeJudge.replyReasons(between("※★☆●▲■◆○" + "!?#%&*+="))).as("8 of 16").containsExactly(SYMBOL_RUN);
    }

    @Test
    void box_drawing_characters_do_not_make_a_run() {
        assertThat(DegradeJudge.replyReasons(between("─│┌┐└┘├┤┬┴┼═║╔╗╚╝▀▄█"))).isEmpty();
    }

    @Test
    void a_line_repeat_needs_three_consecutive_lines_longer_than_four_characters() {
        assertThat(DegradeJudge.replyReasons("abcde\nabcde\nabcde")).containsExactly(LINE_REPEAT);
        assertThat(DegradeJudge.replyReasons("abcde\nabcde\nother\nabcde")).isEmpty();
        assertThat(DegradeJudge.replyReasons("abcde\nabcde")).isEmpty();
        assertThat(DegradeJudge.replyReasons("  abcde\n\nabcde  \n\t abcde")).as("trimmed, blank lines dropped")
                .containsExactly(LINE_REPEAT);
    }

    @Test
    void a_paragraph_repeat_needs_more_than_25_characters() {
        String p25 = "p".repeat(25);
        String p26 = "p".repeat(26);
        assertThat(DegradeJudge.replyReasons(p25 + "\n\nmiddle\n\n" + p25)).isEmpty();
        assertThat(DegradeJudge.replyReasons(p26 + "\n\nmiddle\n\n" + p26)).containsExactly(PARA_REPEAT);
        assertThat(DegradeJudge.replyReasons(p26 + "\n  \nmiddle\n \t \n" + p26)).as("blank line with spaces")
                .containsExactly(PARA_REPEAT);
    }

    @Test
    void an_even_number_of_fences_is_not_a_fence() {
        assertThat(DegradeJudge.replyReasons("```js\nconst x = 1;\n```")).isEmpty();
        assertThat(DegradeJudge.replyReasons("```a```\n```")).containsExactly(FENCE);
        assertThat(DegradeJudge.replyReasons("")).isEmpty();
        assertThat(DegradeJudge.replyReasons(" \n\t ")).isEmpty();
    }

    @Test
    void a_reasoning_loop_needs_30_non_empty_lines() {
        String line = "the same thought again\n";
        assertThat(DegradeJudge.reasoningReasons(line.repeat(29))).doesNotContain(THINK_LOOP);
        assertThat(DegradeJudge.reasoningReasons(line.repeat(30))).containsExactly(THINK_LOOP);
        assertThat(DegradeJudge.reasoningReasons((line + "\n  \n").repeat(29))).as("blank lines do not count")
                .doesNotContain(THINK_LOOP);
    }

    @Test
    void a_reasoning_block_of_exactly_100000_characters_is_huge() {
        assertThat(DegradeJudge.reasoningReasons("x".repeat(100_000))).containsExactly(THINK_HUGE);
        assertThat(DegradeJudge.reasoningReasons("x".repeat(99_999))).isEmpty();
    }
}
