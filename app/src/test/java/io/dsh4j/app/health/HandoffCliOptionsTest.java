package io.dsh4j.app.health;

import static io.dsh4j.app.health.HealthCliTest.NOW;
import static io.dsh4j.app.health.HealthCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.health.HealthCliTest.Run;
import io.dsh4j.attention.core.Handoff;
import io.dsh4j.attention.core.HandoffRequest;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.testkit.Corpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dsh4j handoff} with each of its options (issue 4 command line, spec §1.9 and §11 item 49):
 * the command prints exactly what the engine's {@code Handoff.build} renders (slim by default), the
 * limits and the profile reach the document, {@code --now} makes it reproducible, and the targets
 * that select nothing or several sessions fail with their exit codes.
 */
class HandoffCliOptionsTest {

    @TempDir
    Path home;

    private static Path stress(String name) {
        return Corpus.oracle().resolve("attention-health/stress").resolve(name).resolve("session.jsonl");
    }

    private Path install(String id, Path log, long mtime) throws Exception {
        Path dir = Files.createDirectories(home.resolve("sessions/--p--").resolve(id));
        Path target = Files.copy(log, dir.resolve(log.getFileName()));
        Files.setLastModifiedTime(target, FileTime.fromMillis(mtime));
        return target;
    }

    private Run handoff(String... extra) {
        List<String> args = new ArrayList<>(List.of("handoff", "--home", home.toString(), "--now", NOW, "--no-record"));
        args.addAll(List.of(extra));
        Run r = run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.OK);
        return r;
    }

    @Test
    void the_command_prints_what_the_engine_renders_in_the_slim_profile() throws Exception {
        Path log = install("session-doc", stress("63-128k-files-todos-errors"), 1_000);
        List<JsonNode> events = new ArrayList<>();
        LenientLogReader.Result read = LenientLogReader.read(log, LenientLogReader.Limits.DEFAULTS, events::add);
        String engine = Handoff.build(events, HandoffRequest.ofLog(read.header(), "v0", Instant.parse(NOW),
                ZoneId.systemDefault(), Texts.chinese(), (int) read.records())).markdown();

        assertThat(handoff("doc", "--lang", "zh-CN").out()).isEqualTo(engine);
        assertThat(handoff("doc", "--lang", "zh-CN", "--profile", "slim").out()).isEqualTo(engine);
        assertThat(handoff("doc", "--lang", "zh-CN", "--profile", "lean").out()).isEqualTo(engine);
        assertThat(handoff("doc", "--lang", "zh-CN", "--profile", "full").out()).isNotEqualTo(engine)
                .hasSizeGreaterThan(engine.length());
    }

    @Test
    void the_limits_reach_the_document() throws Exception {
        install("session-doc", stress("63-128k-files-todos-errors"), 1_000);
        String all = handoff("doc", "--lang", "zh-CN").out();
        String one = handoff("doc", "--lang", "zh-CN", "--max-turns", "1", "--max-requests", "1", "--max-files", "1").out();
        assertThat(all).contains("下表为最近 10 轮");
        assertThat(one).contains("## 各轮进度（共 24 轮，下表为最近 1 轮）").contains("- …另有 26 条（未展开）")
                .containsPattern("- …另有 \\d+ 个\n");
        assertThat(one.lines().filter(l -> l.startsWith("- `src/")).count()).isEqualTo(1);
        assertThat(all.lines().filter(l -> l.startsWith("- `src/")).count()).isGreaterThan(1);
    }

    @Test
    void now_makes_the_document_reproducible_and_lang_switches_the_words_not_the_advice() throws Exception {
        install("session-doc", stress("31-1m-35pct-cost-handoff-mature"), 1_000);
        String en = handoff("doc").out();
        assertThat(handoff("doc", "--lang", "en").out()).isEqualTo(en);
        assertThat(en).startsWith("# Handoff notes");
        String zh = handoff("doc", "--lang", "zh-CN").out();
        assertThat(zh).startsWith("# 会话交接内容").isEqualTo(handoff("doc", "--lang", "zh-CN").out());
        Run healthEn = run("health", "doc", "--home", home.toString(), "--now", NOW, "--json");
        Run healthZh = run("health", "doc", "--home", home.toString(), "--now", NOW, "--json", "--lang", "zh-CN");
        assertThat(healthEn.out().replaceAll("\"(adviceText|findings)\":(\"[^\"]*\"|\\[[^]]*])", ""))
                .isEqualTo(healthZh.out().replaceAll("\"(adviceText|findings)\":(\"[^\"]*\"|\\[[^]]*])", ""));
    }

    @Test
    void stats_go_to_stderr_and_the_document_to_stdout() throws Exception {
        install("session-doc", stress("63-128k-files-todos-errors"), 1_000);
        Run r = handoff("doc", "--stats");
        assertThat(r.out()).startsWith("# Handoff notes").doesNotContain("== reading and parsing ==");
        assertThat(r.err()).contains("== reading and parsing ==").containsPattern("Turns *: 24\n")
                .containsPattern("Document *: " + r.out().length() + " characters");
    }

    @Test
    void targets_that_select_nothing_or_several_sessions_fail_with_their_codes() throws Exception {
        Run none = run("handoff", "--home", home.toString(), "--no-record");
        assertThat(none.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(none.err()).contains("Found no session logs under");
        install("session-aa1", stress("01-tiny-3turns-64k"), 1_000);
        install("session-aa2", stress("01-tiny-3turns-64k"), 2_000);
        Run ambiguous = run("handoff", "session-aa", "--home", home.toString(), "--no-record");
        assertThat(ambiguous.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(ambiguous.err()).contains("session-aa1").contains("session-aa2");
        Run unknown = run("handoff", "zzz", "--home", home.toString(), "--no-record");
        assertThat(unknown.code()).isEqualTo(ExitCodes.INPUT_UNAVAILABLE);
        assertThat(unknown.out()).isEmpty();
        assertThat(Files.exists(home.resolve("attention-health/handoff-history.jsonl"))).isFalse();
    }

    @Test
    void help_names_every_option_and_exits_0() {
        Run health = run("health", "--help");
        assertThat(health.code()).isZero();
        assertThat(health.out()).contains("--all", "--json", "--home", "--lang", "--now", "ID|PATH", "Exit codes:");
        Run handoff = run("handoff", "--help");
        assertThat(handoff.code()).isZero();
        assertThat(handoff.out()).contains("--out", "--profile", "--max-turns", "--max-requests", "--max-files",
                "--stats", "--calibration", "--no-record", "--home", "--lang", "--now", "Exit codes:");
    }

    @Test
    void now_decides_the_price_tier_and_with_it_the_advice_as_the_original_did() throws Exception {
        install("session-band", stress("47-costband-4-64pct-1m"), 1_000);
        String saturday = "2026-09-19T02:00:00Z";
        String tuesdayPeak = "2026-09-22T02:00:00Z";
        Run sat = run("health", "band", "--home", home.toString(), "--json", "--now", saturday);
        Run tue = run("health", "band", "--home", home.toString(), "--json", "--now", tuesdayPeak);
        assertThat(HealthCliTest.M.readTree(sat.out()).get("advice").asText()).isEqualTo("prepare");
        assertThat(HealthCliTest.M.readTree(tue.out()).get("advice").asText()).isEqualTo("handoff");
        List<String> base = List.of("handoff", "band", "--home", home.toString(), "--no-record", "--lang", "zh-CN", "--now");
        String offPeakDoc = run(Stream.concat(base.stream(), Stream.of(saturday))
                .toArray(String[]::new)).out();
        String peakDoc = run(Stream.concat(base.stream(), Stream.of(tuesdayPeak))
                .toArray(String[]::new)).out();
        // the unit prices double at peak; the note's "flash off-peak" wording is the original's quirk (§10.2)
        assertThat(offPeakDoc).contains("价格：命中 0.02 / 未命中 1 / 输出 4（元/百万 token，DeepSeek flash 空闲价）");
        assertThat(peakDoc).contains("价格：命中 0.04 / 未命中 2 / 输出 8（元/百万 token，DeepSeek flash 空闲价）");
    }
}
