package io.dsh4j.app.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.app.Main;
import io.dsh4j.testkit.Corpus;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The offline {@code health} and {@code handoff} commands (issue 4, spec §1.9). */
class HealthCliTest {

    static final ObjectMapper M = new ObjectMapper();
    static final String NOW = "2026-09-19T02:00:00Z";

    @TempDir
    Path home;

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    private Path stress(String name) {
        return Corpus.oracle().resolve("attention-health/stress").resolve(name).resolve("session.jsonl");
    }

    private Path install(String project, String id, Path log, long mtime) throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions").resolve(project).resolve(id));
        Path target = dir.resolve(log.getFileName().toString());
        Files.copy(log, target);
        Files.setLastModifiedTime(target, java.nio.file.attribute.FileTime.fromMillis(mtime));
        return target;
    }

    @Test
    void health_json_over_every_zstd_corpus_file_is_a_valid_object_and_deterministic() throws Exception {
        List<Path> logs = Corpus.zstdLogs();
        List<String> first = new ArrayList<>();
        for (Path log : logs) {
            Run r = run("health", log.toString(), "--json", "--now", NOW, "--lang", "zh-CN", "--home", home.toString());
            assertThat(r.code()).as(log + " " + r.err()).isZero();
            JsonNode o = M.readTree(r.out());
            for (String field : List.of("path", "id", "score", "level", "advice", "usedTokens", "window",
                    "effectivePercent", "findings", "repeatWorst", "degradedReplies", "reasoningLoop", "reasoningFlags",
                    "guardTrips")) {
                assertThat(o.has(field)).as(log + " " + field).isTrue();
            }
            assertThat(List.of("ok", "watch", "warn", "critical")).contains(o.get("level").asText());
            assertThat(List.of("continue", "costNote", "prepare", "handoff")).contains(o.get("advice").asText());
            first.add(r.out());
        }
        for (int i = 0; i < logs.size(); i++) {
            Run again = run("health", logs.get(i).toString(), "--json", "--now", NOW, "--lang", "zh-CN", "--home", home.toString());
            assertThat(again.out()).isEqualTo(first.get(i));
        }
    }

    @Test
    void zstd_and_raw_twins_give_the_same_figures() throws Exception {
        for (Path raw : Corpus.rawLogs().subList(0, 20)) {
            JsonNode a = M.readTree(run("health", raw.toString(), "--json", "--now", NOW, "--home", home.toString()).out());
            JsonNode b = M.readTree(run("health", Corpus.zstdTwinOf(raw).toString(), "--json", "--now", NOW, "--home",
                    home.toString()).out());
            ((com.fasterxml.jackson.databind.node.ObjectNode) a).remove("path");
            ((com.fasterxml.jackson.databind.node.ObjectNode) b).remove("path");
            assertThat(b).as(raw.toString()).isEqualTo(a);
        }
    }

    @Test
    void a_stress_session_reproduces_the_oracle_at_both_clocks() {
        Path log = stress("32-1m-33pct-cost-immature");
        JsonNode sat = json(run("health", log.toString(), "--json", "--now", "2026-09-19T02:00:00Z", "--lang", "zh-CN"));
        assertThat(sat.get("score").asInt()).isEqualTo(75);
        assertThat(sat.get("level").asText()).isEqualTo("watch");
        assertThat(sat.get("advice").asText()).isEqualTo("prepare");
        assertThat(sat.get("usedTokens").asDouble()).isEqualTo(330_000);
        JsonNode tue = json(run("health", stress("47-costband-4-64pct-1m").toString(), "--json", "--now",
                "2026-09-22T02:00:00Z", "--lang", "zh-CN"));
        assertThat(tue.get("advice").asText()).isEqualTo("handoff");
        assertThat(tue.get("findings").get(0).asText()).contains("评分 −75");
    }

    private static JsonNode json(Run r) {
        assertThat(r.code()).as(r.err()).isZero();
        try {
            return M.readTree(r.out());
        } catch (Exception e) {
            throw new AssertionError(r.out(), e);
        }
    }

    @Test
    void sessions_are_selected_by_id_part_and_errors_have_exit_codes() throws Exception {
        install("--p--", "session-aaa111", stress("01-tiny-3turns-64k"), 1_000_000);
        install("--p--", "session-aab222", stress("10-64k-50pct-steady"), 2_000_000);
        Run one = run("health", "aaa1", "--home", home.toString(), "--now", NOW);
        assertThat(one.code()).isZero();
        assertThat(one.out()).contains("Health score").contains("100 / 100");
        Run zh = run("health", "aab2", "--home", home.toString(), "--now", NOW, "--lang", "zh-CN");
        assertThat(zh.out()).contains("：55 / 100 — 上下文偏大").contains("发现：");
        List<String> labelled = zh.out().lines().takeWhile(l -> !l.equals("发现：")).toList();
        assertThat(labelled).hasSizeGreaterThan(3)
                .allSatisfy(l -> assertThat(LabelColumns.width(l.substring(0, l.indexOf('：'))))
                        .isEqualTo(LabelColumns.width(labelled.get(0).substring(0, labelled.get(0).indexOf('：')))));
        Run ambiguous = run("health", "session-aa", "--home", home.toString());
        assertThat(ambiguous.code()).isEqualTo(2);
        assertThat(ambiguous.err()).contains("session-aaa111").contains("session-aab222");
        assertThat(run("health", "zzz", "--home", home.toString()).code()).isEqualTo(3);
        assertThat(run("health", "--home", home.resolve("empty").toString()).code()).isEqualTo(3);
        assertThat(run("health", "aaa1", "--home", home.toString(), "--now", "yesterday").code()).isEqualTo(2);
        assertThat(run("health", "aaa1", "--home", home.toString(), "--lang", "fr").code()).isEqualTo(2);
        Run fallback = run("health", "--home", home.toString(), "--now", NOW);
        assertThat(fallback.code()).isZero();
        assertThat(fallback.err()).contains("session-aab222");
    }

    @Test
    void all_lists_every_session_newest_first_as_json_lines() throws Exception {
        install("--p--", "session-old", stress("01-tiny-3turns-64k"), 1_000_000);
        install("--q--", "session-new", stress("20-1m-guard3-loops"), 3_000_000);
        Run r = run("health", "--all", "--json", "--home", home.toString(), "--now", NOW);
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(json(new Run(0, lines.get(0), "")).get("guardTrips").asInt()).isEqualTo(3);
        assertThat(lines.get(1)).contains("\"score\":100");
        Run text = run("health", "--all", "--home", home.toString(), "--now", NOW);
        assertThat(text.out().lines()).hasSize(2);
    }

    @Test
    void an_oversized_log_is_skipped_with_a_clear_message() throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/--p--/session-big"));
        Path big = dir.resolve("session.jsonl");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(io.dsh4j.session.LenientLogReader.Limits.DEFAULTS.maxInputBytes() + 1);
        }
        Run r = run("health", big.toString(), "--home", home.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("not read").contains("input-too-large").contains(big.toString());
        install("--p--", "session-small", stress("01-tiny-3turns-64k"), 1_000);
        Run all = run("health", "--all", "--home", home.toString(), "--now", NOW);
        assertThat(all.code()).isEqualTo(1);
        assertThat(all.out().lines()).hasSize(1);
    }

    @Test
    void handoff_writes_the_document_records_history_and_summarises_it() throws Exception {
        install("--p--", "session-doc1", stress("63-128k-files-todos-errors"), 1_000);
        Path out = home.resolve("out/doc.md");
        Run r = run("handoff", "doc1", "--home", home.toString(), "--now", NOW, "--lang", "zh-CN", "-o", out.toString(),
                "--stats");
        assertThat(r.code()).as(r.err()).isZero();
        String md = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(md).startsWith("# 会话交接内容").contains("## 附录 A");
        assertThat(r.err()).contains("交接文档已保存到").contains("== 读取与解析 ==").contains("zstd 帧").contains("JSON 解析失败");
        List<String> history = Files.readAllLines(home.resolve("attention-health/handoff-history.jsonl"));
        assertThat(history).hasSize(1);
        JsonNode row = M.readTree(history.get(0));
        assertThat(row.get("via").asText()).isEqualTo("cli");
        assertThat(row.get("chars").asInt()).isEqualTo(md.length());
        Run full = run("handoff", "doc1", "--home", home.toString(), "--now", NOW, "--profile", "full", "--no-record");
        assertThat(full.out()).startsWith("# Handoff notes").hasSizeGreaterThan(md.length() / 2);
        assertThat(Files.readAllLines(home.resolve("attention-health/handoff-history.jsonl"))).hasSize(1);
        Run cal = run("handoff", "--calibration", "--home", home.toString(), "--lang", "zh-CN");
        assertThat(cal.out()).startsWith("交接历史记录：1 次");
        Run none = run("handoff", "--calibration", "--home", home.resolve("fresh").toString());
        assertThat(none.code()).isZero();
        assertThat(none.out()).contains("Handoffs recorded: 0");
        assertThat(run("handoff", "doc1", "--home", home.toString(), "--profile", "huge").code()).isEqualTo(2);
    }
}
