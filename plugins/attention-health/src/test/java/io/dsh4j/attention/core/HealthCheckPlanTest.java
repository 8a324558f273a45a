package io.dsh4j.attention.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.testkit.Corpus;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Spec §1.9's advice (issue 16): {@link HealthCheck} takes the document's plan from {@link
 * Handoff#plan}, which renders the first pass for its length only and skips the second pass. On every
 * corpus session, in both languages and at both price tiers, that plan equals the plan of the whole
 * two-pass {@link Handoff#build}, and the first pass's length is the rendered document's.
 */
class HealthCheckPlanTest {

    private static final Instant[] NOWS = {Instant.parse("2026-09-19T02:00:00Z"), Instant.parse("2026-09-16T10:00:00Z")};

    @TestFactory
    Stream<DynamicTest> the_health_plan_equals_the_plan_of_the_rendered_document() {
        List<Path> logs = Corpus.rawLogs();
        assertThat(logs).hasSizeGreaterThanOrEqualTo(133);
        return logs.stream().map(p -> DynamicTest.dynamicTest(Corpus.nameOf(p), () -> check(p)));
    }

    private static void check(Path raw) {
        RawLogs.Log log = RawLogs.read(raw);
        SessionFacts x = ColdFold.fold(log.events());
        JsonNode header = log.header();
        for (Instant now : NOWS) {
            for (Texts texts : new Texts[] {Texts.chinese(), Texts.english()}) {
                HandoffRequest req = new HandoffRequest(header, null, HandoffOptions.DEFAULTS, false, "v0", now,
                        ZoneId.of("UTC"), texts, Thresholds.DEFAULTS, PriceTable.DEFAULTS, 0);
                HandoffResult doc = Handoff.build(x, req);
                assertThat(Handoff.plan(x, req)).as("plan, %s, %s", now, texts.locale()).isEqualTo(doc.plan());
                assertThat(HandoffRenderer.renderedLength(x, req, doc.stats().handoffDocTokens()))
                        .isEqualTo(HandoffRenderer.render(x, req, doc.stats().handoffDocTokens()).markdown().length())
                        .isEqualTo(doc.stats().chars());
            }
            HealthCheck check = HealthCheck.assess(x, header, "v0", now);
            HandoffRequest cli = new HandoffRequest(header, null, HandoffOptions.DEFAULTS, false, "v0", now,
                    ZoneId.of("UTC"), Texts.chinese(), Thresholds.DEFAULTS, PriceTable.DEFAULTS, 0);
            assertThat(check.plan()).isEqualTo(Handoff.build(x, cli).plan());
        }
    }
}
