package io.dsh4j.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.testkit.HostileLogs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The five findings of the issue-17 fuzz campaign, each rebuilt from its shape and run through the real
 * command line in a JVM of {@code -Xmx512m} (the {@code hostile-512m} Surefire execution of this module;
 * the name does not end in {@code Test} so the default execution, at 1 GiB, leaves it out). Every run
 * must end with its documented outcome naming the limit, the file and the byte, and never with an
 * {@link OutOfMemoryError} (exit 70) or an internal error.
 */
class HostileShapes {

    @TempDir
    static Path dir;

    static Path home;

    @BeforeAll
    static void home() throws IOException {
        home = Files.createDirectories(dir.resolve("home"));
    }

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        Run r = new Run(code, out.toString(), err.toString());
        assertThat(r.code()).as(String.join(" ", args) + "\n" + r.err()).isNotEqualTo(ExitCodes.INTERNAL);
        assertThat(r.err()).doesNotContain("OutOfMemoryError").doesNotContain("internal error").doesNotContain("\tat ");
        return r;
    }

    static List<Run> everyCommand(Path log) {
        String f = log.toString();
        String h = home.toString();
        return List.of(run("sessions", "verify", "--home", h, f), run("sessions", "stats", "--home", h, f),
                run("health", "--home", h, "--now", "2026-09-19T02:00:00Z", f), run("merge", "--home", h, f));
    }

    @Test
    void finding_1_a_record_carried_across_two_132_mb_frames_is_stopped_at_its_frame_by_every_command() throws IOException {
        Path log = HostileLogs.recordAcrossFrames(dir.resolve("split.jsonl.zstd"), 132L << 20);
        assertThat(Files.size(log)).isLessThan(16 * 1024);
        List<Run> runs = everyCommand(log);
        assertThat(runs.get(0).out()).contains(log + ": refused: ").contains("limit MAX_DECODE_RATIO").contains("(at byte 94)");
        assertThat(runs.get(2).err()).contains(log + ": decoding stopped at the frame at byte 94").contains("decode-ratio");
        assertThat(runs.get(3).err()).contains("skipping session " + log).contains("MAX_DECODE_RATIO").contains("(at byte 94)");
    }

    @Test
    void finding_2_merge_streams_a_60_mib_log_of_1_37_million_small_events() throws IOException {
        Path log = HostileLogs.manySmallEvents(dir.resolve("many.jsonl"), 1_370_000);
        assertThat(Files.size(log)).isGreaterThan(60L << 20);
        Run merge = run("merge", "--home", home.toString(), log.toString());
        assertThat(merge.code()).isZero();
        assertThat(merge.err()).contains("nothing to show");
    }

    @Test
    void finding_2_a_surface_past_the_surface_cap_is_refused_by_merge_and_show_at_its_byte() throws IOException {
        Path log = HostileLogs.manySurfaceMessages(dir.resolve("surface.jsonl"), 260_000);
        Run merge = run("merge", "--home", home.toString(), log.toString());
        assertThat(merge.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(merge.err()).contains("skipping session " + log).contains("limit MAX_SURFACE_MESSAGES").containsPattern("\\(at byte \\d+\\)");
        Run show = run("sessions", "show", "--home", home.toString(), log.toString());
        assertThat(show.err()).contains("limit MAX_SURFACE_MESSAGES");
    }

    @Test
    void finding_3_a_decompression_bomb_of_one_repeated_event_is_refused_by_stats_naming_the_ratio_rule() throws IOException {
        Path log = HostileLogs.repeatedEventBomb(dir.resolve("bomb.jsonl.zstd"), 1L << 30);
        Run stats = run("sessions", "stats", "--home", home.toString(), log.toString());
        assertThat(stats.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(stats.err()).contains(log + ": refused: ").contains("MAX_DECODE_RATIO").contains("(at byte 94)");
        Run health = run("health", "--home", home.toString(), "--now", "2026-09-19T02:00:00Z", log.toString());
        assertThat(health.err()).contains(log + ": decoding stopped at the frame at byte 94").contains("decode-ratio");
    }

    @Test
    void finding_3_a_gigabyte_of_newlines_in_a_33_kb_file_is_refused_by_verify() throws IOException {
        Path log = HostileLogs.newlineBomb(dir.resolve("newlines.jsonl.zstd"), 1L << 30);
        assertThat(Files.size(log)).isLessThan(64 * 1024);
        Run verify = run("sessions", "verify", "--home", home.toString(), log.toString());
        assertThat(verify.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(verify.out()).contains(log + ": refused: ").contains("MAX_DECODE_RATIO").contains("(at byte 94)");
    }

    @Test
    void finding_4_one_long_message_goes_through_health_and_merge() throws IOException {
        Path log = HostileLogs.longMessage(dir.resolve("long.jsonl"), 1_000_000, 4);
        Run health = run("health", "--home", home.toString(), "--now", "2026-09-19T02:00:00Z", log.toString());
        assertThat(health.code()).isZero();
        assertThat(health.out()).contains("Health score: ");
        Run merge = run("merge", "--home", home.toString(), log.toString());
        assertThat(merge.code()).isZero();
    }

    @Test
    void finding_4_a_ten_megabyte_message_goes_through_health_within_the_512_mib_heap() throws IOException {
        Path log = HostileLogs.longMessage(dir.resolve("long10-health.jsonl"), 10_000_000, 4);
        Run health = run("health", "--home", home.toString(), "--now", "2026-09-19T02:00:00Z", log.toString());
        assertThat(health.code()).isZero();
        assertThat(health.out()).contains("Health score: ");
        Files.delete(log);
    }

    @Test
    void finding_4_a_ten_megabyte_message_goes_through_merge_within_the_512_mib_heap() throws IOException {
        Path log = HostileLogs.longMessage(dir.resolve("long10-merge.jsonl"), 10_000_000, 4);
        Run merge = run("merge", "--home", home.toString(), log.toString());
        assertThat(merge.code()).isZero();
        assertThat(merge.out()).contains("## Merged context");
        Files.delete(log);
    }

    @Test
    void finding_5_a_sourceEventSeqs_shape_error_in_merge_names_its_byte() throws IOException {
        String header = "{\"type\":\"session\",\"version\":0,\"id\":\"s5\",\"createdAt\":0,\"cwd\":\"/tmp\",\"delegationDepth\":0}\n";
        String first = "{\"type\":\"turn/start\",\"data\":{\"turn\":1}}\n"
                + "{\"type\":\"user/message\",\"data\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],"
                + "\"source\":{\"kind\":\"user\"},\"id\":\"m1\"},\"surfaceOp\":\"append\"}\n";
        String bad = "{\"type\":\"user/message\",\"data\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"again\"}],"
                + "\"source\":{\"kind\":\"user\"},\"id\":\"m2\"},\"surfaceOp\":\"append\",\"sourceEventSeqs\":[7]}\n";
        Path log = Files.writeString(dir.resolve("seqs.jsonl"), header + first + bad, StandardCharsets.UTF_8);
        Run merge = run("merge", "--home", home.toString(), log.toString());
        int at = (header + first).getBytes(StandardCharsets.UTF_8).length;
        assertThat(merge.err()).contains("sourceEventSeqs must reference earlier events").contains("(at byte " + at + ")");
    }

    @Test
    void finding_5_stats_prints_a_corrupt_headers_error_line_once() throws IOException {
        Path log = Files.writeString(dir.resolve("header.jsonl"), "{\"type\":\"session\",\"version\":0,\"id\":\"s5\"\n"
                + "{\"type\":\"turn/start\",\"data\":{\"turn\":1}}\n");
        Run stats = run("sessions", "stats", "--home", home.toString(), log.toString());
        assertThat(stats.code()).isEqualTo(ExitCodes.PROBLEM_FOUND);
        assertThat(stats.err().lines()).singleElement().satisfies(l -> assertThat(l)
                .startsWith("dsh4j: " + log + ": corrupt: invalid session header").endsWith("(at byte 0)"));
    }
}
