package io.dsh4j.kernel.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.EffectInfo;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.FiberState;
import io.dsh4j.kernel.KernelEvents;
import io.dsh4j.kernel.KernelException;
import io.dsh4j.kernel.LogSink;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.ServiceKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A fiber (spec §1.6): one live instance of a plugin, owned by the fiber it was loaded from. It holds
 * what the fiber is — identity, context, plugin, raw config, dependencies, owned effects — and the
 * {@link Fiber} API; its state machine is its {@link FiberLifecycle}.
 */
final class FiberImpl implements Fiber {

    private final KernelRuntime kernel;
    private final long uid;
    private final ContextImpl parent;
    private final ContextImpl ctx;
    private final Plugin<?> plugin;
    private final Dependencies deps;
    private final EffectList effects = new EffectList();
    private final FiberLifecycle lifecycle;
    /** Services this fiber provides, visible to itself until their dependents have unloaded. */
    final Map<String, ServiceRecord> provided = new ConcurrentHashMap<>();

    private volatile JsonNode rawConfig;
    /** {@link #dispose()} was called (any thread): registrations stop, the load in wait is skipped. */
    private volatile boolean disposed;
    /** The handle the owner holds; {@code null} for the root. */
    private EffectImpl handle;
    /** The root's context (a plugin fiber's is {@link #ctx}). */
    private ContextImpl rootContext;

    private FiberImpl(KernelRuntime kernel, long uid, ContextImpl parent, Plugin<?> plugin, List<String> inject,
                      JsonNode rawConfig) {
        this.kernel = kernel;
        this.uid = uid;
        this.parent = parent;
        this.plugin = plugin;
        this.deps = new Dependencies(inject);
        this.rawConfig = rawConfig;
        this.ctx = parent == null ? null : parent.childFor(this);
        this.lifecycle = new FiberLifecycle(this, kernel, plugin == null);
    }

    /** The root fiber; its context is made by the caller. */
    static FiberImpl root(KernelRuntime kernel) {
        return new FiberImpl(kernel, 0, null, null, List.of(), null);
    }

    /**
     * Creates a fiber of {@code plugin} under {@code parent} (spec §1.6.3) and schedules its first
     * dependency check; no plugin code runs here.
     */
    static FiberImpl create(ContextImpl parent, Plugin<?> plugin, JsonNode rawConfig, List<String> extraInject) {
        FiberImpl owner = parent.fiberImpl();
        owner.assertActive();
        KernelRuntime kernel = parent.kernelRuntime();
        List<String> inject = new ArrayList<>();
        for (ServiceKey<?> key : plugin.inject()) {
            kernel.types().service(key);
            if (!inject.contains(key.name())) {
                inject.add(key.name());
            }
        }
        for (String name : extraInject) {
            if (!inject.contains(name)) {
                inject.add(name);
            }
        }
        FiberImpl fiber = new FiberImpl(kernel, kernel.nextUid(), parent, plugin, inject, rawConfig);
        fiber.handle = EffectImpl.register(owner, "ctx.plugin()", () -> {
            kernel.registry().attach(fiber);
            return Effect.of((AsyncDisposer) fiber::disposeRoutine);
        });
        try {
            kernel.bus().emit(null, KernelEvents.PLUGIN, fiber);
        } catch (RuntimeException e) {
            fiber.dispose();
            throw e;
        }
        if (!fiber.disposed && owner.state() != FiberState.UNLOADING) {
            kernel.executor().runOrExecute(() -> {
                if (!fiber.disposed) {
                    fiber.deps.checkAll(fiber::lookup, kernel);
                    fiber.lifecycle.refresh();
                }
            });
        }
        return fiber;
    }

    // ---- effects -----------------------------------------------------------------------------

    /**
     * Whether registrations are accepted: not while unloading, and not once disposed — except by the
     * load in flight when {@code dispose()} was called from another thread, whose registrations the
     * unload that follows it undoes.
     */
    private boolean acceptsEffects() {
        FiberState s = lifecycle.state();
        if (s == FiberState.UNLOADING || s == FiberState.DISPOSED) {
            return false;
        }
        return !disposed || s == FiberState.LOADING;
    }

    void assertActive() {
        if (!acceptsEffects()) {
            throw KernelException.inactiveEffect();
        }
    }

    private void requireNotDisposed() {
        if (disposed) {
            throw KernelException.inactiveEffect();
        }
    }

    void addDisposable(Disposer d) {
        effects.add(d, this::acceptsEffects);
    }

    void removeDisposable(Disposer d) {
        effects.remove(d);
    }

    // ---- dependencies (lifecycle) ------------------------------------------------------------

    boolean injects(String name) {
        return deps.declares(name);
    }

    /** Whether a change of service {@code name} concerns this fiber now. Lifecycle. */
    boolean tracks(String name) {
        return deps.tracks(name);
    }

    /** The record of {@code name} a dependency check sees: this fiber's realm, provider ACTIVE. */
    private ServiceRecord lookup(String name) {
        return kernel.store().get(name, ctx.realmOf(name), true);
    }

    void checkImpl(String name) {
        deps.check(name, lookup(name), kernel);
    }

    void refresh() {
        lifecycle.refresh();
    }

