package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
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
 * {@code OutOfMemoryError}, which nothing catches). A byte that is not UTF-8 reads as U+FFFD, as
 * Node's decoder read it for the original, rather than making the file unusable.
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

    @Test
    void a_byte_that_is_not_utf8_in_a_string_does_not_make_the_file_unusable() throws Exception {
        // the original read the file with readFileSync(…, 'utf8'): the byte becomes U+FFFD and the JSON still parses
        Path file = dir.resolve(PriceFile.FILE);
        byte[] valid = VALID.replace("\"fetchedAt\":\"2027-01-02\"", "\"source\":\"x\",\"fetchedAt\":\"2027-01-02\"")
                .getBytes(StandardCharsets.UTF_8);
        int x = indexOf(valid, (byte) 'x');
        valid[x] = (byte) 0xFF;
        Files.write(file, valid);
        PriceTable t = PriceFile.load(dir);
        assertThat(t.fromFile()).isTrue();
        assertThat(t.source()).isEqualTo("\uFFFD");
    }

    private static int indexOf(byte[] b, byte c) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == c) return i;
        }
        throw new AssertionError("no " + (char) c);
    }
}
