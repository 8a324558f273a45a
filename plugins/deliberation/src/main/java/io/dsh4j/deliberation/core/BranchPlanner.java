package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Turns a validated call into what each branch starts (spec §4.1 steps 1–10 and the start request
 * table of step 11b): the outcome identity with the masked-review window clamped to the parent's
 * completed Steps, the provider, and the request fields a host start request carries. Stateless.
 */
public final class BranchPlanner {

    private final DeliberationConfig config;

    public BranchPlanner(DeliberationConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    /**
     * The start request of one branch, without the prompt (the adapter adds it).
     *
     * @param provider     the provider to start, {@code null} when nothing starts (no completed Step)
     * @param label        {@code deliberation: <label>}
     * @param agentOptions the route's overrides, {@code null} when it overrides nothing (the key is omitted)
     */
    public record Plan(BranchAcceptance.Base base, String provider, String label, ObjectNode outputSchema, long maxDepth, ToolFilter toolFilter,
                       ObjectNode agentOptions) {}

    /** The plans of every branch, in input order, over a parent with {@code completedSteps} completed Steps. */
    public List<Plan> plan(DeliberationRequest request, int completedSteps) {
        List<Plan> out = new ArrayList<>();
        for (DeliberationRequest.BranchRequest b : request.branches()) {
            HistoryWindow window = b.role() == Role.MASKED_REVIEW
                    ? HistoryWindow.of(b.recentSteps(), completedSteps, config.maxRecentSteps()) : null;
            BranchAcceptance.Base base = new BranchAcceptance.Base(b.label(), b.role(), b.route(), b.capability(), window);
            Route route = config.routes().get(b.route());
            CapabilityProfile profile = config.profiles().get(b.capability());
            if (route == null || profile == null) throw new IllegalStateException("unknown route or capability in a validated call");
            String provider = base.nothingToProject() ? null : config.providerFor(b.role(), window);
            out.add(new Plan(base, provider, "deliberation: " + b.label(), ReviewPackets.outputSchema(b.role()), config.maxDepth(),
                    profile.toolFilter(config.toolName()), route.agentOptions().orElse(null)));
        }
        return out;
    }
}
