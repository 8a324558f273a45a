package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Disposer;
import java.util.concurrent.CompletableFuture;

/** A disposer whose cleanup may finish later; effect chains and unloads wait for its future. */
public interface AsyncDisposer extends Disposer {

    /** Starts the cleanup; the future completes (normally or not) when it has finished. */
    CompletableFuture<Void> disposeAsync();

    @Override
    default void dispose() {
        disposeAsync();
    }
}
