package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.Signal;
import io.dsh4j.tool.ToolCodes;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecution;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolRuntime;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * DSH's {@code timeout-policy}: a {@code tools/execute} wrapper that gives a call of a tool declaring
 * {@link ToolDefinition#timeoutMs()} a deadline. When it passes, the body's signal aborts; once the
 * body has stopped, the result is {@code tool call timed out after Nms} ({@code ToolTimeoutError},
 * {@code TOOL_TIMEOUT}) whatever the body returned. Tools without a budget are not touched, and
 * post-execute sees the caller's signal again.
 */
public final class TimeoutPolicy {

    public static final Plugin<JsonNode> PLUGIN = Plugin.named("timeout-policy").inject(ToolRuntime.KEY)
            .setup((ctx, config) -> {
                ToolRuntime tools = ctx.require(ToolRuntime.KEY);
                ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(
                        Thread.ofPlatform().daemon().name("tool-timeouts").factory());
                ctx.effect(() -> io.dsh4j.kernel.Effect.of(timers::shutdownNow), "tool timeout timers");
                ctx.events().on(ToolEvents.EXECUTE, (dispatch, next) -> {
                    ToolExecution exec = dispatch.execution();
                    Long timeoutMs = tools.get(exec.name(), exec.agent()).map(ToolDefinition::timeoutMs).orElse(null);
                    if (timeoutMs == null) {
                        return next.proceed();
                    }
                    Expired expired = new Expired(timeoutMs);
                    AbortController deadline = new AbortController();
                    Signal derived = Signal.any(dispatch.signal(), deadline.signal());
                    var timer = timers.schedule(() -> deadline.abort(expired), timeoutMs, TimeUnit.MILLISECONDS);
                    try {
                        ToolExecutionResult result = dispatch.withSignal(derived, next::proceed);
                        return derived.reason() == expired ? timedOut(timeoutMs) : result;
                    } finally {
                        timer.cancel(false);
                        deadline.abort(Finished.INSTANCE); // releases the derived signal's hold on the caller's
                    }
                });
            });

    /** The abort reason of an expired deadline. */
    public record Expired(long timeoutMs) {}

    private enum Finished { INSTANCE }

    private TimeoutPolicy() {}

    static ToolExecutionResult timedOut(long timeoutMs) {
        return ToolExecutionResult.Failure.of("tool call timed out after " + timeoutMs + "ms", "ToolTimeoutError",
                ToolCodes.TOOL_TIMEOUT);
    }
}
