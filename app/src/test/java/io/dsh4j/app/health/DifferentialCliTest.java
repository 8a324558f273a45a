package io.dsh4j.app.health;

import io.dsh4j.attention.sessions.SessionLogs;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.app.CliRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differences between {@code dsh4j health}/{@code dsh4j handoff} and the original command line
 * that differential testing found at the command-line level (the engine's own are pinned in the
 * plugin's {@code DifferentialRegressionTest}).
 */
class DifferentialCliTest {

    static final String NOW = "2026-09-19T02:00:00Z";

    @TempDir
    Path home;

    private void session(String id, String... events) throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/p").resolve(id));
        StringBuilder b = new StringBuilder("{\"type\":\"session\",\"version\":0,\"id\":\"" + id
                + "\",\"createdAt\":1790000000000,\"cwd\":\"/tmp/p\"}\n");
        for (String e : events) b.append(e).append('\n');
        Files.writeString(dir.resolve("session.jsonl"), b.toString(), StandardCharsets.UTF_8);
    }

    @Test
    void a_document_holding_a_lone_surrogate_is_written_to_a_file_with_the_replacement_character() throws Exception {
        // given a request whose text holds an unpaired high surrogate (JSON "\ud800")
        session("session-lone", "{\"type\":\"user/message\",\"seq\":1,\"time\":1790000001000,\"data\":{\"role\":\"user\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"please fix the parser \\ud800 now\"}],\"source\":{\"kind\":\"user\"}}}");
        Path out = home.resolve("doc.md");
        // when
        CliRun r = CliRun.of("handoff", "lone", "--home", home.toString(), "--now", NOW, "--lang", "zh-CN", "--no-record",
                "-o", out.toString());
        // then the original's writeFileSync wrote U+FFFD; a strict encoder would have failed the command
        assertThat(r.code()).as(r.err()).isZero();
        String written = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(written).contains("parser \ufffd now").doesNotContain("parser ? now");
    }

    @Test
    void stats_give_the_decoded_size_as_the_original_did_in_b_kb_or_mb() throws Exception {
        assertThat(CliContext.humanSize(0)).isEqualTo("0B");
        assertThat(CliContext.humanSize(1023)).isEqualTo("1023B");
        assertThat(CliContext.humanSize(1024)).isEqualTo("1.0KB");
        assertThat(CliContext.humanSize(12_152)).isEqualTo("11.9KB");
        assertThat(CliContext.humanSize(1024 * 1024 - 1)).isEqualTo("1024.0KB");
        assertThat(CliContext.humanSize(3_500_000)).isEqualTo("3.3MB");
        session("session-size", "{\"type\":\"turn/start\",\"seq\":1,\"time\":1790000001000,\"data\":{\"turn\":1}}");
        CliRun r = CliRun.of("handoff", "size", "--home", home.toString(), "--now", NOW, "--lang", "zh-CN", "--no-record",
                "--stats");
        assertThat(r.code()).as(r.err()).isZero();
        long chars = Files.readString(home.resolve("sessions/p/session-size/session.jsonl")).length();
        assertThat(r.err()).containsPattern("解码文本 *：" + chars + "B（");
    }

    @Test
    void sessions_written_within_one_millisecond_are_ordered_by_the_finer_time_as_node_ordered_them() throws Exception {
        // given two sessions whose logs differ in modification time by 0.4 ms, the older one first by name
        session("session-aaa-older");
        session("session-bbb-newer");
        java.time.Instant base = java.time.Instant.parse("2026-09-19T01:00:00.123100Z");
        Files.setLastModifiedTime(home.resolve("sessions/p/session-aaa-older/session.jsonl"),
                java.nio.file.attribute.FileTime.from(base));
        Files.setLastModifiedTime(home.resolve("sessions/p/session-bbb-newer/session.jsonl"),
                java.nio.file.attribute.FileTime.from(base.plusNanos(400_000)));
        // when
        List<SessionLogs.Found> listed = SessionLogs.list(home.resolve("sessions"));
        // then fs.statSync().mtimeMs (1789779600123.1 vs .5) puts the newer first; whole milliseconds tied
        assertThat(listed).extracting(SessionLogs.Found::id).containsExactly("session-bbb-newer", "session-aaa-older");
        assertThat(listed.get(0).mtimeMs()).isEqualTo(1789779600123.5);
    }

    @Test
    void now_reads_the_iso_forms_as_javascripts_date_parse_does() {
        java.time.ZoneId shanghai = java.time.ZoneId.of("Asia/Shanghai");
        assertThat(CliContext.instant("2026-09-22T10:00:00Z", shanghai)).isEqualTo("2026-09-22T10:00:00Z");
        assertThat(CliContext.instant("2026-09-22T10:00:00+08:00", shanghai)).isEqualTo("2026-09-22T02:00:00Z");
        // a date alone is UTC midnight; a date-time without an offset is local time
        assertThat(CliContext.instant("2026-09-22", shanghai)).isEqualTo("2026-09-22T00:00:00Z");
        assertThat(CliContext.instant("2026-09-22T10:00", shanghai)).isEqualTo("2026-09-22T02:00:00Z");
        assertThat(CliContext.instant("2026-09-22T10:00:00.250", java.time.ZoneOffset.UTC))
                .isEqualTo("2026-09-22T10:00:00.250Z");
        CliRun bad = CliRun.of("health", "--now", "yesterday", "--home", home.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("yesterday");
    }

    @Test
    void the_history_row_names_the_session_by_its_folder_and_writes_numbers_as_javascript() throws Exception {
        // given a session whose header id differs from its folder name (the original's row used the folder: target.id)
        Path dir = Files.createDirectories(home.resolve("sessions/p/session-folder"));
        Files.writeString(dir.resolve("session.jsonl"), """
                {"type":"session","version":0,"id":"session-header","createdAt":1790000000000,"cwd":"/tmp/p"}
                {"type":"request/context","seq":1,"data":{"contextWindow":64000,"model":"deepseek-v4-flash"}}
                {"type":"assistant/message","seq":2,"data":{"turn":1,"message":{"content":[{"type":"text","text":"ok"}]},"usage":{"totalTokens":5120}}}
                """, StandardCharsets.UTF_8);
        // when
        CliRun r = CliRun.of("handoff", "folder", "--home", home.toString(), "--now", NOW, "--lang", "zh-CN");
        // then
        assertThat(r.code()).as(r.err()).isZero();
        String row = Files.readString(home.resolve("attention-health/handoff-history.jsonl"), StandardCharsets.UTF_8);
        assertThat(row).startsWith("{\"at\":1789783200000,\"sessionId\":\"session-folder\",\"via\":\"cli\",\"profile\":\"slim\"")
                .contains("\"windowPercent\":8,").contains("\"usedTokens\":5120,").endsWith("}\n");
    }

    @Test
    void the_health_text_names_the_session_by_its_folder_id_as_the_original_did() throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/p/session-folder-2"));
        Files.writeString(dir.resolve("session.jsonl"),
                "{\"type\":\"session\",\"version\":0,\"id\":\"session-header-2\",\"cwd\":\"/tmp/p\"}\n", StandardCharsets.UTF_8);
        CliRun r = CliRun.of("health", "folder-2", "--home", home.toString(), "--now", NOW, "--lang", "zh-CN");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines().findFirst().orElseThrow()).matches("会话 *：session-folder-2");
    }
}
