package io.dsh4j.beliefmerge.core;

import java.util.EnumMap;
import java.util.Map;

/**
 * The weights of the packing utility (spec §9.1) — the one table of packing constants.
 *
 * @param evidence         × the highest evidence level of any item
 * @param corroboration    × the number of distinct sources
 * @param trust            × the trust level of the presented claims
 * @param relevance        × lexical relevance to the query (0..1)
 * @param typeBase         the base value of a type missing from {@code typeValue}
 * @param coverage         scale of the per-type coverage term
 * @param gamma            saturation rate of the coverage term
 * @param retractedPenalty multiplier on a retracted slot's own utility
 * @param typeValue        the base value per slot type
 */
public record PackWeights(double evidence, double corroboration, double trust, double relevance, double typeBase,
                          double coverage, double gamma, double retractedPenalty, Map<SlotType, Double> typeValue) {

    public PackWeights {
        typeValue = Map.copyOf(typeValue);
    }

    /** The defaults: 3, 2, 4, 2, base 1, coverage 6, γ 0.7, penalty 0.05; Constraint 3, Goal 3, Decision 2.5, Refuted 2, Fact 1.5, OpenQ 1, Artifact 1. */
    public static PackWeights defaults() {
        Map<SlotType, Double> tv = new EnumMap<>(SlotType.class);
        tv.put(SlotType.CONSTRAINT, 3.0);
        tv.put(SlotType.GOAL, 3.0);
        tv.put(SlotType.DECISION, 2.5);
        tv.put(SlotType.REFUTED, 2.0);
        tv.put(SlotType.FACT, 1.5);
        tv.put(SlotType.OPEN_Q, 1.0);
        tv.put(SlotType.ARTIFACT, 1.0);
        return new PackWeights(3, 2, 4, 2, 1, 6, 0.7, 0.05, tv);
    }

    /** The base value of a type ({@code typeBase} when the table lacks it). */
    public double typeValueOf(SlotType type) {
        Double v = typeValue.get(type);
        return v == null ? typeBase : v;
    }

    /** The coverage weight of a type: {@code coverage × typeValue × 0.1}. */
    public double coverageWeight(SlotType type) {
        return coverage * typeValueOf(type) * 0.1;
    }
}
