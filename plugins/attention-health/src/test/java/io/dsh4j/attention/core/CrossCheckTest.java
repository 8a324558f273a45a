package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsNumbers;
import io.dsh4j.testkit.Corpus;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Spec §3.6: the hot reducer (A), the cold fold (B) and the offline scan (C) agree on every corpus
 * session and on every stress session of the oracle.
 */
class CrossCheckTest {

    /**
     * Stress sessions with a declared window and a positive growth; the corpus logs have none (no
     * {@code request/context} window beside a growing context), so without the stress set the pair is vacuous.
     */
    private static final int MIN_SESSIONS_WITH_HEADROOM = 10;

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-09-19T02:00:00Z"), ZoneOffset.UTC);

    @TestFactory
    Stream<DynamicTest> hot_cold_and_offline_paths_agree_on_every_corpus_session() {
        List<Path> logs = Corpus.rawLogs();
        assertThat(logs).hasSizeGreaterThanOrEqualTo(133);
        List<Path> stress = stressLogs();
        assertThat(stress).hasSize(79);
        return java.util.stream.Stream.concat(logs.stream(), stress.stream())
                .map(p -> DynamicTest.dynamicTest(Corpus.nameOf(p), () -> check(p)));
    }

    /** The oracle's 79 synthetic stress sessions, made to reach every level, advice and degradation kind. */
    private static List<Path> stressLogs() {
        try (Stream<Path> dirs = java.nio.file.Files.list(Corpus.oracle().resolve("attention-health/stress"))) {
            return dirs.map(d -> d.resolve("session.jsonl")).filter(java.nio.file.Files::isRegularFile).sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void the_headroom_and_growth_pairs_are_checked_on_sessions_where_they_are_known() {
        // the A/B pairs of headroom and growth compare nulls and zeros on most corpus sessions: make sure they bite somewhere
        int known = 0;
        for (Path p : stressLogs()) {
            HealthReducer reducer = new HealthReducer(CLOCK);
            HealthState a = reducer.init();
            for (JsonNode e : RawLogs.read(p).events()) a = reducer.apply(a, e);
            if (a.plan().window().headroomRounds() != null && a.avgRoundGrowth() > 0) known++;
        }
        assertThat(known).isGreaterThanOrEqualTo(MIN_SESSIONS_WITH_HEADROOM);
    }

    private static void check(Path file) {
        List<JsonNode> events = RawLogs.read(file).events();
        HealthReducer reducer = new HealthReducer(CLOCK);
        HealthState a = reducer.init();
        OfflineScan c = new OfflineScan();
        for (JsonNode e : events) {
            a = reducer.apply(a, e);
            c.accept(e);
        }
        SessionFacts b = ColdFold.fold(events);
        OfflineScan.Result cr = c.finish(Thresholds.DEFAULTS);
        HealthCounters ac = a.counters();
        List<String> bad = new ArrayList<>();
        // A vs C
        same(bad, "usedTokens A/C", ac.usedTokens(), cr.usedTokens());
        same(bad, "score A/C", a.report().score(), cr.report().score());
        same(bad, "level A/C", a.report().level(), cr.report().level());
        same(bad, "repeatWorst A/C", ac.repeatWorst(), cr.repeatWorst());
        same(bad, "degradedReplies A/C", ac.degradedReplies(), cr.degradedReplies());
        same(bad, "reasoningLoop A/C", ac.reasoningLoop(), cr.reasoningLoop());
        same(bad, "reasoningFlags A/C", ac.reasoningFlags(), cr.reasoningFlags());
        same(bad, "reasoningWorstRepeat A/C", ac.reasoningWorstRepeat(), cr.reasoningWorstRepeat());
        // A vs B
        same(bad, "usedTokens A/B", ac.usedTokens(), b.usage().lastContextTokens());
        same(bad, "repeatWorst A/B", ac.repeatWorst(), b.repeatWorst());
        same(bad, "degradedReplies A/B", ac.degradedReplies(), b.degradedReplies());
        same(bad, "reasoningLoop A/B", ac.reasoningLoop(), b.reasoningLoop());
        same(bad, "reasoningFlags A/B", ac.reasoningFlags(), b.reasoningFlags());
        same(bad, "reasoningWorstRepeat A/B", ac.reasoningWorstRepeat(), b.reasoningWorstRepeat());
        double rawMean = b.rawGrowth();
        same(bad, "avgRoundGrowth A/B", a.avgRoundGrowth(), JsNumbers.round(rawMean));
        // B's headroom comes from B's facts through the planner (the document's path), not from a copy of its formula.
        // The window is A's: the hot state keeps the last declared window when a later request/context drops it, the
        // cold fold does not (stress session 05), and §3.6 pairs the growth, not the window
        Double window = a.plan().window().contextWindow();
        CompactionPlan cold = CompactionPlanner.derive(b.planInput(rawMean, null, CLOCK.instant()).toBuilder()
                .window(window == null ? Double.NaN : window).build());
        same(bad, "headroomRounds A/B", a.plan().window().headroomRounds(), cold.window().headroomRounds());
        assertThat(bad).as(Corpus.nameOf(file)).isEmpty();
    }

    private static void same(List<String> bad, String what, Object x, Object y) {
        boolean eq = x == null ? y == null : x instanceof Number nx && y instanceof Number ny
                ? nx.doubleValue() == ny.doubleValue() : x.equals(y);
        if (!eq) bad.add(what + ": " + x + " vs " + y);
    }
}
