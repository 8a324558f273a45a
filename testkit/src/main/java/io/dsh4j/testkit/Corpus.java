package io.dsh4j.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The one way tests reach the shared, read-only material beside the checkout: the DSH session
 * corpus ({@code ../shared/corpus}), the oracle figures ({@code ../shared/oracle}) and the specs.
 *
 * <p>The shared folder is found, in order, from the system property {@code dsh4j.shared}, the
 * environment variable {@code DSH4J_SHARED}, or as the {@code shared} sibling of the checkout root
 * (the nearest ancestor of the working directory that holds {@code mvnw}). When it is missing,
 * every method fails with an {@link IllegalStateException} that says where it looked: a test that
 * needs the corpus must fail loudly, never pass vacuously.
 *
 * <p>Thread-safe; results are computed on each call (the folder is small).
 */
public final class Corpus {

    private Corpus() {}

    /** The shared folder ({@code ../shared}). */
    public static Path shared() {
        String explicit = System.getProperty("dsh4j.shared");
        if (explicit == null || explicit.isBlank()) explicit = System.getenv("DSH4J_SHARED");
        if (explicit != null && !explicit.isBlank()) {
            return requireDir(Path.of(explicit).toAbsolutePath().normalize(), "dsh4j.shared / DSH4J_SHARED");
        }
        Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && dir.getParent() != null) {
                return requireDir(dir.getParent().resolve("shared"), "the sibling of the checkout root " + dir);
            }
        }
        throw new IllegalStateException("cannot find the dsh4j checkout root (a folder holding mvnw) above "
                + start + "; set -Ddsh4j.shared=/path/to/shared or DSH4J_SHARED");
    }

    /** {@code shared/corpus}: the DSH session logs. */
    public static Path corpus() {
        return requireDir(shared().resolve("corpus"), "shared/corpus");
    }

    /** {@code shared/oracle}: reference figures of the original implementations. */
    public static Path oracle() {
        return requireDir(shared().resolve("oracle"), "shared/oracle");
    }

    /** {@code corpus/dsh}: the 133 raw-mode logs. */
    public static Path rawDir() {
        return requireDir(corpus().resolve("dsh"), "shared/corpus/dsh");
    }

    /** {@code corpus/dsh-zstd}: the same logs as multi-frame zstd. */
    public static Path zstdDir() {
        return requireDir(corpus().resolve("dsh-zstd"), "shared/corpus/dsh-zstd");
    }

    /** {@code corpus/zstd-damaged}: damaged logs with the outcome their MANIFEST.json names. */
    public static Path damagedDir() {
        return requireDir(corpus().resolve("zstd-damaged"), "shared/corpus/zstd-damaged");
    }

    /** Every raw log ({@code *.jsonl}) under {@code corpus/dsh}, sorted by path. */
    public static List<Path> rawLogs() {
        return files(rawDir(), p -> p.getFileName().toString().endsWith(".jsonl"));
    }

    /** Every zstd log ({@code *.jsonl.zstd}) under {@code corpus/dsh-zstd}, sorted by path. */
    public static List<Path> zstdLogs() {
        return files(zstdDir(), p -> p.getFileName().toString().endsWith(".jsonl.zstd"));
    }

    /** The zstd twin of a raw corpus log (same relative path, {@code .zstd} appended). */
    public static Path zstdTwinOf(Path rawLog) {
        Path rel = rawDir().relativize(rawLog.toAbsolutePath().normalize());
        return zstdDir().resolve(rel.toString() + ".zstd");
    }

    /** A corpus path relative to {@code corpus/dsh} or {@code corpus/dsh-zstd}, for test names. */
    public static String nameOf(Path log) {
        Path abs = log.toAbsolutePath().normalize();
        for (Path base : List.of(rawDir(), zstdDir())) {
            if (abs.startsWith(base)) return base.relativize(abs).toString();
        }
        return abs.toString();
    }

    private static List<Path> files(Path dir, Predicate<Path> keep) {
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> found = walk.filter(Files::isRegularFile).filter(keep).sorted().toList();
            if (found.isEmpty()) throw new IllegalStateException("no matching files under " + dir);
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static Path requireDir(Path dir, String what) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("shared test material missing: " + what + " should be the folder "
                    + dir + " (the read-only ../shared beside the checkout; set -Ddsh4j.shared or DSH4J_SHARED)");
        }
        return dir;
    }
}
