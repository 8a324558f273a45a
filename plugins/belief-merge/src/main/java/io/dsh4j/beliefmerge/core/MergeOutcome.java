package io.dsh4j.beliefmerge.core;

import java.util.List;

/**
 * The result of {@link BeliefMerge#mergeSurfacesAligned} (spec §2.10).
 *
 * @param slots        the final slots, key-sorted, with resolutions and derivation labels
 * @param mode         {@code llm} when alignment succeeded, else {@code heuristic}
 * @param redacted     credentials redacted while reading the sources
 * @param adjudication what the adjudicator did
 * @param derivation   the derivation summary (its slots are {@code slots})
 */
public record MergeOutcome(List<Slot> slots, String mode, int redacted, AdjudicationSummary adjudication,
                           Derivations.Result derivation) {

    /** Adjudication mode ({@code none}, {@code skipped}, {@code llm}, {@code error}), counters and error. */
    public record AdjudicationSummary(String mode, int conflicts, int resolved, int orderSensitive, String error) {
        /** Nothing was adjudicated. */
        public static AdjudicationSummary none() {
            return new AdjudicationSummary("none", 0, 0, 0, null);
        }
    }

    public MergeOutcome {
        slots = List.copyOf(slots);
    }

    /** Renders the slots, passing this merge's redaction count to the footer. */
    public Renderer.Rendered render(Renderer.Options options) {
        return Renderer.render(slots, options.withRedacted(redacted));
    }
}
