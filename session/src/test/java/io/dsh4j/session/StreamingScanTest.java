package io.dsh4j.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 16, the streaming token scan: {@code stats} and {@code verify} build only the event data
 * they read, and agree with the full (tree) read on every corpus log, raw and zstd, under both
 * reading modes.
 */
class StreamingScanTest {

    /** The stats of a full read: every event built whole, folded by hand. */
    record Figures(LogReadResult result, StatsTotals totals, StatsTotals own) {}

    static Figures treeStats(Path log, SessionLogReader.Options options) throws IOException {
        SessionStats[] stats = new SessionStats[1];
        LogReadResult r = SessionLogReader.stream(log, options, new SessionLogVisitor() {
            @Override
            public void header(SessionHeader header) {
                stats[0] = new SessionStats(header);
            }

            @Override
            public void event(io.dsh4j.session.event.SessionEvent event) {
                stats[0].accept(event);
            }
        });
        return new Figures(r, stats[0] == null ? null : stats[0].totals(), stats[0] == null ? null : stats[0].ownTotals());
    }

    static Figures scanStats(Path log, SessionLogReader.Options options) throws IOException {
        StatsVisitor v = new StatsVisitor();
        LogReadResult r = SessionLogReader.stream(log, options, v);
        return new Figures(r, v.hasHeader() ? v.totals() : null, v.hasHeader() ? v.stats().ownTotals() : null);
    }

    static List<Path> corpusLogs() {
        List<Path> logs = new ArrayList<>(Corpus.rawLogs());
        logs.addAll(Corpus.zstdLogs());
        return logs;
    }

    @Test
    void the_stats_scan_agrees_with_the_tree_read_on_every_corpus_log() throws IOException {
        List<Path> logs = corpusLogs();
        assertThat(logs).hasSizeGreaterThan(10);
        for (SessionLogReader.Options options : List.of(SessionLogReader.Options.FIXTURE, SessionLogReader.Options.STRICT)) {
            for (Path log : logs) {
                assertThat(scanStats(log, options)).as(log + " " + options.mode()).isEqualTo(treeStats(log, options));
            }
        }
    }

    @Test
    void the_verify_scan_agrees_with_the_tree_read_on_every_corpus_log() throws IOException {
        for (SessionLogReader.Options options : List.of(SessionLogReader.Options.FIXTURE, SessionLogReader.Options.STRICT)) {
            for (Path log : corpusLogs()) {
                LogReadResult tree = SessionLogReader.stream(log, options, e -> {});
                assertThat(SessionLogReader.check(log, options)).as(log + " " + options.mode()).isEqualTo(tree);
                assertThat(SessionLogReader.check(log, options).describe()).isEqualTo(tree.describe());
            }
        }
    }

    @Test
    void the_damaged_corpus_cases_get_the_same_outcome_from_the_scans() throws IOException {
        try (var files = java.nio.file.Files.list(Corpus.damagedDir())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl.zstd")).sorted().toList()) {
                Figures tree = treeStats(f, SessionLogReader.Options.FIXTURE);
                assertThat(scanStats(f, SessionLogReader.Options.FIXTURE)).as(f.toString()).isEqualTo(tree);
                assertThat(SessionLogReader.check(f, SessionLogReader.Options.FIXTURE)).as(f.toString()).isEqualTo(tree.result());
            }
        }
    }
}
