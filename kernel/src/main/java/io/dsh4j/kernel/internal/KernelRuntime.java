package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.EventFilter;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.KernelEvents;
import io.dsh4j.kernel.KernelHost;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.LogSink;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** The kernel: root, store, bus, registry and lifecycle executor, and the service notifications. */
public final class KernelRuntime implements Kernel {

    private final LogSink sink;
    private final LifecycleExecutor executor;
    private final ServiceStore store = new ServiceStore();
    private final EventBus bus = new EventBus(this);
    private final Registry registry = new Registry();
    private final ScopeLinks scopeLinks = new ScopeLinks();
    private final TypeDeclarations types = new TypeDeclarations();
    private final AtomicLong uids = new AtomicLong();
    private final Object defaultRealm = new Object();
    private final ConcurrentHashMap<String, Object> sharedRealms = new ConcurrentHashMap<>();
    private final FiberImpl rootFiber;
    private final ContextImpl root;

    public KernelRuntime(LogSink sink) {
        this.sink = Objects.requireNonNull(sink, "sink");
        this.executor = new LifecycleExecutor(t -> log(LogSink.Level.ERROR, "root", "lifecycle task failed", t));
        this.rootFiber = FiberImpl.root(this);
        this.root = ContextImpl.root(this, rootFiber);
        rootFiber.setContextForRoot(root);
    }

    // ---- parts -------------------------------------------------------------------------------

    LifecycleExecutor executor() {
        return executor;
    }

    ServiceStore store() {
        return store;
    }

    EventBus bus() {
        return bus;
    }

    TypeDeclarations types() {
        return types;
    }

    ScopeLinks scopeLinks() {
        return scopeLinks;
    }

    long nextUid() {
        return uids.incrementAndGet();
    }

    Object defaultRealm() {
        return defaultRealm;
    }

    Object sharedRealm(String label) {
        return sharedRealms.computeIfAbsent(label, l -> new Object());
    }

    void log(LogSink.Level level, String source, String message, Throwable error) {
        try {
            sink.log(level, source, message, error);
        } catch (RuntimeException ignored) {
            // A broken sink must not break the kernel; there is nowhere left to report it.
        }
    }

    /** The number of listeners registered for {@code event} (diagnostics and tests). */
    public int listenerCount(String event) {
        return bus.snapshot(event).length;
    }

    // ---- services ----------------------------------------------------------------------------

    /**
     * Re-checks every fiber injecting {@code name} in {@code realm} and announces the change (Cordis's
     * {@code reflect.notify}). Lifecycle.
     */
    List<FiberImpl> notify(String name, Object realm) {
        List<FiberImpl> refreshed = new ArrayList<>();
        for (FiberImpl fiber : registry.allFibers()) {
            if (fiber.tracks(name) && ((ContextImpl) fiber.context()).realmOf(name) == realm) {
                fiber.checkImpl(name);
                fiber.refresh();
                refreshed.add(fiber);
            }
        }
        ServiceRecord current = store.get(name, realm, false);
        EventFilter sameRealm = listener -> listener instanceof ContextImpl c && c.realmOf(name) == realm;
        bus.emitContained(sameRealm, KernelEvents.SERVICE,
                new KernelEvents.ServiceChange(name, current == null ? null : current.value));
        return refreshed;
    }

    /**
     * Withdraws a provided service: removes it, notifies its dependents, waits until they settled, and
     * only then drops it from the provider's own view (so the provider can use it during their teardown).
     */
    CompletableFuture<Void> withdraw(ServiceRecord record) {
        store.remove(record);
        CompletableFuture<Void> done = new CompletableFuture<>();
        executor.runOrExecute(() -> {
            List<FiberImpl> dependents = notify(record.name, record.realm);
            CompletableFuture<?>[] settling = dependents.stream()
                    .map(f -> f.settled().handle((v, t) -> null))
                    .toArray(CompletableFuture[]::new);
            CompletableFuture.allOf(settling).whenComplete((v, t) -> executor.execute(() -> {
                record.fiber.provided.remove(record.name, record);
                done.complete(null);
            }));
        });
        return done;
    }

    /**
     * Runs one disposer, logging its failure. Returns {@code null} when it finished synchronously, else
     * a future that completes (normally) when its asynchronous cleanup did.
     */
    CompletableFuture<Void> invoke(Disposer d, String source, String label) {
        try {
            if (d instanceof AsyncDisposer async) {
                return async.disposeAsync().handle((v, t) -> {
                    if (t != null) {
                        log(LogSink.Level.ERROR, source, "disposer of " + label + " failed",
                                EffectRunner.unwrap(t));
                    }
                    return null;
                });
            }
            d.dispose();
        } catch (Throwable t) {
            log(LogSink.Level.ERROR, source, "disposer of " + label + " failed", t);
        }
        return null;
    }

    // ---- Kernel ------------------------------------------------------------------------------

    @Override
    public Context root() {
        return root;
    }

    @Override
    public KernelHost host() {
        return this::mount;
    }

    private Fiber mount(Context parent, Plugin<?> plugin, Object rawConfig, Collection<String> extraInject) {
        if (!(parent instanceof ContextImpl impl) || impl.kernelRuntime() != this) {
            throw new IllegalArgumentException("the parent context belongs to another kernel: " + parent);
        }
        return impl.plugin(plugin, rawConfig, List.copyOf(extraInject));
    }

    @Override
    public Registry registry() {
        return registry;
    }

    @Override
    public CompletableFuture<Void> idle() {
        return executor.idle();
    }

    @Override
    public void awaitIdle() {
        requireOffLifecycle("awaitIdle()");
        idle().join();
    }

    @Override
    public boolean onLifecycleThread() {
        return executor.inLifecycleThread();
    }

    @Override
    public void close() {
        requireOffLifecycle("close()");
        rootFiber.dispose().join();
        idle().join();
    }

    private void requireOffLifecycle(String what) {
        if (onLifecycleThread()) {
            throw new IllegalStateException("Kernel." + what + " would block the lifecycle executor");
        }
    }

    /** The root fiber (tests). */
    public Fiber rootFiber() {
        return rootFiber;
    }
}
