package io.dsh4j.tool;

import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.ServiceKey;
import java.util.List;
import java.util.Optional;

/**
 * The tool registry and execution pipeline ({@code ctx.tools}, spec §3), as seen from one caller:
 * {@code ctx.require(ToolRuntime.KEY)} returns a view whose registrations belong to that caller's
 * fiber and scope. Mounted by the plugin {@code ToolRuntimePlugin.PLUGIN} (service name {@code tools}).
 *
 * <p>Thread-safe. {@link #execute} and {@link #runStep} block; call them from a virtual thread,
 * never from the kernel's lifecycle executor.
 */
public interface ToolRuntime {

    ServiceKey<ToolRuntime> KEY = ServiceKey.of("tools", ToolRuntime.class);

    /**
     * Registers a tool in the caller's layer: the global one for an untagged context, the agent's for
     * an {@code agent.ctx} (shadowing a global tool of the same name there). Undone when the caller's
     * fiber unloads or the handle is disposed; emits {@link ToolEvents#CHANGE} both ways.
     *
     * @throws IllegalStateException {@code tool "<name>" is already registered…} for a duplicate in
     *     the layer; also for the reserved {@code run_code}
     */
    EffectHandle register(ToolDefinition tool);

    /**
     * Restricts the tools the caller's scope inherits (spec §3.3).
     *
     * @throws IllegalStateException on an unscoped caller ({@code tools.restrict() requires a scoped
     *     context (agent.ctx)…}), or naming a tool that is not currently inherited, or {@code run_code}
     */
    EffectHandle restrict(ToolRestriction restriction);

    /** Registers a guard: global from an untagged caller, else for the caller's scope and its descendants. */
    EffectHandle guard(ToolGuard guard);

    /** The tool {@code scope} would execute under {@code name} (restrictions and shadowing applied). */
    Optional<ToolDefinition> get(String name, Object scope);

    /** Model-facing schemas visible to {@code scope} ({@code null}: the global view), in registration order. */
    List<ToolSchema> schemas(Object scope);

    /** {@link ToolExecutionMode#PARALLEL} only if the tool visible to the call's agent says exactly {@code true}. */
    ToolExecutionMode executionMode(ToolExecutionInput input);

    /**
     * Runs one call through the whole pipeline (spec §3.4) and returns its final result. Never throws
     * for a failure of the call — unknown tool, bad arguments, a throwing or cancelled body, a throwing
     * policy listener all become error results — only for a {@code null} input.
     */
    ToolExecutionResult execute(ToolExecutionInput input);

    /**
     * Runs the tool calls of one model step (spec §3.5): parallel-safe calls overlap up to
     * {@code request.maxParallel()}, an exclusive call runs alone, and the durable {@code tool/call},
     * {@code tool/result} and next-step contexts go to {@code request.journal()} in model order, on
     * the calling thread. On abort, calls not started get {@code ABORTED_BEFORE_DISPATCH} pairs.
     *
     * @throws RuntimeException a failure of the scheduling itself (the journal threw): started calls
     *     were awaited, no results were fabricated
     */
    ToolStepOutcome runStep(ToolStepRequest request);
}
