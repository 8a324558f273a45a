package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * CONVENTIONS "validate at the edge, once … name what is wrong": guard options out of range are
 * refused with the option's name and value (it was one message, "invalid guard options", for
 * every case), and {@code GUARD_DEFAULTS} (spec §6.3) passes.
 */
class GuardOptionsTest {

    private static GuardOptions with(int streak, int window, int shortWindow, int minPeriod, int maxPeriod, double ratio) {
        GuardOptions d = GuardOptions.DEFAULTS;
        return new GuardOptions(true, streak, d.minLineChars(), window, d.windowMinLines(), ratio, shortWindow,
                d.shortLineMaxChars(), d.shortLineRepeatLimit(), d.shortLineMinCount(), minPeriod, maxPeriod,
                d.inlineMinPendingChars());
    }

    @Test
    void the_defaults_are_the_original_guard_defaults() {
        assertThat(GuardOptions.DEFAULTS).isEqualTo(with(8, 40, 60, 2, 40, 0.25));
        assertThat(GuardOptions.DEFAULTS.minLineChars()).isEqualTo(12);
        assertThat(GuardOptions.DEFAULTS.windowMinLines()).isEqualTo(24);
    }

    @Test
    void each_option_out_of_range_is_named_with_its_value() {
        assertThatThrownBy(() -> with(0, 40, 60, 2, 40, 0.25)).hasMessage("guard option streakLimit must be at least 1, got 0");
        assertThatThrownBy(() -> with(8, 0, 60, 2, 40, 0.25)).hasMessageContaining("windowLines").hasMessageContaining("got 0");
        assertThatThrownBy(() -> with(8, 40, -1, 2, 40, 0.25)).hasMessageContaining("shortLineWindow").hasMessageContaining("got -1");
        assertThatThrownBy(() -> with(8, 40, 60, 0, 40, 0.25)).hasMessageContaining("inlineMinPeriod");
        assertThatThrownBy(() -> with(8, 40, 60, 5, 4, 0.25)).hasMessage("guard option inlineMaxPeriod must be at least 5, got 4");
        assertThatThrownBy(() -> with(8, 40, 60, 2, 40, Double.NaN)).hasMessageContaining("uniqueRatioMin");
        assertThatThrownBy(() -> with(8, 40, 60, 2, 40, 1.5)).hasMessageContaining("uniqueRatioMin").hasMessageContaining("1.5");
    }
}
