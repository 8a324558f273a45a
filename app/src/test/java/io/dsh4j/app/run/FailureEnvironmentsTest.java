package io.dsh4j.app.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dsh4j.app.CliRun;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.Main;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, bad environments: a full disk under the session home, a read-only home, a read-only
 * working directory. Each is a real file system — a size-limited or read-only tmpfs, or a read-only
 * bind mount — made without privileges in a user and mount namespace ({@code unshare -rm}), around a
 * {@code dsh4j run} child JVM; the home's sessions are copied out before the namespace goes. Each
 * must give a clear one-line error (no stack trace, no "internal error"), a defined exit code, and a
 * log that reads back and that {@code --resume} repairs without losing what was durable. Where user
 * namespaces are not allowed these tests are skipped (the reason is printed); the home-is-a-file case
 * needs nothing and always runs.
 */
class FailureEnvironmentsTest {

    static {
        System.setProperty("dsh4j.run.signals", "false");
    }

    @TempDir
    Path work;

    static Path recording(String name) {
        return Corpus.rawDir().resolve("examples/acp-agent/tests/snapshots").resolve(name).resolve("session.jsonl");
    }

    static boolean userNamespaces() {
        try {
            Process p = new ProcessBuilder("unshare", "-rm", "true").redirectErrorStream(true).start();
            p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    record Confined(int code, String err, Path sessionsCopy) {}

    /**
     * Runs {@code dsh4j run --yes} in a fresh user and mount namespace after {@code mounts} (shell, with
     * {@code $H} the home and {@code $C} the working directory); then copies {@code $H/sessions} out.
     */
    Confined runConfined(String mounts, Path home, Path cwd, String baseUrl, String prompt) throws Exception {
        assumeTrue(userNamespaces(), "unshare -rm is not permitted here: no unprivileged mount namespace");
        Path out = Files.createDirectories(work.resolve("copied"));
        String jvm = ProcessHandle.current().info().command().orElse("java");
        String script = "set -e; " + mounts + "; set +e; \"$@\" 2>\"$O/stderr\"; rc=$?; "
                + "if [ -d \"$H/sessions\" ]; then cp -a \"$H/sessions\" \"$O/\"; fi; exit $rc";
        List<String> cmd = new ArrayList<>(List.of("unshare", "-rm", "sh", "-c", script, "sh", jvm,
                "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Duser.language=en",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "--yes", "--home", home.toString(),
                "--cwd", cwd.toString(), "--base-url", baseUrl, prompt));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("H", home.toString());
        pb.environment().put("C", cwd.toString());
        pb.environment().put("O", out.toString());
        Process p = pb.start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("the confined run ends").isTrue();
        String err = Files.exists(out.resolve("stderr")) ? Files.readString(out.resolve("stderr"), StandardCharsets.UTF_8) : "";
        return new Confined(p.exitValue(), err.replaceAll("\u001b\\[[0-9;]*m", ""), out.resolve("sessions"));
    }

    static Optional<Path> findLog(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return Optional.empty();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals("session.jsonl.zstd")).findFirst();
        }
    }

    static void clearError(Confined r, String... fragments) {
        assertThat(r.err()).as("stderr").contains(fragments).doesNotContain("internal error").doesNotContain("\tat ")
                .doesNotContain("Exception");
    }

