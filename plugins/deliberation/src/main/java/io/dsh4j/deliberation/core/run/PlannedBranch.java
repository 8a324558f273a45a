package io.dsh4j.deliberation.core.run;

import io.dsh4j.deliberation.core.BranchAcceptance;
import java.util.Objects;

/**
 * A branch ready to run: its outcome identity and the provider it starts (spec §4.1 steps 1–9). What
 * the child is told (prompt, schema, filter, options) is the launcher's, keyed by the branch.
 *
 * @param provider the provider name, {@code null} when the branch has nothing to start (a masked
 *                 review without a completed Step)
 */
public record PlannedBranch(BranchAcceptance.Base base, String provider) {
    public PlannedBranch {
        Objects.requireNonNull(base, "base");
    }
}
