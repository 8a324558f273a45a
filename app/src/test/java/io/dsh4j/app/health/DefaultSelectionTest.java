package io.dsh4j.app.health;

import static io.dsh4j.app.health.HealthCliTest.NOW;
import static io.dsh4j.app.health.HealthCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.health.HealthCliTest.Run;
import io.dsh4j.testkit.SessionLogBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec §1.9 default target: without ID|PATH the commands take the newest session whose header
 * {@code cwd} is the current directory — even when a newer session of another directory exists —
 * and only fall back to the newest overall (with a warning) when none matches. {@code HealthCliTest}
 * covers the fallback; this covers the match, and a session directory given as the target.
 */
class DefaultSelectionTest {

    @TempDir
    Path home;

    private void session(String id, String cwd, long mtime) throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/--p--").resolve(id));
        Path log = SessionLogBuilder.session(id, cwd).event("turn/start", "{\"turn\":1}").writeRaw(dir.resolve("session.jsonl"));
        Files.setLastModifiedTime(log, FileTime.fromMillis(mtime));
    }

    @Test
    void the_newest_session_of_the_current_directory_wins_over_a_newer_one_elsewhere() throws Exception {
        String here = Path.of("").toAbsolutePath().normalize().toString();
        session("session-here-old", here, 1_000_000);
        session("session-here-new", here, 2_000_000);
        session("session-elsewhere", home.resolve("another/project").toString(), 3_000_000);

        Run r = run("health", "--home", home.toString(), "--now", NOW, "--json");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(HealthCliTest.M.readTree(r.out()).get("id").asText()).isEqualTo("session-here-new");
        assertThat(r.err()).doesNotContain("falling back");
    }

    @Test
    void without_a_match_the_newest_session_is_taken_with_a_warning() throws Exception {
        session("session-a", home.resolve("x").toString(), 1_000_000);
        session("session-b", home.resolve("y").toString(), 2_000_000);
        Run r = run("health", "--home", home.toString(), "--now", NOW, "--json");
        assertThat(r.code()).isZero();
        assertThat(HealthCliTest.M.readTree(r.out()).get("id").asText()).isEqualTo("session-b");
        assertThat(r.err()).contains("falling back").contains("session-b");
    }

    @Test
    void a_session_directory_as_target_reads_its_highest_generation_and_an_empty_one_is_named() throws Exception {
        session("session-dir", "/somewhere", 1_000_000);
        Path dir = home.resolve("sessions/--p--/session-dir");
        Files.writeString(dir.resolve("session.v2.jsonl"), "{\"type\":\"session\",\"id\":\"v2-header\"}\n",
                StandardCharsets.UTF_8);
        Run r = run("health", dir.toString(), "--home", home.toString(), "--now", NOW, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(HealthCliTest.M.readTree(r.out()).get("path").asText()).isEqualTo(dir.resolve("session.v2.jsonl").toString());
        assertThat(HealthCliTest.M.readTree(r.out()).get("id").asText()).isEqualTo("v2-header");
        Path empty = Files.createDirectories(home.resolve("sessions/--p--/session-empty"));
        Run none = run("health", empty.toString(), "--home", home.toString());
        assertThat(none.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(none.err()).contains("There is no session log in " + empty);
    }
}
