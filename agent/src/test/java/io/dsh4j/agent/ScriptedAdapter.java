package io.dsh4j.agent;

import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/** A model that plays one scripted reply per call, in order; records the calls it got. */
final class ScriptedAdapter implements ModelAdapter {

    /** One reply: pushes chunks to the sink; may block until cancelled. */
    @FunctionalInterface
    interface Reply {
        void play(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) throws InterruptedException;
    }

    final List<ModelCall> calls = Collections.synchronizedList(new ArrayList<>());
    private final List<Reply> replies = Collections.synchronizedList(new ArrayList<>());
    private Reply fallback;

    ScriptedAdapter then(Reply reply) {
        replies.add(reply);
        return this;
    }

    /** Every call beyond the script gets this reply. */
    ScriptedAdapter always(Reply reply) {
        fallback = reply;
        return this;
    }

    @Override
    public void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) {
        calls.add(call);
        Reply r;
        synchronized (replies) {
            r = replies.isEmpty() ? fallback : replies.removeFirst();
        }
        if (r == null) throw new IllegalStateException("script exhausted after " + calls.size() + " calls");
        try {
            r.play(call, cancel, sink);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sink.accept(new StreamChunk.Finish(new FinishReason.Aborted(new LlmFailure("aborted", "ABORTED", null, null, null)), null));
        }
    }

    // ---- replies ---------------------------------------------------------------------------

    static Reply text(String text) {
        return (call, cancel, sink) -> {
            sink.accept(new StreamChunk.BlockStart(0, "text"));
            sink.accept(new StreamChunk.TextDelta(0, text));
            sink.accept(new StreamChunk.BlockEnd(0, new ContentBlock.Text(text)));
            sink.accept(new StreamChunk.Usage(new TokenUsage(10, 2, null, null, null)));
            sink.accept(new StreamChunk.Finish(new FinishReason.Stop(), null));
        };
    }

    static Reply toolCalls(ContentBlock.ToolCall... calls) {
        return (call, cancel, sink) -> {
            for (int i = 0; i < calls.length; i++) {
                sink.accept(new StreamChunk.BlockStart(i, "tool-call"));
                sink.accept(new StreamChunk.BlockEnd(i, calls[i]));
            }
            sink.accept(new StreamChunk.Finish(new FinishReason.ToolCalls(), null));
        };
    }

    static Reply failure(String code) {
        return (call, cancel, sink) -> sink.accept(new StreamChunk.Finish(
                new FinishReason.Error(new LlmFailure("scripted " + code, code, null, null, null)), null));
    }

    static Reply maxTokens(String text) {
        return (call, cancel, sink) -> {
            sink.accept(new StreamChunk.BlockStart(0, "text"));
            sink.accept(new StreamChunk.TextDelta(0, text));
            sink.accept(new StreamChunk.Finish(new FinishReason.MaxTokens(), null));
        };
    }

    /**
     * Streams {@code prefix}, then the tool calls' starts (never their ends), counts {@code streamed}
     * down, and blocks until the call is cancelled; then ends {@code aborted}.
     */
    static Reply hangAfter(String prefix, CountDownLatch streamed) {
        return (call, cancel, sink) -> {
            sink.accept(new StreamChunk.BlockStart(0, "text"));
            sink.accept(new StreamChunk.TextDelta(0, prefix));
            CountDownLatch cancelled = new CountDownLatch(1);
            try (CancelSignal.Registration r = cancel.onCancel(cancelled::countDown)) {
                streamed.countDown();
                cancelled.await();
            }
            sink.accept(new StreamChunk.Finish(new FinishReason.Aborted(new LlmFailure("aborted", "ABORTED", null, null, null)), null));
        };
    }

    static ContentBlock.ToolCall call(String id, String name, String arguments) {
        return new ContentBlock.ToolCall(id, name, arguments);
    }
}
