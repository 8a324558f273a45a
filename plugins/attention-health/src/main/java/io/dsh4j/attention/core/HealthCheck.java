package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.ZoneId;

/**
 * The offline self-check of one session (spec §1.9 {@code --health}, plus the advice): the score
 * of the cold fold, and the final advice of the handoff document the session would get (the slim
 * profile's two-pass plan, as the original computed it). Immutable.
 *
 * @param facts  the folded facts
 * @param report the score (the CLI's log-derived health)
 * @param plan   the plan of the document's second pass (its {@link CompactionPlan#advice()})
 */
public record HealthCheck(SessionFacts facts, HealthReport report, CompactionPlan plan) {

    /**
     * Assesses folded facts.
     *
     * @param x      facts from {@link ColdFold#forDocument()} (the document needs them)
     * @param header the session header, or {@code null}
     * @param generation the on-disk generation ({@code v3}), or {@code null}
     * @param now    the instant that decides the price tier
     */
    public static HealthCheck assess(SessionFacts x, JsonNode header, String generation, Instant now,
            Thresholds thresholds, PriceTable prices) {
        HandoffRequest req = new HandoffRequest(header, null, HandoffOptions.DEFAULTS, false, generation, now,
                ZoneId.of("UTC"), Texts.chinese(), thresholds, prices, 0);
        // only the plan of the document is needed: its first pass is rendered for its length, the second not at all
        return new HealthCheck(x, x.score(thresholds), Handoff.plan(x, req));
    }

    /** Assesses folded facts with the default thresholds and prices. */
    public static HealthCheck assess(SessionFacts x, JsonNode header, String generation, Instant now) {
        return assess(x, header, generation, now, Thresholds.DEFAULTS, PriceTable.DEFAULTS);
    }

    /** The final advice. */
    public Advice advice() {
        return plan.advice();
    }
}
