package io.dsh4j.kernel;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The plugins that have fibers (Cordis's {@code ctx.registry}); a plugin is keyed by identity. Its
 * entry appears with its first fiber and goes with its last (when that one's disposal starts).
 * Thread-safe; answers are snapshots.
 */
public interface PluginRegistry {

    /** How many plugins have live fibers. */
    int size();

    boolean has(Plugin<?> plugin);

    /** The live fibers of {@code plugin}, oldest first (empty if none). */
    List<Fiber> fibers(Plugin<?> plugin);

    /** Disposes every fiber of {@code plugin}; completes when all are disposed. */
    CompletableFuture<Void> delete(Plugin<?> plugin);
}
