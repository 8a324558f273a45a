package io.dsh4j.deliberation.core;

import java.util.List;
import java.util.Objects;

/**
 * A validated {@code deliberate} call (spec §1.2 "After validation"): detached copies of the goal,
 * the incumbent, the three context lists and the branch requests, in argument order.
 */
public record DeliberationRequest(String goal, String incumbent, List<String> observations, List<String> constraints,
                                  List<String> unknowns, List<BranchRequest> branches) {

    public DeliberationRequest {
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(incumbent, "incumbent");
        observations = List.copyOf(observations);
        constraints = List.copyOf(constraints);
        unknowns = List.copyOf(unknowns);
        branches = List.copyOf(branches);
    }

    /**
     * One branch request.
     *
     * @param recentSteps the window a masked review asks for, {@code null} for the other roles
     */
    public record BranchRequest(String label, Role role, String route, String capability, String focus, Integer recentSteps) {
        public BranchRequest {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(route, "route");
            Objects.requireNonNull(capability, "capability");
            Objects.requireNonNull(focus, "focus");
        }
    }
}
