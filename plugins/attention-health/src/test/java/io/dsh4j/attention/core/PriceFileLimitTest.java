package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GUIDE "Bad input … sizes capped" for {@code prices.json} (spec §4.10): the file is read whole, so
 * a huge one must not be read at all — it falls back to the built-in table like a broken one
 * instead of exhausting the heap (a file over 2 GiB made {@code Files.readString} throw
 * {@code OutOfMemoryError}, which nothing catches).
 */
class PriceFileLimitTest {

    @TempDir
    Path dir;

    @AfterEach
    void forget() {
        PriceFile.resetCache();
    }

    private static final String VALID = """
            {"fetchedAt":"2027-01-02","models":[{"prefix":"deepseek-flash",
             "offPeak":{"hit":0.01,"miss":0.5,"out":2},"peak":{"hit":0.02,"miss":1,"out":4}}]}""";

    @Test
    void a_file_over_the_cap_is_not_read_and_the_built_in_table_applies() throws Exception {
        Path file = dir.resolve(PriceFile.FILE);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        assertThat(PriceFile.load(dir)).isSameAs(PriceTable.DEFAULTS);
        Files.delete(file);
        Files.writeString(file, VALID + " ".repeat((int) PriceFile.MAX_BYTES - VALID.length() + 1));
        assertThat(Files.size(file)).isEqualTo(PriceFile.MAX_BYTES + 1);
        assertThat(PriceFile.load(dir)).isSameAs(PriceTable.DEFAULTS);
    }

    @Test
    void a_valid_file_at_the_cap_is_used() throws Exception {
        Path file = dir.resolve(PriceFile.FILE);
        Files.writeString(file, VALID + " ".repeat((int) PriceFile.MAX_BYTES - VALID.length()));
        assertThat(Files.size(file)).isEqualTo(PriceFile.MAX_BYTES);
        PriceTable t = PriceFile.load(dir);
        assertThat(t.fromFile()).isTrue();
        assertThat(Prices.resolve("deepseek-flash", Instant.parse("2026-09-19T02:00:00Z"), t).price().miss()).isEqualTo(0.5);
    }
}
