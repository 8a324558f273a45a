package io.dsh4j.beliefmerge.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

/** MergeBench driver arguments (spec §11.4): hostile counts are refused by name, never run for days or misreported. */
class MergeBenchArgsTest {

    @Test
    void a_seed_count_beyond_the_cap_is_refused_naming_the_option_and_the_cap() {
        assertThatIllegalArgumentException().isThrownBy(() -> new MergeBench.Args(MergeBench.MAX_SEEDS + 1, 8, 2, 1200, 2))
                .withMessageContaining("--seeds").withMessageContaining(Integer.toString(MergeBench.MAX_SEEDS));
        assertThatIllegalArgumentException().isThrownBy(() -> new MergeBench.Args(Integer.MAX_VALUE, 8, 2, 1200, 2))
                .withMessageContaining("--seeds");
        assertThat(new MergeBench.Args(MergeBench.MAX_SEEDS, 8, 2, 1200, 2).seeds()).isEqualTo(MergeBench.MAX_SEEDS);
    }

    @Test
    void more_topics_than_the_pool_holds_is_refused_instead_of_silently_cut() {
        int pool = TopicPool.TOPICS.size();
        assertThat(pool).isEqualTo(16);
        assertThatIllegalArgumentException().isThrownBy(() -> new MergeBench.Args(5, pool + 1, 2, 1200, 2))
                .withMessageContaining("--topics").withMessageContaining("16");
        assertThatIllegalArgumentException().isThrownBy(() -> new MergeBench.Args(5, 1_000_000, 2, 1200, 2))
                .withMessageContaining("--topics");
        assertThatIllegalArgumentException().isThrownBy(() -> new MergeBench.Args(5, 0, 2, 1200, 2))
                .withMessageContaining("--topics");
        // the largest accepted count really produces that many topics
        MergeBench.Report r = MergeBench.run(new MergeBench.Args(1, pool, 2, 1200, 2));
        assertThat(r.scenarios().getFirst().bridge()).isEqualTo(pool);
    }
}
