package io.dsh4j.tool.builtin;

import io.dsh4j.kernel.Next;
import io.dsh4j.kernel.Waterfall;
import io.dsh4j.tool.PreToolDecision;
import io.dsh4j.tool.ToolExecution;
import java.util.Set;

/**
 * The {@code tools/pre-execute} listener that turns a call of a tool that changes the machine into an
 * {@code ask} — unless a later listener already denied it. The {@link io.dsh4j.tool.ApprovalPolicy}
 * answers the ask; without one, the call is denied.
 */
final class ApprovalGate implements Waterfall.Listener<ToolExecution, PreToolDecision> {

    private final Set<String> gated;

    ApprovalGate(Set<String> gated) {
        this.gated = Set.copyOf(gated);
    }

    @Override
    public PreToolDecision on(ToolExecution exec, Next<PreToolDecision> next) {
        PreToolDecision downstream = next.proceed();
        if (!gated.contains(exec.name()) || !(downstream instanceof PreToolDecision.Allow)) {
            return downstream;
        }
        return new PreToolDecision.Ask(exec.name().equals(BashTool.NAME)
                ? "tool \"bash\" runs a command" : "tool \"" + exec.name() + "\" changes a file");
    }
}
