package io.dsh4j.app.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The {@code --all} row padded by hand is the row {@code String.format} printed. */
class HealthRowProperties {

    @Property(tries = 2000)
    void row_is_the_formatted_row(@ForAll @IntRange(min = -1000, max = 10000) int score,
            @ForAll @Size(max = 12) String level, @ForAll @Size(max = 12) String advice,
            @ForAll @Size(max = 9) String effective, @ForAll @Size(max = 50) String id) {
        assertThat(HealthCommand.row(score, level, advice, effective, id))
                .isEqualTo(String.format(Locale.ROOT, "%3d  %-8s  %-8s  %6s  %s", score, level, advice, effective, id));
    }
}
