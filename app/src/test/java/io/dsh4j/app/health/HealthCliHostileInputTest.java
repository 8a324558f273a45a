package io.dsh4j.app.health;

import static io.dsh4j.app.health.HealthCliTest.NOW;
import static io.dsh4j.app.health.HealthCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.health.HealthCliTest.Run;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input and bad options for {@code dsh4j health} and {@code dsh4j handoff} (issue 4
 * "Hostile input", GUIDE "Bad input"): every problem is named with its place on stderr, the exit
 * code is the one {@link ExitCodes} gives it, no stack trace is printed, and the valid sessions
 * beside a damaged one are still checked.
 */
class HealthCliHostileInputTest {

    @TempDir
    Path home;

    private Path session(String id, String fileName, byte[] content, long mtime) throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/--p--").resolve(id));
        Path file = dir.resolve(fileName);
        Files.write(file, content);
        Files.setLastModifiedTime(file, FileTime.fromMillis(mtime));
        return file;
    }

    private static byte[] garbage(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] intact() throws Exception {
        return Files.readAllBytes(Corpus.damagedDir().resolve("intact.jsonl.zstd"));
    }

    private static void noStackTrace(Run r) {
        assertThat(r.err()).doesNotContain("\tat ", "Exception", "internal error");
    }

    @Test
    void lines_that_are_not_json_are_counted_on_stderr_and_the_check_still_runs() throws Exception {
        Path log = session("session-bad-line", "session.jsonl.zstd",
                Files.readAllBytes(Corpus.damagedDir().resolve("bad-json-line.jsonl.zstd")), 1_000);
        Run r = run("health", log.toString(), "--home", home.toString(), "--now", NOW);
        assertThat(r.code()).isEqualTo(ExitCodes.OK);
        assertThat(r.out()).contains("Health score");
        assertThat(r.err()).contains(log.toString()).contains("1 line(s) that are not valid JSON were skipped");
        Run zh = run("health", log.toString(), "--home", home.toString(), "--now", NOW, "--lang", "zh-CN");
        assertThat(zh.err()).contains("有 1 行不是合法的 JSON，已跳过");
    }

    @Test
    void a_home_with_garbage_beside_valid_sessions_checks_every_valid_one_newest_first() throws Exception {
        session("session-a-old", "session.v3.jsonl.zstd", intact(), 1_000_000);
        Path noise = session("session-b-noise", "session.v2.jsonl", garbage(3000, 1), 2_000_000);
        session("session-b-noise", "session.jsonl.zstd", garbage(5000, 2), 2_000_000);
        Path corrupt = session("session-c-corrupt", "session.jsonl.zstd", garbage(4000, 3), 3_000_000);
        session("session-d-new", "session.jsonl.zstd", intact(), 4_000_000);
        Files.writeString(home.resolve("sessions/stray.txt"), "not a project");
        Files.createDirectories(home.resolve("sessions/--p--/session-e-empty-dir"));

        Run r = run("health", "--all", "--json", "--home", home.toString(), "--now", NOW);

        List<String> paths = r.out().lines().map(l -> l.replaceAll(".*\"path\":\"([^\"]+)\".*", "$1")).toList();
        assertThat(paths).hasSize(3);
        assertThat(paths.get(0)).contains("session-d-new");
        assertThat(paths.get(1)).isEqualTo(noise.toString());
        assertThat(paths.get(2)).contains("session-a-old");
        assertThat(r.err()).contains(noise.toString()).contains("not valid JSON");
        assertThat(r.err()).contains(corrupt.toString()).contains("at byte 0");
        assertThat(r.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        noStackTrace(r);
    }

    @Test
    void all_with_no_sessions_says_so_like_a_single_check() {
        Run all = run("health", "--all", "--home", home.resolve("nothing").toString());
        Run one = run("health", "--home", home.resolve("nothing").toString());
        assertThat(all.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE).isEqualTo(one.code());
        assertThat(all.err()).contains("Found no session logs under " + home.resolve("nothing/sessions"));
        assertThat(all.out()).isEmpty();
    }

    @Test
    void a_path_that_does_not_exist_is_named_as_such_not_as_an_unknown_id() throws Exception {
        session("session-x", "session.jsonl.zstd", intact(), 1_000);
        Path missing = home.resolve("nowhere/session.jsonl");
        for (String cmd : List.of("health", "handoff")) {
            Run r = cmd.equals("health") ? run(cmd, missing.toString(), "--home", home.toString(), "--now", NOW)
                    : run(cmd, missing.toString(), "--home", home.toString(), "--now", NOW, "--no-record");
            assertThat(r.code()).as(cmd).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
            assertThat(r.err()).as(cmd).contains(missing + " does not exist").doesNotContain("No session id contains");
        }
        Run id = run("health", "no-such-id", "--home", home.toString());
        assertThat(id.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(id.err()).contains("No session id contains \"no-such-id\"");
    }

    @Test
    void a_path_that_is_neither_a_file_nor_a_directory_is_refused() {
        Path device = Path.of("/dev/null");
        assumeTrue(Files.exists(device) && !Files.isRegularFile(device));
        Run r = run("health", device.toString(), "--home", home.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(r.err()).contains("/dev/null is neither a log file nor a session directory");
    }

    @Test
    void a_structurally_corrupt_log_is_refused_with_its_byte_and_a_torn_one_is_read_with_a_warning() throws Exception {
        Path trailing = Corpus.damagedDir().resolve("trailing-garbage.jsonl.zstd");
        Run bad = run("health", trailing.toString(), "--home", home.toString(), "--json");
        assertThat(bad.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(bad.out()).isEmpty();
        assertThat(bad.err()).contains(trailing.toString()).contains("invalid frame magic at byte 5040");
        noStackTrace(bad);
        Path torn = Corpus.damagedDir().resolve("torn-mid-frame.jsonl.zstd");
        Run t = run("health", torn.toString(), "--home", home.toString(), "--json", "--now", NOW);
        assertThat(t.code()).isEqualTo(ExitCodes.OK);
        assertThat(t.out()).contains("\"usedTokens\":");
        assertThat(t.err()).contains("starts at byte 4950");
    }

    @Test
    void bad_option_values_are_usage_errors_that_name_the_option() throws Exception {
        Path log = session("session-opt", "session.jsonl.zstd", intact(), 1_000);
        String h = home.toString();
        assertUsage(run("health", log.toString(), "--home", h, "--now", "yesterday"), "--now", "yesterday");
        assertUsage(run("handoff", log.toString(), "--home", h, "--now", "2026-13-01"), "--now", "2026-13-01");
        assertUsage(run("handoff", log.toString(), "--home", h, "--max-turns", "-1"), "--max-turns", "-1");
        assertUsage(run("handoff", log.toString(), "--home", h, "--max-requests", "-3"), "--max-requests", "-3");
        assertUsage(run("handoff", log.toString(), "--home", h, "--max-files", "-2"), "--max-files", "-2");
        assertUsage(run("handoff", log.toString(), "--home", h, "--max-turns", "abc"), "--max-turns", "abc");
        assertUsage(run("handoff", log.toString(), "--home", h, "--profile", "nope"), "--profile", "nope");
        assertUsage(run("health", log.toString(), "--home", h, "--lang", "fr"), "fr", "zh-CN");
        assertUsage(run("health", log.toString(), "--bogus"), "--bogus");
        assertUsage(run("health", log.toString(), "extra"), "extra");
        assertUsage(run("health", "--all", "session-opt", "--home", h), "--all", "session-opt");
        Run zh = run("handoff", log.toString(), "--home", h, "--profile", "nope", "--lang", "zh-CN");
        assertThat(zh.err()).contains("--profile 只接受 full、slim 或 lean，收到的是「nope」");
        assertThat(Files.exists(home.resolve("attention-health/handoff-history.jsonl"))).isFalse();
    }

    private static void assertUsage(Run r, String... named) {
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains(named);
        noStackTrace(r);
    }

    @Test
    void an_unwritable_output_names_the_place_and_the_reason() throws Exception {
        Path log = session("session-out", "session.jsonl.zstd", intact(), 1_000);
        Path blocker = Files.writeString(home.resolve("a-file"), "x", StandardCharsets.UTF_8);
        Path out = blocker.resolve("sub/doc.md");
        Run r = run("handoff", log.toString(), "--home", home.toString(), "--now", NOW, "--no-record", "-o", out.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(r.err()).contains("could not write " + out).contains(blocker.toString()).containsIgnoringCase("not a directory");
        noStackTrace(r);
    }

    @Test
    void file_errors_say_what_went_wrong_not_only_the_path() {
        Texts en = Texts.english();
        Texts zh = Texts.chinese();
        assertThat(CliContext.describe(en, new NoSuchFileException("/a/b")))
                .isEqualTo("no such file or directory: /a/b");
        assertThat(CliContext.describe(zh, new NoSuchFileException("/a/b"))).isEqualTo("文件或目录不存在：/a/b");
        assertThat(CliContext.describe(en, new AccessDeniedException("/a/c"))).isEqualTo("permission denied: /a/c");
        assertThat(CliContext.describe(en, new NotDirectoryException("/a/d"))).isEqualTo("not a directory: /a/d");
        assertThat(CliContext.describe(en, new FileSystemException("/a/e", null, "Input/output error")))
                .isEqualTo("/a/e: Input/output error");
        assertThat(CliContext.describe(en, new IOException("disk on fire"))).isEqualTo("disk on fire");
    }

    @Test
    void a_file_that_cannot_be_read_is_input_unavailable_with_the_reason() {
        Path unreadable = Path.of("/proc/self/mem");
        assumeTrue(Files.isRegularFile(unreadable), "needs Linux /proc");
        for (String cmd : List.of("health", "handoff")) {
            Run r = run(cmd, unreadable.toString(), "--home", home.toString(), cmd.equals("handoff") ? "--no-record" : "--json");
            assertThat(r.code()).as(cmd).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
            assertThat(r.err()).as(cmd).contains("could not read /proc/self/mem: ").contains("error");
            assertThat(r.out()).as(cmd).isEmpty();
            noStackTrace(r);
        }
    }

    @Test
    void a_now_beyond_the_range_of_a_date_is_a_usage_error_not_an_internal_one() throws Exception {
        Path log = session("session-far", "session.jsonl.zstd", intact(), 1_000);
        String h = home.toString();
        for (String far : List.of("+999999999-12-31T23:59:59Z", "-999999999-01-01T00:00:00Z", "+275760-09-13T00:00:00.001Z")) {
            assertUsage(run("health", log.toString(), "--home", h, "--now", far), "--now", far);
            assertUsage(run("handoff", log.toString(), "--home", h, "--now", far), "--now", far);
        }
        assertThat(run("health", log.toString(), "--home", h, "--now", "+275760-09-13T00:00:00Z").code()).isZero();
        assertThat(run("health", log.toString(), "--home", h, "--now", "-271821-04-20T00:00:00Z").code()).isZero();
        for (String edge : List.of("+275760-09-13T00:00:00Z", "-271821-04-20T00:00:00Z")) {
            Run doc = run("handoff", log.toString(), "--home", h, "--now", edge, "--no-record", "--lang", "zh-CN");
            assertThat(doc.code()).as(edge + doc.err()).isZero();
            assertThat(doc.out()).startsWith("# 会话交接内容");
        }
        assertThat(Files.exists(home.resolve("attention-health/handoff-history.jsonl"))).isFalse();
    }
}