    @Test
    void a_full_disk_ends_the_run_with_exit_1_a_clear_error_and_a_log_that_resume_repairs_without_loss() throws Exception {
        Path rec = recording("repeat-tool-reminder");
        Path home = Files.createDirectories(work.resolve("home"));
        Path cwd = Files.createDirectories(work.resolve("cwd"));
        Confined r;
        String url;
        try (ReplayModelServer server = ReplayModelServer.start(rec)) {
            url = server.baseUrl();
            // 32 KiB, 28 KiB of it taken: the log's first batches fit, a later one meets ENOSPC
            r = runConfined("mount -t tmpfs -o size=32k tmpfs \"$H\"; head -c 28672 /dev/zero > \"$H/filler\"", home, cwd, url,
                    Recording.of(rec).prompt());
        }
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        clearError(r, "No space left on device", "could not be written", "--resume");
        Path log = findLog(r.sessionsCopy()).orElseThrow(() -> new AssertionError("no log was written: " + r.err()));
        SessionLog before = SessionLogReader.read(log);
        assertThat(before.status()).satisfiesAnyOf(s -> assertThat(s).isInstanceOf(LogStatus.Ok.class),
                s -> assertThat(s).isInstanceOf(LogStatus.Torn.class));
        assertThat(before.events()).as("the durable batches").isNotEmpty();
        List<SessionEvent> committed = new ArrayList<>(before.events());
        committed.addAll(before.recoveredEvents());
        // the copied home is on an ordinary disk: --resume repairs the open turn and continues
        Path roomy = work.resolve("copied");
        try (ReplayModelServer server = ReplayModelServer.start(rec)) {
            CliRun again = CliRun.of("run", "--yes", "--home", roomy.toString(), "--cwd", cwd.toString(), "--base-url",
                    server.baseUrl(), "--resume", before.header().id(), "Continue.");
            assertThat(again.code()).as(again.err()).isIn(ExitCodes.OK, ExitCodes.PROBLEM_FOUND);
        }
        assertThat(CrashDrill.check(committed, SessionLogReader.read(log))).isNull();
    }

    @Test
    void a_read_only_session_home_is_exit_1_with_a_clear_error_and_leaves_nothing_half_written() throws Exception {
        Path home = Files.createDirectories(work.resolve("home"));
        Path cwd = Files.createDirectories(work.resolve("cwd"));
        Path rec = recording("text-turn");
        Confined r;
        try (ReplayModelServer server = ReplayModelServer.start(rec)) {
            r = runConfined("mount -t tmpfs -o ro,size=64k tmpfs \"$H\"", home, cwd, server.baseUrl(), Recording.of(rec).prompt());
        }
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        clearError(r, "Read-only file system");
        assertThat(findLog(r.sessionsCopy())).isEmpty();
    }

    @Test
    void a_read_only_working_directory_gives_the_model_a_tool_error_and_the_run_a_readable_log() throws Exception {
        Path home = Files.createDirectories(work.resolve("home"));
        Path cwd = Files.createDirectories(work.resolve("cwd"));
        Path rec = recording("fs-write");
        Confined r;
        try (ReplayModelServer server = ReplayModelServer.start(rec)) {
            r = runConfined("mount --bind \"$C\" \"$C\"; mount -o remount,bind,ro \"$C\"", home, cwd, server.baseUrl(),
                    Recording.of(rec).prompt());
        }
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
        Path log = findLog(home.resolve("sessions")).orElseThrow();
        SessionLog read = SessionLogReader.read(log);
        assertThat(read.status()).isInstanceOf(LogStatus.Ok.class);
        List<String> results = read.events().stream().filter(e -> e.type().equals("tool/result"))
                .map(e -> e.data().toString()).toList();
        assertThat(results).singleElement().asString().contains("\"isError\":true").contains("Read-only file system");
        assertThat(cwd.resolve("notes.txt")).doesNotExist();
    }

    @Test
    void a_session_home_that_is_a_file_is_exit_1_with_a_clear_error() throws Exception {
        Path home = Files.writeString(work.resolve("not-a-dir"), "x");
        Path cwd = Files.createDirectories(work.resolve("cwd"));
        Path rec = recording("text-turn");
        CliRun r;
        try (ReplayModelServer server = ReplayModelServer.start(rec)) {
            r = CliRun.of("run", "--home", home.toString(), "--cwd", cwd.toString(), "--base-url", server.baseUrl(),
                    Recording.of(rec).prompt());
        }
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(r.err()).contains(home.toString()).doesNotContain("internal error").doesNotContain("\tat ");
        assertThat(Files.readString(home)).isEqualTo("x");
    }
}
