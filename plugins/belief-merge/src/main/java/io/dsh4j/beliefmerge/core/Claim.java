package io.dsh4j.beliefmerge.core;

import java.util.List;
import java.util.Objects;

/**
 * One opinion of one source on one slot key (spec §3.4).
 *
 * <p>Heuristic claims carry the values {@code assert}/{@code refute}, no slot type and no premises;
 * aligned claims carry canonical lower-case values, the slot type and the slot's premise routes.
 *
 * @param key      the slot key (never null)
 * @param value    the asserted value (never null)
 * @param evidence the evidence level 1–4
 * @param text     the verbatim text behind the claim (never null)
 * @param sourceId the source session id (never null)
 * @param trust    the trust label, or {@code null} when unlabelled (filled by the merge)
 * @param slotType the slot type, or {@code null} when the extractor does not type slots
 * @param derivedFrom alternative premise routes, each a conjunction of slot keys; empty when none
 */
public record Claim(String key, String value, int evidence, String text, String sourceId, Trust trust,
                    SlotType slotType, List<List<String>> derivedFrom) {

    public Claim {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(sourceId, "sourceId");
        derivedFrom = derivedFrom == null || derivedFrom.isEmpty() ? List.of() : derivedFrom.stream().map(List::copyOf).toList();
    }

    /** An untyped claim without premises and without a trust label (the heuristic's shape). */
    public static Claim of(String key, String value, int evidence, String text, String sourceId) {
        return new Claim(key, value, evidence, text, sourceId, null, null, List.of());
    }

    /** The same claim with another trust label. */
    public Claim withTrust(Trust t) {
        return new Claim(key, value, evidence, text, sourceId, t, slotType, derivedFrom);
    }

    /** The same claim with other premise routes. */
    public Claim withDerivedFrom(List<List<String>> routes) {
        return new Claim(key, value, evidence, text, sourceId, trust, slotType, routes);
    }
}
