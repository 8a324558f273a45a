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
import io.dsh4j.kernel.Service;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A fiber and its state machine (spec §1.6). Every field marked "lifecycle" is read and written only
 * on the lifecycle executor; the rest is volatile or guarded by {@code this}.
 *
 * <p>Transitions: the epoch summarises the providers of the injected services ({@code ":" + uid} per
 * name, or {@link #INACTIVE}). A change of epoch with no transition in flight starts a load (from
 * inactive) or an unload (any other change); a change during a transition is picked up when it ends
 * (the inertia lock). Loads and unloads run as separate executor tasks, so plugin code never runs
 * inside the call that caused it.
 */
final class FiberImpl implements Fiber {

    static final String INACTIVE = "\u0000inactive";

    private final KernelRuntime kernel;
    private final long uid;
    private final ContextImpl parent;
    private final ContextImpl ctx;
    private final Plugin<?> plugin;
    private final List<String> inject;

    private volatile JsonNode rawConfig;
    private volatile Object config;
    private volatile FiberState state;
    /** {@link #dispose()} was called (any thread): registrations stop, the load in wait is skipped. */
    private volatile boolean disposed;
    /**
     * Lifecycle: the disposal routine has run on the executor. Transitions decide on this flag, never on
     * {@link #disposed}, which another thread may set between two reads of one decision.
     */
    private boolean retired;
    private volatile Throwable error;
    /** Loaded snapshot of the injected services; {@code null} while not loaded. */
    private volatile Map<String, ServiceRecord> store;
    /** Services this fiber provides, visible to itself until their dependents have unloaded. */
    final Map<String, ServiceRecord> provided = new ConcurrentHashMap<>();
    /** Lifecycle: the transition in flight. Volatile for diagnostics. */
    private volatile CompletableFuture<Void> inertia;
    /** Lifecycle. */
    private String epoch;
    /**
     * Lifecycle: a restart or update arrived while a transition was in flight; the load in flight (or
     * about to run) is stale and is followed by a fresh one. Cleared when a load starts.
     */
    private boolean restartPending;
    /** Lifecycle. */
    private final Map<String, ServiceRecord> satisfied = new HashMap<>();
    /**
     * Lifecycle: whether the first dependency check ran. Until then service notifications skip the
     * fiber — that check reads the store as it is when it runs, so nothing is missed, and a
     * notification cannot load the fiber once more before it.
     */
    private boolean tracked;
    /** Guarded by {@code this}. */
    private final List<Disposer> disposables = new ArrayList<>();
    private EffectImpl handle;

    private FiberImpl(KernelRuntime kernel, long uid, ContextImpl parent, Plugin<?> plugin, List<String> inject,
                      JsonNode rawConfig) {
        this.kernel = kernel;
        this.uid = uid;
        this.parent = parent;
        this.plugin = plugin;
        this.inject = inject;
        this.rawConfig = rawConfig;
        this.ctx = parent == null ? null : parent.childFor(this);
        this.state = plugin == null ? FiberState.ACTIVE : FiberState.PENDING;
        this.epoch = plugin == null ? "" : INACTIVE;
        if (plugin == null) {
            store = new ConcurrentHashMap<>();
        }
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
        List<String> inject = new ArrayList<>(plugin.inject());
        for (String name : extraInject) {
            if (!inject.contains(name)) {
                inject.add(name);
            }
        }
        FiberImpl fiber = new FiberImpl(kernel, kernel.nextUid(), parent, plugin, List.copyOf(inject), rawConfig);
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
        if (!fiber.disposed && owner.state != FiberState.UNLOADING) {
            kernel.executor().runOrExecute(() -> {
                if (!fiber.disposed) {
                    fiber.tracked = true;
                    fiber.inject.forEach(fiber::checkImpl);
                    fiber.refresh();
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
        FiberState s = state;
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

    synchronized void addDisposable(Disposer d) {
        assertActive();
        disposables.add(d);
    }

    synchronized void removeDisposable(Disposer d) {
        for (int i = disposables.size() - 1; i >= 0; i--) {
            if (disposables.get(i) == d) {
                disposables.remove(i);
                return;
            }
        }
    }

    /** Collects what the plugin's own {@code apply} returned (no state check: the load owns it). */
    private synchronized void collectFromApply(Disposer d) {
        for (Disposer existing : disposables) {
            if (existing == d) {
                return;
            }
        }
        disposables.add(d);
    }

    private synchronized List<Disposer> drain() {
        List<Disposer> drained = new ArrayList<>(disposables.reversed());
        disposables.clear();
        return drained;
    }

    // ---- dependencies (lifecycle) ------------------------------------------------------------

    boolean injects(String name) {
        return inject.contains(name);
    }

    /** Whether a change of service {@code name} concerns this fiber now. Lifecycle. */
    boolean tracks(String name) {
        return tracked && inject.contains(name);
    }

    void checkImpl(String name) {
        ServiceRecord record = kernel.store().get(name, ctx.realmOf(name), true);
        if (record == null) {
            satisfied.remove(name);
            return;
        }
        if (record.value instanceof Service service) {
            try {
                if (!service.check()) {
                    satisfied.remove(name);
                    return;
                }
            } catch (RuntimeException e) {
                kernel.log(LogSink.Level.ERROR, record.fiber.name(), "check of service \"" + name + "\" failed", e);
                satisfied.remove(name);
                return;
            }
        }
        satisfied.put(name, record);
    }

    void refresh() {
        StringBuilder next = new StringBuilder();
        for (String name : inject) {
            ServiceRecord record = satisfied.get(name);
            if (record == null) {
                setEpoch(INACTIVE);
                return;
            }
            next.append(':').append(record.fiber.uid);
        }
        setEpoch(next.toString());
    }

    private void setEpoch(String next) {
        String old = epoch;
        if (next.equals(old)) {
            return;
        }
        epoch = next;
        if (inertia != null) {
            return;
        }
        if (!next.equals(INACTIVE) && old.equals(INACTIVE)) {
            updateState(() -> {
                startReload();
                return FiberState.LOADING;
            });
        } else {
            updateState(() -> {
                startUnload();
                return FiberState.UNLOADING;
            });
        }
    }

    private FiberState computeState() {
        if (retired) {
            return FiberState.DISPOSED;
        }
        if (error != null) {
            return FiberState.FAILED;
        }
        return epoch.equals(INACTIVE) ? FiberState.PENDING : FiberState.ACTIVE;
    }

    /** Runs {@code action} (which may start a transition and name the state), then announces the change. */
    private void updateState(Supplier<FiberState> action) {
        FiberState old = state;
        FiberState next = action.get();
        if (next == null) {
            next = computeState();
        }
        state = next;
        if (old == next) {
            return;
        }
        kernel.bus().emitContained(null, KernelEvents.STATUS, new KernelEvents.StatusChange(this, old));
        if (old == FiberState.ACTIVE || next == FiberState.ACTIVE) {
            for (ServiceRecord record : kernel.store().providedBy(this)) {
                kernel.notify(record.name, record.realm);
            }
        }
    }

    // ---- transitions (lifecycle) -------------------------------------------------------------

    private CompletableFuture<Void> beginTransition() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        if (inertia == null) {
            kernel.executor().hold();
        }
        inertia = f;
        return f;
    }

    /** Ends transition {@code f}: {@code chain} decides what comes next inside a state update. */
    private void endTransition(CompletableFuture<Void> f, boolean stillCurrent, Supplier<FiberState> chain) {
        boolean[] released = {false};
        updateState(() -> {
            if (stillCurrent) {
                inertia = null;
                released[0] = true;
                return null;
            }
            return chain.get();
        });
        f.complete(null);
        if (released[0]) {
            kernel.executor().release();
        }
    }

    private void startReload() {
        CompletableFuture<Void> f = beginTransition();
        restartPending = false;
        store = new ConcurrentHashMap<>(satisfied);
        String started = epoch;
        kernel.executor().execute(() -> load(started, f));
    }

    private void load(String started, CompletableFuture<Void> f) {
        if (disposed) {
            epoch = INACTIVE; // disposed before its load ran: skip the plugin code
        }
        CompletableFuture<Void> async = null;
        if (current(started)) {
            try {
                Object resolved = resolveConfig(rawConfig);
                config = resolved;
                async = EffectRunner.run(applyPlugin(resolved), new EffectRunner.Target() {
                    @Override
                    public void collect(Disposer disposer) {
                        collectFromApply(disposer);
                    }

                    @Override
                    public boolean stopped() {
                        return !epoch.equals(started);
                    }
                });
                if (async == null) {
                    error = null;
                }
            } catch (Throwable t) {
                fail(t, started);
            }
        }
        if (async == null) {
            settleLoad(started, f);
        } else {
            async.whenComplete((v, t) -> kernel.executor().execute(() -> {
                if (t == null) {
                    error = null;
                } else {
                    fail(EffectRunner.unwrap(t), started);
                }
                settleLoad(started, f);
            }));
        }
    }

    @SuppressWarnings("unchecked")
    private Effect applyPlugin(Object resolved) throws Exception {
        return ((Plugin<Object>) plugin).apply(ctx, resolved);
    }

    Object resolveConfig(JsonNode raw) {
        return plugin.config().resolve(raw);
    }

    /** Whether the load that started at epoch {@code started} is still the one wanted. Lifecycle. */
    private boolean current(String started) {
        return epoch.equals(started) && !restartPending && !retired;
    }

    /**
     * Records a failed load. As in Cordis the fiber then waits for its services to change before it
     * retries — unless they already changed (or a restart was asked for) while it was loading: that
     * change is kept, so the unload that follows reloads against the new providers. (Cordis overwrites
     * it, which on threads would make the retry depend on which of the two was seen first.)
     */
    private void fail(Throwable t, String started) {
        kernel.log(LogSink.Level.ERROR, name(), "plugin failed to load: " + t.getMessage(), t);
        error = t;
        if (current(started)) {
            epoch = INACTIVE;
        }
    }

    private void settleLoad(String started, CompletableFuture<Void> f) {
        boolean current = current(started);
        if (current) {
            // Same providers as when the load began, but a service withdrawn and provided again by
            // one of them meanwhile is a new record: the active fiber must not read the withdrawn one.
            store = new ConcurrentHashMap<>(satisfied);
        }
        endTransition(f, current, () -> {
            startUnload();
            return FiberState.UNLOADING;
        });
    }

    private void startUnload() {
        CompletableFuture<Void> f = beginTransition();
        List<Disposer> drained;
        synchronized (this) {
            state = FiberState.UNLOADING;
            drained = drain();
        }
        kernel.executor().execute(() -> unload(drained, f));
    }

    private void unload(List<Disposer> drained, CompletableFuture<Void> f) {
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (Disposer d : drained) {
            CompletableFuture<Void> r = kernel.invoke(d, name(), d instanceof EffectImpl e ? e.label() : "disposer");
            if (r != null && !r.isDone()) {
                pending.add(r);
            }
        }
        if (pending.isEmpty()) {
            finishUnload(f);
        } else {
            CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
                    .whenComplete((v, t) -> kernel.executor().execute(() -> finishUnload(f)));
        }
    }

    private void finishUnload(CompletableFuture<Void> f) {
        store = null;
        endTransition(f, epoch.equals(INACTIVE) || retired, () -> {
            startReload();
            return FiberState.LOADING;
        });
    }

    // ---- disposal, restart, update -----------------------------------------------------------

    /** The disposer the parent holds (spec §1.6.7). */
    private CompletableFuture<Void> disposeRoutine() {
        synchronized (this) {
            disposed = true;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        kernel.executor().runOrExecute(() -> {
            retired = true;
            kernel.bus().emitContained(null, KernelEvents.PLUGIN, this);
            kernel.registry().detach(this);
            setEpoch(INACTIVE);
            if (inertia == null) { // PENDING or FAILED: unload what it may still own
                updateState(() -> {
                    startUnload();
                    return FiberState.UNLOADING;
                });
            }
            whenQuiet(() -> done.complete(null));
        });
        return done;
    }

    /** Runs {@code then} on the executor once no transition is in flight. Lifecycle. */
    private void whenQuiet(Runnable then) {
        CompletableFuture<Void> current = inertia;
        if (current == null) {
            then.run();
        } else {
            current.whenComplete((v, t) -> kernel.executor().execute(() -> whenQuiet(then)));
        }
    }

    /** Root only: Cordis's root restart, which unloads every effect and child and stays active. */
    CompletableFuture<Void> restartRoot() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        kernel.executor().runOrExecute(() -> {
            List<CompletableFuture<Void>> pending = new ArrayList<>();
            for (Disposer d : drain()) {
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
        kernel.executor().runOrExecute(() -> whenQuiet(() -> {
            Throwable e = error;
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
        kernel.executor().runOrExecute(this::restartNow);
        return settled();
    }

    /**
     * Unloads and loads again: at once if idle; after the transition in flight otherwise (a load in
     * flight is then stale, so a config given to {@link #update} during it is not lost). Lifecycle.
     */
    private void restartNow() {
        if (inertia != null) {
            restartPending = true;
        }
        setEpoch(INACTIVE);
        refresh();
    }

    @Override
    public CompletableFuture<Fiber> update(Object raw) {
        requireNotDisposed();
        JsonNode next = Json.tree(raw);
        if (state == FiberState.ACTIVE) {
            Object resolved = resolveConfig(next);
            rawConfig = next;
            kernel.executor().runOrExecute(() -> {
                config = resolved;
                error = null;
                restartNow();
            });
        } else {
            rawConfig = next;
            kernel.executor().runOrExecute(() -> {
                error = null;
                restartNow();
            });
        }
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
        return store;
    }

    void setContextForRoot(ContextImpl root) {
        rootContext = root;
    }

    private ContextImpl rootContext;

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
        return state;
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
        return inject;
    }

    @Override
    public List<String> waitingFor() {
        List<String> missing = new ArrayList<>();
        for (String name : inject) {
            if (kernel.store().get(name, ctx.realmOf(name), true) == null) {
                missing.add(name);
            }
        }
        return missing;
    }

    @Override
    public Object config() {
        return config;
    }

    @Override
    public JsonNode rawConfig() {
        return rawConfig;
    }

    @Override
    public Optional<Throwable> error() {
        return Optional.ofNullable(error);
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
        List<EffectInfo> infos = new ArrayList<>();
        synchronized (this) {
            for (Disposer d : disposables) {
                if (d instanceof EffectImpl e) {
                    infos.add(e.info());
                }
            }
        }
        return infos;
    }

    @Override
    public String toString() {
        return "Fiber[" + uid + " " + name() + " " + state + "]";
    }
}
