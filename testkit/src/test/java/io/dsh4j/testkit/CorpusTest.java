package io.dsh4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class CorpusTest {

    @Test
    void finds_all_133_raw_logs_and_a_zstd_twin_for_each() {
        var raw = Corpus.rawLogs();
        assertThat(raw).hasSize(133);
        assertThat(Corpus.zstdLogs()).hasSize(133);
        assertThat(raw).allSatisfy(p -> assertThat(Files.isRegularFile(Corpus.zstdTwinOf(p))).isTrue());
    }

    @Test
    void names_are_paths_inside_the_corpus() {
        var first = Corpus.rawLogs().getFirst();
        assertThat(Corpus.nameOf(first)).startsWith("apps/").endsWith(".jsonl");
        assertThat(Corpus.nameOf(Corpus.zstdTwinOf(first))).isEqualTo(Corpus.nameOf(first) + ".zstd");
    }

    @Test
    void the_damaged_cases_and_the_oracle_are_present() {
        assertThat(Corpus.damagedDir().resolve("MANIFEST.json")).isRegularFile();
        assertThat(Corpus.oracle().resolve("attention-health/expected.json")).isRegularFile();
    }
}
