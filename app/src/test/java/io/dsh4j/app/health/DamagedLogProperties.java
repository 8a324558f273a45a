package io.dsh4j.app.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.health.HealthCliTest.Run;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Randomly damaged logs through {@code dsh4j health --json} (GUIDE "Bad input"): byte flips,
 * truncation and inserted garbage in a multi-frame zstd log and in a raw log never give an
 * internal error — the check either runs (exit 0, one valid object) or names the structural
 * problem (exit 1).
 */
class DamagedLogProperties {

    private static Path work;
    private static byte[] zstd;
    private static byte[] raw;

    @BeforeContainer
    static void load() throws IOException {
        work = Files.createTempDirectory("dsh4j-damaged");
        zstd = Files.readAllBytes(Corpus.damagedDir().resolve("intact.jsonl.zstd"));
        raw = Files.readAllBytes(Corpus.damagedDir().resolve("intact.expected.jsonl"));
    }

    @AfterContainer
    static void clean() throws IOException {
        try (var files = Files.list(work)) {
            for (Path p : files.toList()) Files.deleteIfExists(p);
        }
        Files.deleteIfExists(work);
    }

    /** A damage: flip bytes at positions, cut at a point, or splice garbage in. */
    record Damage(String kind, List<Integer> positions, int cut, byte[] garbage) {
        byte[] apply(byte[] in) {
            return switch (kind) {
                case "flip" -> {
                    byte[] out = in.clone();
                    for (int p : positions) out[Math.floorMod(p, out.length)] ^= (byte) (1 + Math.floorMod(p, 255));
                    yield out;
                }
                case "cut" -> Arrays.copyOf(in, Math.floorMod(cut, in.length));
                default -> {
                    int at = Math.floorMod(cut, in.length);
                    byte[] out = new byte[in.length + garbage.length];
                    System.arraycopy(in, 0, out, 0, at);
                    System.arraycopy(garbage, 0, out, at, garbage.length);
                    System.arraycopy(in, at, out, at + garbage.length, in.length - at);
                    yield out;
                }
            };
        }
    }

    @Provide
    Arbitrary<Damage> damages() {
        Arbitrary<List<Integer>> positions = Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1).ofMaxSize(8);
        Arbitrary<byte[]> garbage = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(64);
        return net.jqwik.api.Combinators.combine(Arbitraries.of("flip", "cut", "splice"), positions,
                Arbitraries.integers().between(0, Integer.MAX_VALUE), garbage).as(Damage::new);
    }

    private static Run check(String name, byte[] content) {
        Path file = work.resolve(name);
        try {
            Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HealthCliTest.run("health", file.toString(), "--json", "--now", HealthCliTest.NOW, "--home",
                work.resolve("home").toString());
    }

    private static void assertHandled(Run r) throws IOException {
        assertThat(r.code()).as(r.err()).isIn(ExitCodes.OK, ExitCodes.PROBLEM_FOUND);
        assertThat(r.err()).doesNotContain("internal error", "\tat ");
        if (r.code() == ExitCodes.OK) {
            JsonNode o = HealthCliTest.M.readTree(r.out());
            assertThat(o.get("score").asInt()).isBetween(0, 100);
            assertThat(o.has("findings")).isTrue();
        } else {
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).isNotBlank();
        }
    }

    @Property(tries = 150)
    void a_damaged_zstd_log_is_checked_or_refused_never_an_internal_error(@ForAll("damages") Damage d) throws IOException {
        assertHandled(check("session.jsonl.zstd", d.apply(zstd)));
    }

    @Property(tries = 100)
    void a_damaged_raw_log_is_always_checked(@ForAll("damages") Damage d) throws IOException {
        Run r = check("session.jsonl", d.apply(raw));
        assertHandled(r);
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
    }
}
