package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Spec §11 item 12 (§3.2.4 {@code withSample}): what {@code FoldTest} leaves open — that an item of
 * the same turn and kind is <em>replaced</em> (removed, then the new one appended) rather than
 * appended beside it, that only turn <em>and</em> kind together identify an item, and that reply
 * excerpts are cut to one line of at most 200 characters.
 */
class DegradedSamplesTest {

    static final HealthReducer HOT = new HealthReducer(Clock.fixed(Instant.parse("2026-09-19T02:00:00Z"), ZoneOffset.UTC));

    private static String repeatedReply(String line) {
        return (line + "\n").repeat(3);
    }

    private static HealthState replies(int... turns) {
        HealthState s = HOT.init();
        for (int t : turns) s = HOT.apply(s, Events.assistant(t, repeatedReply("reply of turn " + t), null, 1000));
        return s;
    }

    @Test
    void a_sample_of_the_same_turn_and_kind_is_replaced_and_moves_to_the_end() {
        // given five reply samples for turns 1..5
        HealthState s = replies(1, 2, 3, 4, 5);
        // when turn 3 degrades again
        HealthState again = HOT.apply(s, Events.assistant(3, repeatedReply("second reply of turn 3"), null, 1000));
        // then turn 3 is not duplicated, turn 1 is not evicted, and the new excerpt comes last
        assertThat(again.counters().degradedSamples()).extracting(DegradedSample::turn).containsExactly(1, 2, 4, 5, 3);
        assertThat(again.counters().degradedSamples().get(4).excerpt()).startsWith("second reply of turn 3");
        assertThat(again.counters().degradedSamples()).extracting(DegradedSample::excerpt)
                .noneMatch(e -> e.startsWith("reply of turn 3"));
    }

    @Test
    void a_sixth_distinct_sample_evicts_the_oldest() {
        assertThat(replies(1, 2, 3, 4, 5, 6).counters().degradedSamples()).extracting(DegradedSample::turn)
                .containsExactly(2, 3, 4, 5, 6);
    }

    @Test
    void the_same_turn_with_another_kind_is_a_separate_sample() {
        String loop = "前言。\n" + "同一行推理内容反复出现\n".repeat(40);
        HealthState s = HOT.apply(HOT.init(), Events.assistant(7, repeatedReply("a reply line repeated"), loop, 1000));
        assertThat(s.counters().degradedSamples()).extracting(DegradedSample::turn, DegradedSample::kind)
                .containsExactly(tuple(7, "reasoning"), tuple(7, "reply"));
    }

    @Test
    void a_long_multi_line_reply_excerpt_is_one_line_of_200_characters() {
        String line = "x".repeat(150) + "   \t ";
        HealthState s = HOT.apply(HOT.init(), Events.assistant(2, repeatedReply(line), null, 1000));
        String excerpt = s.counters().degradedSamples().get(0).excerpt();
        assertThat(excerpt).hasSize(200).doesNotContain("\n", "\t", "  ").startsWith("x".repeat(150) + " x");
    }

    @Test
    void a_reasoning_excerpt_starts_at_the_block_when_no_line_repeats_three_times() {
        StringBuilder huge = new StringBuilder("开头的一行\n");
        for (int i = 0; huge.length() < 100_000; i++) huge.append("distinct line ").append(i).append('\n');
        HealthState s = HOT.apply(HOT.init(), Events.assistant(4, "ok", huge.toString(), 1000));
        assertThat(s.counters().reasoningFlags()).isEqualTo(1);
        assertThat(s.counters().degradedSamples()).singleElement()
                .satisfies(d -> assertThat(d.excerpt()).startsWith("开头的一行 distinct line 0"));
    }
}