    Dependencies dependencies() {
        return deps;
    }

    EffectList effectList() {
        return effects;
    }

    // ---- what a load runs (lifecycle) --------------------------------------------------------

    @SuppressWarnings("unchecked")
    Effect applyPlugin(Object resolved) throws Exception {
        return ((Plugin<Object>) plugin).apply(ctx, resolved);
    }

    Object resolveConfig(JsonNode raw) {
        return plugin.config().resolve(raw);
    }

    // ---- disposal, restart, update -----------------------------------------------------------

    /** The disposer the parent holds (spec §1.6.7). */
    private CompletableFuture<Void> disposeRoutine() {
        disposed = true;
        CompletableFuture<Void> done = new CompletableFuture<>();
        kernel.executor().runOrExecute(() -> {
            kernel.bus().emitContained(null, KernelEvents.PLUGIN, this);
            kernel.registry().detach(this);
            lifecycle.retire();
            lifecycle.whenQuiet(() -> done.complete(null));
        });
        return done;
    }

    /** Root only: Cordis's root restart, which unloads every effect and child and stays active. */
    CompletableFuture<Void> restartRoot() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        kernel.executor().runOrExecute(() -> {
            List<CompletableFuture<Void>> pending = new ArrayList<>();
            for (Disposer d : effects.takeAll(() -> { })) {
                CompletableFuture<Void> r = kernel.invoke(d, "root", "disposer");
                if (r != null) {
                    pending.add(r);
                }
            }
            CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
                    .whenComplete((v, t) -> done.complete(null));
        });
        return done;
    }

    @Override
    public CompletableFuture<Fiber> settled() {
        CompletableFuture<Fiber> result = new CompletableFuture<>();
        kernel.executor().runOrExecute(() -> lifecycle.whenQuiet(() -> {
            Throwable e = lifecycle.error();
            if (e != null) {
                result.completeExceptionally(e);
            } else {
                result.complete(this);
            }
        }));
        return result;
    }

    @Override
    public Fiber await() {
        if (kernel.onLifecycleThread()) {
            throw new IllegalStateException("Fiber.await() would block the lifecycle executor; use settled()");
        }
        try {
            return settled().join();
        } catch (CompletionException e) {
            Throwable cause = EffectRunner.unwrap(e);
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new io.dsh4j.kernel.SetupException(cause);
        }
    }

    @Override
    public CompletableFuture<Void> dispose() {
        if (plugin == null) {
            return restartRoot();
        }
        return handle.disposeAsync();
    }

    @Override
    public CompletableFuture<Fiber> restart() {
        requireNotDisposed();
        kernel.executor().runOrExecute(lifecycle::restart);
        return settled();
    }

    @Override
    public CompletableFuture<Fiber> update(Object raw) {
        requireNotDisposed();
        JsonNode next = Json.tree(raw);
        // An active fiber validates now, so that a bad config throws before anything restarts; any
        // other fiber resolves it when it can load (its injections may be needed).
        Object resolved = lifecycle.state() == FiberState.ACTIVE ? resolveConfig(next) : null;
        rawConfig = next;
        kernel.executor().runOrExecute(() -> lifecycle.updated(resolved));
        return settled();
    }

    // ---- accessors ---------------------------------------------------------------------------

    KernelRuntime kernel() {
        return kernel;
    }

    boolean isRoot() {
        return plugin == null;
    }

    ContextImpl parentContext() {
        return parent;
    }

    Map<String, ServiceRecord> loadedStore() {
        return lifecycle.store();
    }

    void setContextForRoot(ContextImpl root) {
        rootContext = root;
    }

    @Override
    public long uid() {
        return uid;
    }

    @Override
    public boolean isDisposed() {
        return disposed;
    }

    @Override
    public String name() {
        for (FiberImpl f = this; f != null; f = f.parent == null ? null : f.parent.fiberImpl()) {
            if (f.plugin != null && f.plugin.name() != null && !f.plugin.name().isEmpty()) {
                return f.plugin.name();
            }
        }
        return "root";
    }

    @Override
    public FiberState state() {
        return lifecycle.state();
    }

    @Override
    public Context context() {
        return ctx == null ? rootContext : ctx;
    }

    @Override
    public Context parent() {
        return parent;
    }

    @Override
    public Plugin<?> plugin() {
        return plugin;
    }

    @Override
    public List<String> inject() {
        return deps.names();
    }

    @Override
    public List<String> waitingFor() {
        List<String> missing = new ArrayList<>();
        for (String name : deps.names()) {
            if (lookup(name) == null) {
                missing.add(name);
            }
        }
        return missing;
    }

    @Override
    public Object config() {
        return lifecycle.config();
    }

    @Override
    public JsonNode rawConfig() {
        return rawConfig;
    }

    @Override
    public Optional<Throwable> error() {
        return Optional.ofNullable(lifecycle.error());
    }

    @Override
    public EffectHandle handle() {
        if (handle == null) {
            throw new UnsupportedOperationException("the root fiber has no owner");
        }
        return handle;
    }

    @Override
    public List<EffectInfo> effects() {
        return effects.infos();
    }

    @Override
    public String toString() {
        return "Fiber[" + uid + " " + name() + " " + lifecycle.state() + "]";
    }
}
