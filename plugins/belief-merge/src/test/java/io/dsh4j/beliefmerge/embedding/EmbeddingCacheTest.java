package io.dsh4j.beliefmerge.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.beliefmerge.core.SemanticAlignment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedding cache: only unseen texts are embedded, across instances through the file; damaged files lose nothing valid. */
class EmbeddingCacheTest {

    @TempDir
    Path dir;

    final AtomicInteger embedded = new AtomicInteger();
    final SemanticAlignment.Embedder counting = texts -> {
        embedded.addAndGet(texts.size());
        float[][] out = new float[texts.size()][];
        for (int i = 0; i < texts.size(); i++) out[i] = new float[] {texts.get(i).length(), texts.get(i).hashCode() % 7, 1};
        return out;
    };

    EmbeddingCache cache(List<String> warnings) {
        return new EmbeddingCache(counting, "test-model", 3, EmbeddingCache.fileUnder(dir, "test-model"), warnings::add);
    }

    @Test
    void a_re_merge_embeds_only_new_texts_and_a_new_process_reads_the_rest_from_the_file() {
        List<String> warnings = new ArrayList<>();
        EmbeddingCache first = cache(warnings);
        float[][] v1 = first.embed(List.of("alpha", "beta", "alpha"));
        assertThat(embedded.get()).isEqualTo(2);
        assertThat(v1[0]).isEqualTo(v1[2]);
        first.embed(List.of("beta", "gamma"));
        assertThat(embedded.get()).isEqualTo(3);
        assertThat(first.misses()).isEqualTo(3);

        EmbeddingCache second = cache(warnings);
        float[][] v2 = second.embed(List.of("gamma", "alpha", "beta"));
        assertThat(embedded.get()).isEqualTo(3);
        assertThat(second.misses()).isZero();
        assertThat(v2[1]).isEqualTo(v1[0]);
        assertThat(warnings).isEmpty();
    }

    @Test
    void a_cut_last_record_is_ignored_with_one_warning_and_the_valid_ones_are_kept() throws Exception {
        cache(new ArrayList<>()).embed(List.of("alpha", "beta"));
        Path file = EmbeddingCache.fileUnder(dir, "test-model");
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 5));
        List<String> warnings = new ArrayList<>();
        EmbeddingCache again = cache(warnings);
        again.embed(List.of("alpha", "beta"));
        assertThat(embedded.get()).isEqualTo(3);             // beta's record was cut: embedded again
        assertThat(warnings).hasSize(1).allSatisfy(w -> assertThat(w).contains("cut record"));
        assertThat(Files.size(file)).isEqualTo(bytes.length - 5);   // never appended off a record boundary
    }

    @Test
    void garbage_or_another_dimension_count_is_not_read_and_never_overwritten() throws Exception {
        Path file = EmbeddingCache.fileUnder(dir, "test-model");
        Files.write(file, "not a cache at all".getBytes());
        List<String> warnings = new ArrayList<>();
        cache(warnings).embed(List.of("alpha"));
        assertThat(warnings).singleElement().asString().contains("bad header");
        assertThat(Files.readString(file)).isEqualTo("not a cache at all");

        cache(new ArrayList<>()).embed(List.of("x"));
        Path other = dir.resolve("other");
        Files.createDirectories(other);
        new EmbeddingCache(counting, "m", 3, EmbeddingCache.fileUnder(other, "m"), w -> { }).embed(List.of("a"));
        List<String> w2 = new ArrayList<>();
        new EmbeddingCache(texts -> new float[][] {{1, 2, 3, 4}}, "m", 4, EmbeddingCache.fileUnder(other, "m"), w2::add)
                .embed(List.of("a"));
        assertThat(w2).singleElement().asString().contains("3-dimension vectors, expected 4");
    }

    @Test
    void a_model_answering_the_wrong_shape_is_an_error_not_a_cached_value() {
        EmbeddingCache bad = new EmbeddingCache(texts -> new float[][] {{1, 2}}, "m", 3, null, w -> { });
        assertThatThrownBy(() -> bad.embed(List.of("a"))).hasMessageContaining("2 dimensions, expected 3");
        EmbeddingCache short_ = new EmbeddingCache(texts -> new float[0][], "m", 3, null, w -> { });
        assertThatThrownBy(() -> short_.embed(List.of("a"))).hasMessageContaining("0 vectors for 1 texts");
    }

    @Test
    void an_unwritable_home_warns_once_and_the_cache_works_in_memory() throws Exception {
        Path blocked = dir.resolve("blocked");
        Files.writeString(blocked, "a file where the directory should be");
        List<String> warnings = new ArrayList<>();
        EmbeddingCache c = new EmbeddingCache(counting, "m", 3, blocked.resolve("sub/m.bin"), warnings::add);
        c.embed(List.of("a"));
        c.embed(List.of("a", "b"));
        assertThat(embedded.get()).isEqualTo(2);
        assertThat(warnings).singleElement().asString().contains("cannot be written");
    }
}
