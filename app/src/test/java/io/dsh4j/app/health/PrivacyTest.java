package io.dsh4j.app.health;

import static io.dsh4j.app.health.HealthCliTest.NOW;
import static io.dsh4j.app.health.HealthCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §8 (issue 4 "Disk … and the privacy rules"): the commands never modify a session log and
 * write nothing but the history row under the home — {@code health} writes nothing at all, and
 * {@code handoff} only {@code <home>/attention-health/handoff-history.jsonl} (none with
 * {@code --no-record}), plus the {@code -o} file the user names.
 */
class PrivacyTest {

    @TempDir
    Path home;

    @TempDir
    Path elsewhere;

    /** Every file under {@code root} with its bytes' hash and modification time. */
    private static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p).toString(),
                        java.util.Arrays.hashCode(Files.readAllBytes(p)) + "@" + Files.getLastModifiedTime(p).toMillis());
            }
        }
        return files;
    }

    @Test
    void health_and_handoff_leave_the_logs_alone_and_write_only_the_history_row() throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/--p--/session-private"));
        Path log = Files.copy(Corpus.damagedDir().resolve("intact.jsonl.zstd"), dir.resolve("session.v3.jsonl.zstd"));
        Files.setLastModifiedTime(log, FileTime.fromMillis(1_000_000));
        Map<String, String> before = snapshot(home);

        assertThat(run("health", "private", "--home", home.toString(), "--now", NOW).code()).isZero();
        assertThat(run("health", "--all", "--json", "--home", home.toString(), "--now", NOW).code()).isZero();
        assertThat(run("handoff", "private", "--home", home.toString(), "--now", NOW, "--no-record").code()).isZero();
        assertThat(snapshot(home)).isEqualTo(before);

        assertThat(run("handoff", "private", "--home", home.toString(), "--now", NOW).code()).isZero();
        Map<String, String> after = snapshot(home);
        assertThat(after.keySet()).containsExactlyInAnyOrder(
                Path.of("sessions/--p--/session-private/session.v3.jsonl.zstd").toString(),
                Path.of("attention-health/handoff-history.jsonl").toString());
        assertThat(after).containsAllEntriesOf(before);

        Path out = elsewhere.resolve("notes/handoff.md");
        assertThat(run("handoff", "private", "--home", home.toString(), "--now", NOW, "--no-record", "-o", out.toString())
                .code()).isZero();
        assertThat(snapshot(elsewhere).keySet()).containsExactly(Path.of("notes/handoff.md").toString());
        assertThat(snapshot(home)).isEqualTo(after);
    }

    @Test
    void history_rows_hold_numbers_and_labels_not_conversation_text() throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/--p--/session-words"));
        Files.copy(Corpus.oracle().resolve("attention-health/stress/63-128k-files-todos-errors/session.jsonl"),
                dir.resolve("session.jsonl"));
        assertThat(run("handoff", "words", "--home", home.toString(), "--now", NOW).code()).isZero();
        String row = Files.readString(home.resolve("attention-health/handoff-history.jsonl"));
        assertThat(row).doesNotContain("流式解析", "价格表", "src/", "缓存键");
        var fields = HealthCliTest.M.readTree(row).properties();
        for (var f : fields) {
            assertThat(f.getValue().isNumber() || f.getValue().isBoolean() || f.getValue().isNull()
                    || f.getValue().asText().length() <= 64).as(f.getKey()).isTrue();
        }
    }
}
