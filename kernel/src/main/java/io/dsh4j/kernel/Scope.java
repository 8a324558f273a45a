package io.dsh4j.kernel;

import java.util.concurrent.CompletableFuture;

/**
 * A scope made by {@link Scopes#create}: a no-op child fiber of the creating context whose context is
 * tagged with the scope key. Registrations through {@link #context()} belong to that fiber and are
 * scoped to the key.
 */
public interface Scope {

    /** The scope key. */
    Object key();

    /** The tagged context; usable at once, even before its fiber is active. */
    Context context();

    /** Disposes the scope's fiber and waits for full quiescence. Idempotent: every call shares one future. */
    CompletableFuture<Void> dispose();

    /**
     * The exact handle the creating fiber holds for the scope (DSH's {@code rawDispose}): add it to an
     * {@link EffectSink} to dispose the scope at that position of a step effect.
     */
    EffectHandle handle();
}
