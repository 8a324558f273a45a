package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

/**
 * Spec §9.6 item 2 and the sample consistency of §3.6 (plugin-test §5), on every corpus session —
 * what {@code CrossCheckTest} (the §3.6 field pairs) does not check: the final hot state's
 * invariants, its view against the schema keys, samples present exactly when a signal was counted,
 * the cold self-check's score and level — which are also the live reducer's (what {@code dsh4j health}
 * prints is what the live plugin will show; the advice may differ by the §10.2 clock and document-size
 * quirk, so it is not compared) — and that the zstd twin of each log folds to the same state.
 */
class CorpusInvariantsTest {

    private static final Instant SATURDAY = Instant.parse("2026-09-19T02:00:00Z");
    private static final HealthReducer HOT = new HealthReducer(Clock.fixed(SATURDAY, ZoneOffset.UTC));

    @TestFactory
    Stream<DynamicTest> every_corpus_session_keeps_the_invariants_of_9_6() {
        List<Path> logs = Corpus.rawLogs();
        assertThat(logs).hasSizeGreaterThanOrEqualTo(133);
        return logs.stream().map(p -> DynamicTest.dynamicTest(Corpus.nameOf(p), () -> check(p)));
    }

    /** The level the spec's §4.4 table gives a score (written out here, not read from {@code Level}). */
    static String specLevel(int score) {
        return score >= 80 ? "ok" : score >= 60 ? "watch" : score >= 40 ? "warn" : "critical";
    }

    private static HealthState replay(List<JsonNode> events) {
        HealthState s = HOT.init();
        for (JsonNode e : events) s = HOT.apply(s, e);
        return s;
    }

    private static void check(Path raw) {
        List<JsonNode> events = RawLogs.read(raw).events();
        HealthState a = replay(events);
        HealthCounters c = a.counters();

        ObjectNode view = a.view(Texts.chinese());
        HostileInputProperties.assertValidView(view);
        List<String> keys = new ArrayList<>();
        view.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactlyElementsOf(HealthState.VIEW_KEYS);
        assertThat(view.get("level").asText()).isEqualTo(specLevel(view.get("score").asInt()));
        assertThat(a.report().score()).isLessThanOrEqualTo(a.report().cap() == null ? 100 : a.report().cap());

        int signals = c.reasoningLoop() + c.reasoningFlags() + c.degradedReplies() + c.guardTripCount();
        assertThat(c.degradedSamples().isEmpty()).as("samples iff signals (%s)", signals).isEqualTo(signals == 0);
        assertThat(c.degradedSamples()).hasSizeLessThanOrEqualTo(5)
                .allSatisfy(d -> assertThat(d.excerpt()).hasSizeLessThanOrEqualTo(200).doesNotContain("\n"));

        SessionFacts x = ColdFold.fold(events);
        HealthCheck cold = HealthCheck.assess(x, null, "v0", SATURDAY);
        assertThat(cold.report().score()).isBetween(0, 100);
        assertThat(cold.report().level().key()).isEqualTo(specLevel(cold.report().score()));
        assertThat(Advice.VALUES).contains(cold.advice().key());
        assertThat(cold.report().score()).as("cold vs hot score").isEqualTo(a.report().score());
        assertThat(cold.report().level()).as("cold vs hot level").isEqualTo(a.report().level());

        HealthState twin = replay(RawLogs.read(Corpus.zstdTwinOf(raw)).events());
        assertThat(twin.view(Texts.chinese())).as("zstd twin").isEqualTo(view);
    }
}
