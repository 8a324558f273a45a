package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.Corpus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole corpus through the offline path: no failure, every block within its budget, deterministic. */
class CorpusMergeTest {

    @Test
    void every_corpus_log_merges_with_its_neighbours_within_budget_deterministically_and_trust_clean() {
        List<Surface> all = new ArrayList<>();
        for (Path log : Corpus.rawLogs()) {
            if (log.getFileName().toString().equals("session.expected.jsonl")) continue;
            try {
                all.add(CorpusSessions.surface(log, Trust.EXTERNAL));
            } catch (RuntimeException notASession) {
                // header-only, replay scripts and synthetic robustness files are not sessions of this shape
            }
        }
        assertThat(all).hasSizeGreaterThan(100);
        int rendered = 0;
        for (int i = 0; i + 1 < all.size(); i += 2) {
            List<Surface> pair = List.of(all.get(i), all.get(i + 1));
            MergeOutcome m = BeliefMerge.mergeSurfacesAligned(pair, MergeOptions.defaults(), null, CancelSignal.NEVER, w -> { });
            assertThat(TrustCheck.check(m.slots()).ok()).isTrue();
            for (int budget : List.of(400, 1200)) {
                Renderer.Rendered r = m.render(Renderer.Options.defaults().withBudget(budget));
                if (r.text().isEmpty()) continue;
                rendered++;
                assertThat(r.tokens()).isLessThanOrEqualTo((int) Math.ceil(budget * 1.1));
                assertThat(m.render(Renderer.Options.defaults().withBudget(budget))).isEqualTo(r);
            }
        }
        assertThat(rendered).isGreaterThan(50);
    }
}
