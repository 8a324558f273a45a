package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Disposer;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** {@link Disposer#blocking}: runs a blocking disposer body on a virtual thread. */
public final class BlockingDisposer implements AsyncDisposer {

    private final Disposer body;

    public BlockingDisposer(Disposer body) {
        this.body = Objects.requireNonNull(body, "body");
    }

    @Override
    public CompletableFuture<Void> disposeAsync() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread.ofVirtual().name("dsh4j-dispose").start(() -> {
            try {
                body.dispose();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        return done;
    }
}
