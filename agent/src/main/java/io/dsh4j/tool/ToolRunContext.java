package io.dsh4j.tool;

import io.dsh4j.message.Message;

/** What a tool body gets besides its arguments (spec §3.4). Thread-safe. */
public interface ToolRunContext extends ToolExecution {

    /**
     * Attaches a context message that the loop appends after this call's result (as a next-step
     * input), even if the body later throws. Contexts keep their order.
     */
    void deferContext(Message.UserMessage context);

    /** Marks a successful result as ending the turn once the step's results are committed. */
    void concludeTurn();
}
