package io.dsh4j.tool;

import io.dsh4j.message.Message;
import io.dsh4j.session.event.EventPayload;

/**
 * Where {@link ToolRuntime#runStep} records a step's calls: the agent loop binds it to the agent's
 * session and inbox. Every method is called on the thread that called {@code runStep}, in the order
 * the durable log must show: {@code tool/call} when a call starts, its results and their contexts
 * strictly in model order.
 */
public interface ToolStepJournal {

    /** Appends the durable {@code tool/call} event and returns its seq. */
    long appendCall(EventPayload.ToolCall call);

    /**
     * Appends the durable {@code tool/result} event (a surface append) citing {@code callSeq} in its
     * {@code sourceEventSeqs}.
     */
    void appendResult(EventPayload.ToolResult result, long callSeq);

    /** Appends {@code context} to the agent's next-step inbox (durably), after the result it came with. */
    void deferToNextStep(Message.UserMessage context);
}
