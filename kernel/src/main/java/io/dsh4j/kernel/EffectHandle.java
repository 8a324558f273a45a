package io.dsh4j.kernel;

import java.util.concurrent.CompletableFuture;

/**
 * The live registration made by {@link Context#effect}, {@link Events#on(EventType, Object)}, {@link Context#provide} and
 * the registries built on them. It is owned by the registering context's fiber and disposed with it.
 *
 * <p>Thread-safe. {@link #dispose()} is single-shot: the first call starts the cleanup (deferred until
 * an asynchronous setup has settled), later calls do nothing.
 */
public interface EffectHandle extends Disposer {

    /**
     * Starts disposing this effect: its disposers run in reverse order. Never throws: a failing
     * disposer is logged and the others still run. Idempotent.
     */
    @Override
    void dispose();

    /** Completes when every disposer of this effect has run (normally, even if some failed). */
    CompletableFuture<Void> whenDisposed();

    /**
     * Completes with this handle when the setup has settled, or exceptionally with the setup's failure
     * (the effect is then already rolled back). Already complete for synchronous effects.
     */
    CompletableFuture<EffectHandle> setup();

    /** The diagnostic label, e.g. {@code ctx.on("agent/status")}. */
    String label();
}
