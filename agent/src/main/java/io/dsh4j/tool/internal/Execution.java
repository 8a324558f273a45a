package io.dsh4j.tool.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.Message;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolDispatch;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolRunContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The live state of one call in the pipeline: its identity, signals, deferred contexts and flags. */
final class Execution implements ToolRunContext, ToolDispatch {

    private final String callId;
    private final String rootCallId;
    private final String name;
    private final JsonNode arguments;
    private final ToolAgent agent;
    private final Signal callerSignal;
    private final Object token = new Object();
    /** Captured when the call starts (spec: the finalizer is snapshotted at call start). */
    final ToolDefinition.ContentFinalizer finalizer;
    private final List<Message.UserMessage> deferred = new ArrayList<>();
    private volatile Signal signal;
    private volatile boolean concluded;
    volatile boolean bodyInvoked;

    Execution(String callId, String rootCallId, String name, JsonNode arguments, ToolAgent agent,
              Signal callerSignal, ToolDefinition.ContentFinalizer finalizer) {
        this.callId = callId;
        this.rootCallId = rootCallId == null ? callId : rootCallId;
        this.name = name;
        this.arguments = arguments;
        this.agent = agent;
        this.callerSignal = callerSignal;
        this.signal = callerSignal;
        this.finalizer = finalizer;
    }

    @Override public String callId() { return callId; }
    @Override public String rootCallId() { return rootCallId; }
    @Override public String name() { return name; }
    @Override public JsonNode arguments() { return arguments; }
    @Override public ToolAgent agent() { return agent; }
    @Override public Signal signal() { return signal; }
    @Override public Object token() { return token; }
    @Override public Execution execution() { return this; }

    Signal callerSignal() {
        return callerSignal;
    }

    boolean callerCancelled() {
        return callerSignal.aborted();
    }

    void setSignal(Signal signal) {
        this.signal = signal;
    }

    @Override
    public ToolExecutionResult withSignal(Signal replacement, Supplier<ToolExecutionResult> rest) {
        Signal previous = signal;
        signal = java.util.Objects.requireNonNull(replacement, "signal");
        try {
            return rest.get();
        } finally {
            signal = previous;
        }
    }

    @Override
    public synchronized void deferContext(Message.UserMessage context) {
        deferred.add(java.util.Objects.requireNonNull(context, "context"));
    }

    synchronized List<Message.UserMessage> deferredContexts() {
        return List.copyOf(deferred);
    }

    @Override
    public void concludeTurn() {
        concluded = true;
    }

    boolean concluded() {
        return concluded;
    }

    @Override
    public String toString() {
        return "ToolExecution[" + name + " " + callId + "]";
    }
}
