package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §7.1 {@code --calibration}: the score distribution sorts history rows into the four level
 * bands at the §4.4 boundaries (80 / 60 / 40), and rows without a score are not counted.
 */
class CalibrationBandsTest {

    @TempDir
    Path dir;

    @Test
    void scores_fall_into_the_level_bands_at_their_boundaries_and_missing_scores_are_left_out() {
        for (String score : List.of("100", "80", "79", "60", "59", "40", "39", "0", "null", "\"x\"")) {
            HandoffHistory.record(dir, Events.json("{\"at\":1789066800000,\"score\":" + score + "}"));
        }
        List<String> lines = HandoffHistory.summarize(HandoffHistory.read(dir), dir.resolve(HandoffHistory.FILE),
                ZoneOffset.UTC, Texts.chinese());
        assertThat(lines).contains("评分分布：80-100 正常 ×2，60-79 留意 ×2，40-59 偏大 ×2，0-39 过大 ×2");
    }
}
