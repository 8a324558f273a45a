package io.dsh4j.deliberation;

import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A model whose every call blocks until it is cancelled; {@link #reached} counts calls that got there. */
final class BlockingModel implements ModelAdapter {

    final Semaphore reached = new Semaphore(0);

    @Override
    public void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) {
        CountDownLatch cancelled = new CountDownLatch(1);
        try (CancelSignal.Registration r = cancel.onCancel(cancelled::countDown)) {
            reached.release();
            if (!cancelled.await(120, TimeUnit.SECONDS)) throw new IllegalStateException("blocking model: never cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sink.accept(new StreamChunk.Finish(new FinishReason.Aborted(LlmFailure.of("blocked call aborted", LlmCodes.ABORTED)), null));
    }
}
