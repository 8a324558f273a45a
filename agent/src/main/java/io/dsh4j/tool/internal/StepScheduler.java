package io.dsh4j.tool.internal;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.tool.ToolArguments;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionMode;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolStepOutcome;
import io.dsh4j.tool.ToolStepRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The tool calls of one model step (spec §3.5). A call starts on the calling thread — its
 * {@code tool/call} is journalled, then pre-execute, approval and guards run, one call at a time in
 * start order; only {@code tools/execute} and the body run on virtual threads, overlapping while
 * consecutive calls classify parallel (at most {@code maxParallel} in flight; each call is
 * classified right before it starts, so an exclusive one is a barrier). Post-execute, the
 * {@code tools/result} and the result's contexts are committed on the calling thread, in model order,
 * as the contiguous head of started calls completes.
 */
final class StepScheduler {

    private final ToolRegistry registry;
    private final Pipeline pipeline;

    StepScheduler(ToolRegistry registry, Pipeline pipeline) {
        this.registry = registry;
        this.pipeline = pipeline;
    }

    /** One started call. */
    private static final class Slot {
        final ContentBlock.ToolCall call;
        final long callSeq;
        final Execution exec;
        volatile Pipeline.Prepared next; // PostResult or FinalResult once the dispatch is over
        boolean dispatching;

        Slot(ContentBlock.ToolCall call, long callSeq, Execution exec) {
            this.call = call;
            this.callSeq = callSeq;
            this.exec = exec;
        }
    }

    ToolStepOutcome run(ToolStepRequest request) {
        List<ContentBlock.ToolCall> calls = request.calls();
        List<ToolExecutionResult> results = new ArrayList<>(calls.size());
        boolean concluded = false;
        boolean interrupted = false;
        int nextCall = 0;
        try (ExecutorService bodies = Executors.newVirtualThreadPerTaskExecutor()) {
            LinkedBlockingQueue<Slot> finished = new LinkedBlockingQueue<>();
            List<Slot> started = new ArrayList<>();
            int committed = 0;
            int inFlight = 0;
            boolean exclusiveOpen = false; // an exclusive call started and is not committed yet
            RuntimeException failure = null;
            while (true) {
                while (failure == null && nextCall < calls.size() && !request.signal().aborted() && !exclusiveOpen) {
                    ContentBlock.ToolCall call = calls.get(nextCall);
                    ToolExecutionInput input = input(request, call);
                    boolean parallel = registry.executionMode(input) == ToolExecutionMode.PARALLEL;
                    if (parallel ? inFlight >= request.maxParallel() : committed < started.size()) {
                        break; // the pool is full, or an exclusive call waits for the group to drain
                    }
                    try {
                        Slot slot = start(request, call, input);
                        started.add(slot);
                        if (slot.dispatching && calls.size() == 1) {
                            // a step's only call runs on the driver's thread: nothing to overlap, no hand-off
                            inFlight++;
                            try {
                                slot.next = pipeline.dispatch(slot.exec);
                            } finally {
                                finished.add(slot);
                            }
                        } else if (slot.dispatching) {
                            inFlight++;
                            bodies.execute(() -> {
                                try {
                                    slot.next = pipeline.dispatch(slot.exec);
                                } finally {
                                    finished.add(slot);
                                }
                            });
                        }
                    } catch (RuntimeException e) {
                        failure = e;
                        break;
                    }
                    nextCall++;
                    exclusiveOpen = !parallel;
                }
                while (failure == null && committed < started.size() && started.get(committed).next != null) {
                    Slot slot = started.get(committed);
                    try {
                        ToolExecutionResult result = pipeline.complete(slot.exec, slot.next);
                        commit(request, slot.call, slot.callSeq, result);
                        results.add(result);
                        concluded |= result instanceof ToolExecutionResult.Success s && s.concludesTurn();
                    } catch (RuntimeException e) {
                        failure = e;
                    }
                    committed++;
                }
                if (committed == started.size()) {
                    exclusiveOpen = false;
                }
                if (inFlight == 0 && (failure != null
                        || committed == started.size() && (nextCall == calls.size() || request.signal().aborted()))) {
                    if (failure != null) {
                        throw failure; // started calls were awaited; nothing is fabricated
                    }
                    break;
                }
                if (inFlight > 0) {
                    try {
                        finished.take();
                        inFlight--;
                    } catch (InterruptedException e) {
                        interrupted = true; // bodies are never abandoned: keep waiting
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        boolean aborted = request.signal().aborted();
        for (int i = nextCall; i < calls.size(); i++) { // never started: balanced synthetic pairs
            ContentBlock.ToolCall call = calls.get(i);
            long seq = request.journal().appendCall(callEvent(request, call));
            ToolExecutionResult result = Results.abortedBeforeDispatch(null);
            commit(request, call, seq, result);
            results.add(result);
        }
        return new ToolStepOutcome(results, concluded, aborted);
    }

    private Slot start(ToolStepRequest request, ContentBlock.ToolCall call, ToolExecutionInput input) {
        long seq = request.journal().appendCall(callEvent(request, call));
        Pipeline.Prepared prepared = pipeline.prepare(input);
        Slot slot = new Slot(call, seq, prepared.exec());
        if (prepared instanceof Pipeline.Dispatch) {
            slot.dispatching = true;
        } else {
            slot.next = prepared;
        }
        return slot;
    }

    private static ToolExecutionInput input(ToolStepRequest request, ContentBlock.ToolCall call) {
        return ToolExecutionInput.of(call.id(), call.name(), ToolArguments.parse(call.arguments()),
                request.agent(), request.signal());
    }

    private static EventPayload.ToolCall callEvent(ToolStepRequest request, ContentBlock.ToolCall call) {
        return new EventPayload.ToolCall(request.turn(), request.step(), call.id(), call.name(), call.arguments());
    }

    private static void commit(ToolStepRequest request, ContentBlock.ToolCall call, long callSeq,
                               ToolExecutionResult result) {
        Message.ToolResultMessage message = new Message.ToolResultMessage(UUID.randomUUID().toString(),
                new ContentBlock.ToolResult(call.id(), result.content(), result.isError()),
                MessageSource.tool(call.id()));
        EventPayload.ToolError error = result instanceof ToolExecutionResult.Failure f && f.error().info() != null
                ? EventPayload.ToolError.of(f.error().info().name(), f.error().info().code()) : null;
        request.journal().appendResult(new EventPayload.ToolResult(request.turn(), request.step(), message, error,
                result.meta()), callSeq);
        for (Message.UserMessage context : result.additionalContexts()) {
            request.journal().deferToNextStep(context);
        }
    }
}
