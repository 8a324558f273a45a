package io.dsh4j.tool;

import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import java.util.List;
import java.util.Objects;

/**
 * The tool calls of one committed assistant message, for {@link ToolRuntime#runStep}.
 *
 * @param agent       the agent driving the step (each call's {@code exec.agent()})
 * @param calls       the assistant message's tool-call blocks, in model order
 * @param signal      the turn's signal
 * @param maxParallel at most this many dispatches in flight ({@code maxParallelToolCalls}, default 10)
 */
public record ToolStepRequest(ToolAgent agent, long turn, long step, List<ContentBlock.ToolCall> calls,
                              Signal signal, int maxParallel, ToolStepJournal journal) {

    /** DSH's default {@code maxParallelToolCalls}. */
    public static final int DEFAULT_MAX_PARALLEL = 10;

    public ToolStepRequest {
        calls = List.copyOf(calls);
        Objects.requireNonNull(signal, "signal");
        Objects.requireNonNull(journal, "journal");
        if (maxParallel < 1) {
            throw new IllegalArgumentException("maxParallel must be at least 1, got " + maxParallel);
        }
    }
}
