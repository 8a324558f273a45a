package io.dsh4j.tool;

import io.dsh4j.kernel.Signal;

/**
 * The payload of the {@code tools/execute} waterfall: the execution as a wrapper sees it. A wrapper
 * that needs its own cancellation (a timeout policy) calls {@link #withSignal} for the rest of the
 * chain; the body's signal is always fused with the caller's, so a wrapper cannot detach it.
 */
public interface ToolDispatch {

    ToolExecution execution();

    /** The signal visible to the next wrapper and the body. */
    Signal signal();

    /**
     * Runs {@code rest} (usually {@code next::proceed}) with {@code signal} as the visible signal, and
     * restores the previous one afterwards.
     */
    ToolExecutionResult withSignal(Signal signal, java.util.function.Supplier<ToolExecutionResult> rest);
}
