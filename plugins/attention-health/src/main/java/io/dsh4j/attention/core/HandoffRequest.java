package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.ZoneId;

/**
 * Everything {@link Handoff#build} needs besides the facts.
 *
 * @param header      the session header record (may be {@code null})
 * @param health      a live health state, or {@code null} to derive it from the log
 * @param options     render limits and profile
 * @param live        whether the events are a live session's memory (else a disk snapshot)
 * @param generation  the on-disk generation ({@code v3}), or {@code null}
 * @param now         the generation instant; also decides the price tier
 * @param zone        the zone of local times in the document
 * @param texts       the document language
 * @param thresholds  the judgement thresholds
 * @param prices      the price table
 * @param eventCount  the number of events folded (for the stats)
 */
public record HandoffRequest(JsonNode header, HealthSnapshot health, HandoffOptions options, boolean live,
        String generation, Instant now, ZoneId zone, Texts texts, Thresholds thresholds, PriceTable prices,
        int eventCount) {

    public HandoffRequest {
        if (options == null) options = HandoffOptions.DEFAULTS;
        if (now == null) throw new IllegalArgumentException("a handoff needs the instant it is generated at");
        if (zone == null) zone = ZoneId.systemDefault();
        if (texts == null) texts = Texts.english();
        if (thresholds == null) thresholds = Thresholds.DEFAULTS;
        if (prices == null) prices = PriceTable.DEFAULTS;
    }

    /** A disk-log request with defaults: slim, no live health. */
    public static HandoffRequest ofLog(JsonNode header, String generation, Instant now, ZoneId zone, Texts texts,
            int eventCount) {
        return new HandoffRequest(header, null, HandoffOptions.DEFAULTS, false, generation, now, zone, texts, null, null,
                eventCount);
    }

    /** This request with other options. */
    public HandoffRequest withOptions(HandoffOptions o) {
        return new HandoffRequest(header, health, o, live, generation, now, zone, texts, thresholds, prices, eventCount);
    }
}
