package io.dsh4j.kernel;

import io.dsh4j.kernel.internal.BlockingDisposer;

/**
 * Undoes one registration or releases one resource. Disposers are collected by effects
 * ({@link Context#effect}) and run in reverse registration order when their effect is disposed or
 * their fiber unloads.
 *
 * <p>A disposer runs on the thread that disposes its effect: the lifecycle executor during an unload,
 * or the caller of {@link EffectHandle#dispose()}. It must not block; wrap a blocking release in
 * {@link #blocking(Disposer)}. A throwing disposer is logged and the remaining disposers still run.
 */
@FunctionalInterface
public interface Disposer {

    /** Releases what this disposer stands for. */
    void dispose() throws Exception;

    /**
     * A disposer whose body blocks (closing a socket, joining a thread): it runs on a virtual thread
     * and the unload that started it waits for it to finish without holding the lifecycle executor.
     */
    static Disposer blocking(Disposer body) {
        return new BlockingDisposer(body);
    }
}
