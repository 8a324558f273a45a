package io.dsh4j.app.health;

import io.dsh4j.attention.sessions.SessionLogs;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.SessionLogBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding and reading logs the plugin's way (spec §2.1–2.4): the highest generation only, newest
 * first by mtime, and the harness's lenient reader over damaged, torn and hostile zstd files,
 * seen through the commands (exit code and the problem named on standard error).
 */
class SessionLogsTest {

    @TempDir
    Path dir;

    @Test
    void only_the_highest_generation_of_a_session_directory_is_read() throws Exception {
        Path s = Files.createDirectories(dir.resolve("sessions/--p--/session-x"));
        for (String n : List.of("session.jsonl.zstd", "session.v2.jsonl.zstd", "session.v3.jsonl.zstd", "session.v10.txt",
                "notes.txt")) {
            Files.writeString(s.resolve(n), "");
        }
        Files.createDirectories(s.resolve("session.v9.jsonl"));
        SessionLogs.Found f = SessionLogs.pick(s, "--p--").orElseThrow();
        assertThat(f.file().getFileName().toString()).isEqualTo("session.v3.jsonl.zstd");
        assertThat(f.generationTag()).isEqualTo("v3");
        assertThat(SessionLogs.generationOf("session.jsonl")).isZero();
        assertThat(SessionLogs.generationOf("session.v7.jsonl")).isEqualTo(7);
        assertThat(SessionLogs.generationOf("session.1.jsonl")).isEqualTo(-1);
        assertThat(SessionLogs.generationOf("session.v99999999999.jsonl")).isEqualTo(-1);
        assertThat(SessionLogs.pick(Files.createDirectories(dir.resolve("empty")), "")).isEmpty();
        assertThat(SessionLogs.list(dir.resolve("missing"))).isEmpty();
    }

    @Test
    void sessions_are_listed_newest_first_by_the_picked_file_time() throws Exception {
        for (int i = 0; i < 3; i++) {
            Path log = SessionLogBuilder.session("session-" + i, "/p" + i)
                    .writeRaw(dir.resolve("sessions/--p" + i + "--/session-" + i + "/session.jsonl"));
            Files.setLastModifiedTime(log, FileTime.fromMillis(1_000_000L * (i == 1 ? 9 : i)));
        }
        Files.writeString(dir.resolve("sessions/stray-file.jsonl"), "");
        assertThat(SessionLogs.list(dir.resolve("sessions"))).extracting(SessionLogs.Found::id)
                .containsExactly("session-1", "session-2", "session-0");
    }

    @Test
    void a_log_given_by_path_takes_its_session_and_project_from_its_folders() throws Exception {
        Path log = Files.createDirectories(dir.resolve("--proj--/session-9")).resolve("session.v4.jsonl");
        Files.writeString(log, "");
        SessionLogs.Found f = SessionLogs.ofFile(log);
        assertThat(f.id()).isEqualTo("session-9");
        assertThat(f.project()).isEqualTo("--proj--");
        assertThat(f.generation()).isEqualTo(4);
    }

    @Test
    void a_later_session_record_is_an_event_and_unparsable_lines_are_counted() throws Exception {
        Path log = dir.resolve("session.v3.jsonl");
        Files.writeString(log, """
                {"type":"session","id":"s1"}
                not json
                {"type":"turn/start","seq":1,"data":{"turn":1}}

                {"type":"session","id":"s2"}
                """);
        List<JsonNode> events = new ArrayList<>();
        LenientLogReader.Result r = SessionLogs.read(log, events::add);
        assertThat(r.header().get("id").asText()).isEqualTo("s1");
        assertThat(r.parseErrors()).isEqualTo(1);
        assertThat(events).hasSize(2);
        assertThat(SessionLogs.problems(r, Files.size(log), Texts.english()))
                .containsExactly("1 line(s) that are not valid JSON were skipped; the first is line 2, at byte 29");
    }

