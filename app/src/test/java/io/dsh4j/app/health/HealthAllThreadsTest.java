package io.dsh4j.app.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.attention.sessions.SessionLogs;
import io.dsh4j.testkit.Corpus;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §1.9 {@code --all} checked several sessions at a time (issue 16): the rows, the problems on
 * stderr, their order and the exit code are those of checking one session after the other, over a
 * home of corpus sessions (raw and zstd), damaged logs, an oversized log and garbage.
 */
class HealthAllThreadsTest {

    static final String NOW = "2026-09-19T02:00:00Z";

    @TempDir
    Path home;

    record Printed(int code, String out, String err) {}

    private Printed all(boolean json, int threads, String lang) {
        CliContext ctx = CliContext.of(home.toString(), lang, NOW);
        List<SessionLogs.Found> sessions = SessionLogs.list(ctx.sessionsRoot());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = HealthCommand.checkAll(sessions, ctx, json, threads, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Printed(code, out.toString(), err.toString());
    }

    private void install(String id, Path log, long mtime) throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/--p--").resolve(id));
        Path target = dir.resolve(log.getFileName().toString().startsWith("session") ? log.getFileName().toString()
                : log.getFileName().toString().endsWith(".zstd") ? "session.jsonl.zstd" : "session.jsonl");
        Files.copy(log, target);
        Files.setLastModifiedTime(target, FileTime.fromMillis(mtime));
    }

    @Test
    void several_at_a_time_print_what_one_at_a_time_prints() throws Exception {
        long mtime = 1_000_000;
        List<Path> raw = Corpus.rawLogs();
        for (int i = 0; i < raw.size(); i += 3) install("session-raw-" + i, raw.get(i), mtime += 1000);
        List<Path> zstd = Corpus.zstdLogs();
        for (int i = 1; i < zstd.size(); i += 5) install("session-zstd-" + i, zstd.get(i), mtime += 1000);
        List<Path> damaged = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Corpus.damagedDir())) {
            for (Path p : ds) if (Files.isRegularFile(p) && p.getFileName().toString().contains(".jsonl")) damaged.add(p);
        }
        damaged.sort(null);
        assertThat(damaged).isNotEmpty();
        for (int i = 0; i < damaged.size(); i++) install("session-damaged-" + i, damaged.get(i), mtime += 1000);
        Path big = Files.createDirectories(home.resolve("sessions/--p--/session-big")).resolve("session.jsonl");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(io.dsh4j.session.LenientLogReader.Limits.DEFAULTS.maxInputBytes() + 1);
        }
        Files.setLastModifiedTime(big, FileTime.fromMillis(mtime += 1000));
        Path garbage = Files.createDirectories(home.resolve("sessions/--p--/session-garbage")).resolve("session.jsonl.zstd");
        Files.write(garbage, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        Files.setLastModifiedTime(garbage, FileTime.fromMillis(mtime + 1000));

        for (boolean json : new boolean[] {false, true}) {
            Printed one = all(json, 1, "en");
            assertThat(one.out().lines().count()).isGreaterThan(50);
            assertThat(one.err()).contains("session-big").contains("session-garbage");
            assertThat(one.code()).isEqualTo(1);
            for (int threads : new int[] {2, 3, 8}) {
                Printed many = all(json, threads, "en");
                assertThat(many.out()).as("stdout, %d threads, json %s", threads, json).isEqualTo(one.out());
                assertThat(many.err()).as("stderr, %d threads, json %s", threads, json).isEqualTo(one.err());
                assertThat(many.code()).isEqualTo(one.code());
            }
        }
        assertThat(all(false, 2, "zh-CN")).isEqualTo(all(false, 1, "zh-CN"));
    }

    @Test
    void the_number_at_a_time_comes_from_the_property_else_the_processors() {
        String before = System.getProperty("dsh4j.health.threads");
        try {
            System.setProperty("dsh4j.health.threads", "3");
            assertThat(HealthCommand.allThreads()).isEqualTo(3);
            System.setProperty("dsh4j.health.threads", "0");
            assertThat(HealthCommand.allThreads()).isEqualTo(1);
            System.setProperty("dsh4j.health.threads", "many");
            assertThat(HealthCommand.allThreads()).isEqualTo(1);
            System.clearProperty("dsh4j.health.threads");
            assertThat(HealthCommand.allThreads()).isBetween(1, 2)
                    .isEqualTo(Math.min(2, Runtime.getRuntime().availableProcessors()));
        } finally {
            if (before == null) System.clearProperty("dsh4j.health.threads");
            else System.setProperty("dsh4j.health.threads", before);
        }
    }
}
