package io.dsh4j.tool;

import java.util.List;

/**
 * What one step's tool calls came to.
 *
 * @param results   one per call, in model order (synthetic {@code ABORTED_BEFORE_DISPATCH} ones included)
 * @param concluded a committed successful result asked to end the turn ({@link ToolRunContext#concludeTurn})
 * @param aborted   the signal aborted during the step (the turn ends {@code aborted})
 */
public record ToolStepOutcome(List<ToolExecutionResult> results, boolean concluded, boolean aborted) {
    public ToolStepOutcome {
        results = List.copyOf(results);
    }
}
