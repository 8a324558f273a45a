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
import org.junit.jupiter.api.TestFactory;

/** Spec §3.6: the hot reducer (A), the cold fold (B) and the offline scan (C) agree on every corpus session. */
class CrossCheckTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-09-19T02:00:00Z"), ZoneOffset.UTC);

    @TestFactory
    Stream<DynamicTest> hot_cold_and_offline_paths_agree_on_every_corpus_session() {
        List<Path> logs = Corpus.rawLogs();
        assertThat(logs).hasSizeGreaterThanOrEqualTo(133);
        return logs.stream().map(p -> DynamicTest.dynamicTest(Corpus.nameOf(p), () -> check(p)));
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
        Double expectedRounds = a.plan().window().officialLine() == null || rawMean == 0 ? null
                : Math.floor(Math.max(0, a.plan().window().officialLine() - ac.usedTokens()) / rawMean);
        same(bad, "headroomRounds A/B", a.plan().window().headroomRounds(), expectedRounds);
        assertThat(bad).as(Corpus.nameOf(file)).isEmpty();
    }

    private static void same(List<String> bad, String what, Object x, Object y) {
        boolean eq = x == null ? y == null : x instanceof Number nx && y instanceof Number ny
                ? nx.doubleValue() == ny.doubleValue() : x.equals(y);
        if (!eq) bad.add(what + ": " + x + " vs " + y);
    }
}
