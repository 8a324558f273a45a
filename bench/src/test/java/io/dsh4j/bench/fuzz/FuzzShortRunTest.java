package io.dsh4j.bench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short run of the issue-17 fuzz campaign in the test suite (the long run is
 * {@code bench/scripts/fuzz.sh}): a fixed seed, every mutation class over every entry point, zero defects.
 */
class FuzzShortRunTest {

    @TempDir
    Path work;

    @Test
    void two_thousand_mutated_logs_break_no_invariant_of_verify_stats_health_or_merge() throws Exception {
        FuzzCampaign.Report report = FuzzCampaign.overCorpus(work).run(20261201L, 0, 2_000);
        assertThat(report.cases()).isEqualTo(2_000);
        for (FuzzCampaign.Entry e : FuzzCampaign.Entry.values()) {
            for (LogMutator.Mutation m : LogMutator.Mutation.values()) {
                assertThat(report.count(e, m)).as(e + " × " + m).isPositive();
            }
        }
        assertThat(report.defects()).as(report.table()).isEmpty();
        assertThat(report.defectCount()).isZero();
    }

    @Test
    void a_planted_defect_is_reported_by_the_prefix_invariant() {
        // the invariant is not vacuous: a read of a truncated copy that claims an event past the seed's is caught
        var seed = java.util.List.of(io.dsh4j.session.event.SessionEvent.of("turn/start", 0, 0,
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("turn", 1)));
        var more = java.util.List.of(seed.get(0), io.dsh4j.session.event.SessionEvent.of("turn/start", 1, 0,
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("turn", 2)));
        assertThat(FuzzCampaign.isPrefixForTest(seed, more)).isTrue();
        assertThat(FuzzCampaign.isPrefixForTest(more, seed)).isFalse();
    }
}
