package io.dsh4j.llm;

import io.dsh4j.message.StreamChunk;
import java.util.function.Consumer;

/**
 * A model provider: streams one call as {@link StreamChunk}s. This is the whole SPI an adapter must
 * implement; {@link #catalog()} and {@link #retryPolicy()} describe it and have defaults.
 *
 * <p><b>Contract of {@link #stream}.</b> It blocks the calling thread (an agent loop's virtual thread)
 * until the call is over and pushes every chunk to {@code sink} on that thread, in stream order. The
 * last chunk pushed is always exactly one {@link StreamChunk.Finish}; nothing follows it. Provider
 * failures (HTTP errors, a broken or malformed stream, idle timeouts) and cancellation do not throw:
 * they end in a {@code finish} whose reason is {@code error} or {@code aborted} carrying an
 * {@link io.dsh4j.message.LlmFailure}. Cancelling {@code cancel} closes the underlying connection at
 * once, which wakes a blocked read; {@code stream} then pushes {@code finish{aborted, ABORTED}} and
 * returns. If {@code sink} throws, the adapter closes the connection and rethrows that exception
 * unchanged without pushing a finish (the consumer is the one giving up).
 *
 * <p>Implementations are thread-safe: several calls may stream at the same time on different threads.
 */
@FunctionalInterface
public interface ModelAdapter {

    /**
     * Streams {@code call}, blocking, pushing chunks to {@code sink}; see the interface contract.
     *
     * @param call   the call
     * @param cancel cancellation; closes the stream when it fires
     * @param sink   receives each chunk on the calling thread; must not retain the thread for long
     */
    void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink);

    /** The models this adapter knows (advisory, never a whitelist); empty by default. */
    default ModelCatalog catalog() {
        return ModelCatalog.empty();
    }

    /** The retry policy the agent loop applies to this adapter's failures; {@link RetryPolicy#normal()} by default. */
    default RetryPolicy retryPolicy() {
        return RetryPolicy.normal();
    }
}
