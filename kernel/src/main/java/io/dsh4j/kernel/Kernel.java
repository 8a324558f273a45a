package io.dsh4j.kernel;

import io.dsh4j.kernel.internal.KernelRuntime;
import java.util.concurrent.CompletableFuture;

/**
 * One application: the root context, the service store, the event bus and the lifecycle executor on
 * which every fiber transition runs, one at a time. Thread-safe; kernels are independent of each
 * other: services, events and their types, and {@link Scopes#bindParent scope parent links} all
 * belong to one kernel.
 *
 * <pre>{@code
 * try (Kernel kernel = Kernel.create()) {
 *     Fiber fiber = kernel.root().plugin(MyPlugin.PLUGIN, Map.of("limit", 3));
 *     fiber.await();
 * }
 * }</pre>
 */
public interface Kernel extends AutoCloseable {

    /** A kernel logging through SLF4J. */
    static Kernel create() {
        return new KernelRuntime(LogSink.slf4j());
    }

    /** A kernel reporting contained failures to {@code sink}. */
    static Kernel create(LogSink sink) {
        return new KernelRuntime(sink);
    }

    /** The root context; its fiber ({@code uid 0}) is always {@link FiberState#ACTIVE}. */
    Context root();

    /** Host-side operations (the loader's mounts); not for plugin code. */
    KernelHost host();

    /** The plugins with live fibers. */
    PluginRegistry registry();

    /**
     * Completes when the lifecycle executor has nothing queued and no fiber is in a transition. New
     * work after that needs a new call.
     */
    CompletableFuture<Void> idle();

    /** Blocks until {@link #idle()}; not on the lifecycle executor. */
    void awaitIdle();

    /** Whether the calling thread is the lifecycle executor (running {@code apply}, a disposer, …). */
    boolean onLifecycleThread();

    /**
     * Disposes every effect and child of the root (Cordis's root restart) and waits for quiescence.
     * The root stays usable; calling it again disposes what was registered since.
     *
     * @throws IllegalStateException on the lifecycle executor (it would wait for itself)
     */
    @Override
    void close();
}
