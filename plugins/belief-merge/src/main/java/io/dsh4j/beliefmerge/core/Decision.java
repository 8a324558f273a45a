package io.dsh4j.beliefmerge.core;

import java.util.List;
import java.util.Objects;

/**
 * What the evidence decided for one slot (spec §3.3): nothing to decide, one winner, or a genuine tie
 * that is reported and never guessed.
 */
public sealed interface Decision permits Decision.Empty, Decision.Resolved, Decision.Disputed {

    /** The outcome name: {@code empty}, {@code resolved} or {@code disputed}. */
    String outcome();

    /** The winning value, or {@code null} unless {@link Resolved}. */
    default String winner() {
        return null;
    }

    /** The tied values in sorted order; empty unless {@link Disputed}. */
    default List<String> tied() {
        return List.of();
    }

    /** {@code outcome|winner-or-empty|tied,joined} — the identity used to compare merge orders. */
    default String key() {
        return outcome() + "|" + (winner() == null ? "" : winner()) + "|" + String.join(",", tied());
    }

    /** {@code <empty>}, the winner, or {@code disputed{a,b}}. */
    default String describe() {
        return switch (this) {
            case Empty e -> "<empty>";
            case Resolved r -> r.winner();
            case Disputed d -> "disputed{" + String.join(",", d.tied()) + "}";
        };
    }

    /** No item: nothing was asserted. */
    record Empty() implements Decision {
        /** The shared instance. */
        public static final Empty INSTANCE = new Empty();

        @Override
        public String outcome() {
            return "empty";
        }
    }

    /** Exactly one value has the best score. */
    record Resolved(String winner) implements Decision {
        public Resolved {
            Objects.requireNonNull(winner, "winner");
        }

        @Override
        public String outcome() {
            return "resolved";
        }
    }

    /** Several values share the best score; {@code tied} is sorted and has at least two entries. */
    record Disputed(List<String> tied) implements Decision {
        public Disputed {
            tied = List.copyOf(tied);
        }

        @Override
        public String outcome() {
            return "disputed";
        }
    }
}
