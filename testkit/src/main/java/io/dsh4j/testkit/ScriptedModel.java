package io.dsh4j.testkit;

import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ModelAdapter} for tests that plays scripted chunk sequences: the n-th call plays the n-th
 * {@link Script}; a call beyond the scripts finishes {@code error NO_SCRIPT}. Every call is recorded
 * ({@link #calls()}). A script can pause at a {@link Gate} (the test waits for {@link Gate#awaitReached}
 * and then {@link Gate#release}s it), fail with a finish error, or throw. Cancellation is honoured
 * between chunks and while paused: the call then finishes {@code aborted ABORTED}, as a real adapter does.
 *
 * <p>Thread-safe; calls may run concurrently (each takes the next script).
 */
public final class ScriptedModel implements ModelAdapter {

    /** The code of the failure a call beyond the scripts finishes with. */
    public static final String NO_SCRIPT = "NO_SCRIPT";
    /** How long a paused script waits for its gate before failing the call (a test bug, not a timing). */
    public static final long GATE_WAIT_SECONDS = 60;

    private final List<Script> scripts;
    private final List<ModelCall> calls = new CopyOnWriteArrayList<>();

    private ScriptedModel(List<Script> scripts) {
        this.scripts = List.copyOf(scripts);
    }

    /** A model playing {@code scripts} for its calls, in order. */
    public static ScriptedModel of(Script... scripts) {
        return new ScriptedModel(List.of(scripts));
    }

    /** A model answering its calls with the given texts (one text block each, finish {@code stop}). */
    public static ScriptedModel answering(String... texts) {
        List<Script> s = new ArrayList<>();
        for (String t : texts) s.add(Script.text(t));
        return new ScriptedModel(s);
    }

    /** The calls received so far, in arrival order. */
    public List<ModelCall> calls() {
        return List.copyOf(calls);
    }

    @Override
    public void stream(ModelCall call, CancelSignal cancel, java.util.function.Consumer<? super StreamChunk> sink) {
        int n;
        synchronized (calls) {
            calls.add(call);
            n = calls.size() - 1;
        }
        if (n >= scripts.size()) {
            sink.accept(new StreamChunk.Finish(new FinishReason.Error(LlmFailure.of(
                    "scripted model has " + scripts.size() + " scripts; call #" + (n + 1) + " has none", NO_SCRIPT)), null));
            return;
        }
        for (Step step : scripts.get(n).steps) {
            if (cancel.cancelled()) {
                sink.accept(aborted());
                return;
            }
            switch (step) {
                case Step.Emit e -> sink.accept(e.chunk);
                case Step.Pause p -> {
                    if (!p.gate.pause(cancel)) {
                        sink.accept(aborted());
                        return;
                    }
                }
                case Step.Throw t -> throw t.exception;
            }
        }
    }

    private static StreamChunk.Finish aborted() {
        return new StreamChunk.Finish(new FinishReason.Aborted(LlmFailure.of("scripted call aborted", LlmCodes.ABORTED)), null);
    }

    private sealed interface Step {
        record Emit(StreamChunk chunk) implements Step { }
        record Pause(Gate gate) implements Step { }
        record Throw(RuntimeException exception) implements Step { }
    }

    /**
     * A latch pair a script pauses at: {@link #awaitReached} returns once the script got there, and the
     * script goes on after {@link #release()} (or finishes aborted when its call is cancelled first).
     */
    public static final class Gate {
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        /** Waits (up to {@code seconds}) until a script reached this gate. @return whether it did */
        public boolean awaitReached(long seconds) throws InterruptedException {
            return reached.await(seconds, TimeUnit.SECONDS);
        }

        /** Lets the paused script go on. */
        public void release() {
            released.countDown();
        }

        boolean pause(CancelSignal cancel) {
            reached.countDown();
            try (CancelSignal.Registration r = cancel.onCancel(released::countDown)) {
                if (!released.await(GATE_WAIT_SECONDS, TimeUnit.SECONDS))
                    throw new IllegalStateException("scripted model: gate not released within " + GATE_WAIT_SECONDS + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            return !cancel.cancelled();
        }
    }

    /** One call's chunk sequence (immutable). Build with the factories and {@link Builder}. */
    public static final class Script {
        private final List<Step> steps;

        private Script(List<Step> steps) {
            this.steps = List.copyOf(steps);
        }

        /** A builder. */
        public static Builder builder() {
            return new Builder();
        }

        /** Exactly these chunks (the caller supplies the finish). */
        public static Script chunks(StreamChunk... chunks) {
            Builder b = builder();
            for (StreamChunk c : chunks) b.chunk(c);
            return b.build();
        }

        /** One text block streamed as one delta, usage {1, 1}, finish {@code stop}. */
        public static Script text(String text) {
            return builder().text(text).usage(TokenUsage.of(1, 1)).finish(new FinishReason.Stop()).build();
        }

        /** Tool-call blocks, usage {1, 1}, finish {@code tool-calls}. */
        public static Script toolCalls(ContentBlock.ToolCall... calls) {
            Builder b = builder();
            for (ContentBlock.ToolCall c : calls) b.toolCall(c);
            return b.usage(TokenUsage.of(1, 1)).finish(new FinishReason.ToolCalls()).build();
        }

        /** Only a {@code finish{error}} with this failure (a provider error before output). */
        public static Script failure(String code, String message) {
            return builder().finish(new FinishReason.Error(LlmFailure.of(message, code))).build();
        }

        /** A call whose adapter throws {@code e} before any chunk. */
        public static Script throwing(RuntimeException e) {
            return builder().throwing(e).build();
        }
    }

    /**
     * Builds a {@link Script}. Blocks get indexes in the order they are added; {@link #text},
     * {@link #reasoning} and {@link #toolCall} each emit block-start, one delta and block-end.
     * Not thread-safe.
     */
    public static final class Builder {
        private final List<Step> steps = new ArrayList<>();
        private long nextIndex;

        private Builder() { }

        public Builder chunk(StreamChunk chunk) {
            steps.add(new Step.Emit(Objects.requireNonNull(chunk, "chunk")));
            return this;
        }

        public Builder text(String text) {
            long i = nextIndex++;
            return chunk(new StreamChunk.BlockStart(i, "text")).chunk(new StreamChunk.TextDelta(i, text))
                    .chunk(new StreamChunk.BlockEnd(i, new ContentBlock.Text(text)));
        }

        public Builder reasoning(String text) {
            long i = nextIndex++;
            return chunk(new StreamChunk.BlockStart(i, "reasoning")).chunk(new StreamChunk.ReasoningDelta(i, text))
                    .chunk(new StreamChunk.BlockEnd(i, new ContentBlock.Reasoning(text)));
        }

        public Builder toolCall(ContentBlock.ToolCall call) {
            long i = nextIndex++;
            return chunk(new StreamChunk.BlockStart(i, "tool-call"))
                    .chunk(new StreamChunk.ToolCallDelta(i, call.id(), call.name(), call.arguments()))
                    .chunk(new StreamChunk.BlockEnd(i, call));
        }

        public Builder usage(TokenUsage usage) {
            return chunk(new StreamChunk.Usage(usage));
        }

        public Builder finish(FinishReason reason) {
            return chunk(new StreamChunk.Finish(reason, null));
        }

        /** Pauses at {@code gate} until it is released (or the call is cancelled). */
        public Builder pause(Gate gate) {
            steps.add(new Step.Pause(Objects.requireNonNull(gate, "gate")));
            return this;
        }

        public Builder throwing(RuntimeException e) {
            steps.add(new Step.Throw(Objects.requireNonNull(e, "exception")));
            return this;
        }

        public Script build() {
            return new Script(steps);
        }
    }
}
