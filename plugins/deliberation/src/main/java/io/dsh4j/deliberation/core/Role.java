package io.dsh4j.deliberation.core;

import java.util.Optional;

/** A branch role: which history its child sees and whether the incumbent is shown (spec §3.1, §8). */
public enum Role {
    /** A fresh projection without the incumbent. */
    INDEPENDENT_ALTERNATIVE("independent-alternative", History.FRESH, false),
    /** Inherits the completed prefix and tries to falsify it; sees the incumbent. */
    TRAJECTORY_AUDIT("trajectory-audit", History.FORK, true),
    /** Re-reads recent complete Steps without the actor's reasoning; no incumbent. */
    MASKED_REVIEW("masked-review", History.MID_FORK, false);

    private final String label;
    private final History history;
    private final boolean includesIncumbent;

    Role(String label, History history, boolean includesIncumbent) {
        this.label = label;
        this.history = history;
        this.includesIncumbent = includesIncumbent;
    }

    /** The role literal. */
    public String label() {
        return label;
    }

    /** The history its child inherits. */
    public History history() {
        return history;
    }

    /** Whether the child prompt carries the Primary's incumbent. */
    public boolean includesIncumbent() {
        return includesIncumbent;
    }

    /** The role a literal names (exact match), or empty. */
    public static Optional<Role> of(String label) {
        for (Role r : values()) if (r.label.equals(label)) return Optional.of(r);
        return Optional.empty();
    }
}
