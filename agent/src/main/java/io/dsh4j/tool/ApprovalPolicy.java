package io.dsh4j.tool;

import io.dsh4j.kernel.ServiceKey;

/**
 * Answers the approval a call asks for ({@code ctx.approval}): a {@code tools/pre-execute} listener
 * returns {@link PreToolDecision.Ask}, and the runtime asks this service. Without the service, or
 * for a call without an agent, an ask is a denial.
 *
 * <p>{@code dsh4j run} mounts {@code io.dsh4j.tool.builtin.YesApproval}: everything is allowed with
 * {@code --yes}, otherwise nobody can answer. An interactive chat mounts one that asks the user.
 * Called on the call's thread (a virtual thread); may block until answered, and must return
 * {@link ApprovalOutcome#CANCELLED} promptly once {@code exec.signal()} aborts.
 */
@FunctionalInterface
public interface ApprovalPolicy {

    ServiceKey<ApprovalPolicy> KEY = ServiceKey.of("approval", ApprovalPolicy.class);

    /**
     * @param reason why approval is needed, as the asking listener put it ({@code null}: none given)
     */
    ApprovalOutcome request(ToolExecution exec, String reason);

    /**
     * A sentence appended to the denial when this policy answered {@link ApprovalOutcome#UNAVAILABLE}
     * — how the user can allow such calls ({@code re-run with --yes …}); {@code null} for none.
     */
    default String unavailableHint(ToolExecution exec) {
        return null;
    }
}
