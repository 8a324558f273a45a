package io.dsh4j.beliefmerge.core;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The truth-maintenance label of one slot after {@link Derivations#propagate} (spec §7.4).
 *
 * @param status         the label
 * @param justifications the slot's premise routes (empty for axioms)
 * @param unmet          for {@link Status#RETRACTED}: the sorted premises not established; for
 *                       {@link Status#UNASSERTED}: one sentence saying the merge did not settle the slot
 * @param satisfiedBy    for {@link Status#FOUNDED}: the first route whose premises all hold, else {@code null}
 * @param reason         for {@link Status#RETRACTED}: the one-line reason, else {@code null}
 */
public record Derivation(Status status, List<List<String>> justifications, List<String> unmet,
                         List<String> satisfiedBy, String reason) {

    /** The four labels. */
    public enum Status {
        /** Asserted and resting on no premise. */
        AXIOM,
        /** Not settled by the merge (a standing tie). */
        UNASSERTED,
        /** Asserted, and some premise route is fully established. */
        FOUNDED,
        /** Every premise route has a premise that is not established. */
        RETRACTED;

        /** The lower-case name used in output. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Derivation {
        Objects.requireNonNull(status, "status");
        justifications = justifications.isEmpty() ? List.of() : justifications.stream().map(List::copyOf).toList();
        unmet = List.copyOf(unmet);
        satisfiedBy = satisfiedBy == null ? null : List.copyOf(satisfiedBy);
    }
}