    /** Each damaged case of the corpus through {@code dsh4j health}: exit code, and what stderr must name. */
    @Test
    void every_damaged_zstd_case_is_checked_or_refused_with_the_problem_named() throws Exception {
        Map<String, Expect> cases = Map.ofEntries(
                Map.entry("intact", new Expect(0, null)),
                Map.entry("header-only", new Expect(0, null)),
                Map.entry("empty", new Expect(0, null)),
                Map.entry("torn-header", new Expect(0, "incomplete (it starts at byte 0)")),
                Map.entry("torn-last-checksum-byte", new Expect(0, "last zstd frame is incomplete")),
                Map.entry("torn-mid-frame", new Expect(0, "last zstd frame is incomplete")),
                Map.entry("bitflip-middle-frame", new Expect(0, "1 of 11 zstd frames could not be decoded")),
                Map.entry("frame-splits-a-line", new Expect(0, null)),
                Map.entry("bad-json-line", new Expect(0, "1 line(s) that are not valid JSON were skipped")),
                Map.entry("trailing-garbage", new Expect(1, "invalid frame magic")),
                Map.entry("skippable-frame", new Expect(1, "invalid frame magic")));
        for (var e : cases.entrySet()) {
            Path log = Corpus.damagedDir().resolve(e.getKey() + ".jsonl.zstd");
            HealthCliTest.Run r = HealthCliTest.run("health", log.toString(), "--json", "--now", HealthCliTest.NOW,
                    "--home", dir.toString());
            assertThat(r.code()).as(e.getKey() + ": " + r.err()).isEqualTo(e.getValue().code());
            if (e.getValue().stderr() == null) assertThat(r.err()).as(e.getKey()).isEmpty();
            else assertThat(r.err()).as(e.getKey()).contains(e.getValue().stderr()).doesNotContain("Exception", "\tat ");
            if (e.getValue().code() == 0) assertThat(r.out()).as(e.getKey()).startsWith("{").contains("\"score\"");
        }
    }

    @Test
    void a_torn_tail_keeps_every_complete_frame_and_a_failed_frame_only_loses_itself() throws Exception {
        Path torn = Corpus.damagedDir().resolve("torn-mid-frame.jsonl.zstd");
        List<JsonNode> events = new ArrayList<>();
        LenientLogReader.Result r = SessionLogs.read(torn, events::add);
        long expected = Files.readAllLines(Corpus.damagedDir().resolve("torn-mid-frame.expected.jsonl"),
                StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).count();
        assertThat(events).hasSize((int) expected - 1);
        assertThat(r.tornStart()).isPositive();
        List<JsonNode> intact = new ArrayList<>();
        SessionLogs.read(Corpus.damagedDir().resolve("intact.jsonl.zstd"), intact::add);
        List<JsonNode> flipped = new ArrayList<>();
        LenientLogReader.Result f = SessionLogs.read(Corpus.damagedDir().resolve("bitflip-middle-frame.jsonl.zstd"),
                flipped::add);
        assertThat(f.failedFrames()).isEqualTo(1);
        assertThat(flipped).hasSizeLessThan(intact.size()).isNotEmpty();
        assertThat(intact).containsSubsequence(flipped);
    }

    @Test
    void problems_are_worded_in_both_languages() {
        LenientLogReader.Result bad = new LenientLogReader.Result(dir, null, 3, 11, 2, 812, 0, -1, -1, 100, 100, null);
        assertThat(SessionLogs.problems(bad, 900, Texts.english())).containsExactly(
                "2 of 11 zstd frames could not be decoded and were skipped",
                "the last zstd frame is incomplete (it starts at byte 812) and was left out");
        assertThat(SessionLogs.problems(bad, 900, Texts.chinese())).hasSize(2).allSatisfy(s -> assertThat(s).contains("zstd"));
        LenientLogReader.Result big = new LenientLogReader.Result(dir, null, 0, 0, 0, -1, 0, -1, -1, 0, 0,
                LenientLogReader.Skipped.INPUT_TOO_LARGE);
        assertThat(SessionLogs.wasRead(big)).isFalse();
        assertThat(SessionLogs.problems(big, 70_000_000, Texts.english())).singleElement().asString()
                .contains("70000000").contains("67108864").contains("input-too-large");
    }

    private record Expect(int code, String stderr) {}
}
