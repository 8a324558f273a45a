package io.dsh4j.app.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Label columns of the {@code health} text output. */
class LabelColumnsTest {

    @Test
    void labels_are_padded_to_the_widest_counting_wide_characters_twice() {
        assertThat(LabelColumns.align(List.of("会话 ：s1", "重复工具调用：最长连续 3 次", "发现：")))
                .containsExactly("会话        ：s1", "重复工具调用：最长连续 3 次", "发现        ：");
        assertThat(LabelColumns.align(List.of("Session: s1", "Health score: 90 / 100 — fine", "plain line")))
                .containsExactly("Session     : s1", "Health score: 90 / 100 — fine", "plain line");
    }

    @Test
    void the_first_separator_wins_and_widths_count_code_points() {
        assertThat(LabelColumns.align(List.of("Log: /tmp/a: b", "zstd frames: 3 (0 failed)")))
                .containsExactly("Log        : /tmp/a: b", "zstd frames: 3 (0 failed)");
        assertThat(LabelColumns.width("ab")).isEqualTo(2);
        assertThat(LabelColumns.width("会话")).isEqualTo(4);
        assertThat(LabelColumns.width("😀x")).isEqualTo(3);
        assertThat(LabelColumns.align(List.of())).isEmpty();
    }
}
