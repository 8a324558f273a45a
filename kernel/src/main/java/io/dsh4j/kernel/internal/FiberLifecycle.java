package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.FiberState;
import io.dsh4j.kernel.KernelEvents;
import io.dsh4j.kernel.LogSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The state machine of one fiber (spec §1.6.4–§1.6.7). The epoch sums up the providers of the
 * injected services ({@link Dependencies}). A change of epoch with no transition in flight starts a
 * load (from inactive) or an unload (any other change); a change during a transition is picked up
 * when it ends (the inertia lock). Loads and unloads run as separate executor tasks, so plugin code
 * never runs inside the call that caused it.
 *
 * <p>Every method runs on the lifecycle executor. Fields other threads read are volatile: the state,
 * error, config and loaded snapshot (for the {@code Fiber} API and service reads), and what
 * {@link #current} reads (an async generator asks it from its own thread).
 */
final class FiberLifecycle {

    private static final String INACTIVE = Dependencies.INACTIVE;

    private final FiberImpl fiber;
    private final KernelRuntime kernel;

    private volatile FiberState state;
    private volatile Throwable error;
    private volatile Object config;
    /** The injected services while loaded; {@code null} otherwise. */
    private volatile Map<String, ServiceRecord> store;
    /** The transition in flight. */
    private volatile CompletableFuture<Void> inertia;
    private volatile String epoch;
    /**
     * A restart or update arrived while a transition was in flight; the load in flight (or about to
     * run) is stale and is followed by a fresh one. Cleared when a load starts.
     */
    private volatile boolean restartPending;
    /**
     * The disposal routine has run. Transitions decide on this flag, never on the fiber's
     * {@code disposed}, which another thread may set between two reads of one decision.
     */
    private volatile boolean retired;

    /** The machine of a plugin's fiber ({@code PENDING}), or of the root ({@code ACTIVE} for good). */
    FiberLifecycle(FiberImpl fiber, KernelRuntime kernel, boolean root) {
        this.fiber = fiber;
        this.kernel = kernel;
        this.state = root ? FiberState.ACTIVE : FiberState.PENDING;
        this.epoch = root ? "" : INACTIVE;
        this.store = root ? Map.of() : null;
    }

    // ---- what the fiber reports (any thread) ---------------------------------------------------

    FiberState state() {
        return state;
    }

    Throwable error() {
        return error;
    }

    Object config() {
        return config;
    }

    Map<String, ServiceRecord> store() {
        return store;
    }

    // ---- what drives it ----------------------------------------------------------------------

    /** Recomputes the epoch from the dependencies (after a check). */
    void refresh() {
        setEpoch(fiber.dependencies().epoch());
    }

    /**
     * Unloads and loads again: at once if idle; after the transition in flight otherwise (a load in
     * flight is then stale, so a config given to {@code update} during it is not lost).
     */
    void restart() {
        if (inertia != null) {
            restartPending = true;
        }
        setEpoch(INACTIVE);
        refresh();
    }

    /** {@code update}: the new raw config is in place; {@code resolved} is its validated form, if known. */
    void updated(Object resolved) {
        if (resolved != null) {
            config = resolved;
        }
        error = null;
        restart();
    }

    /** The lifecycle part of disposal: never load again, unload what is owned. */
    void retire() {
        retired = true;
        setEpoch(INACTIVE);
        if (inertia == null) { // PENDING or FAILED: unload what it may still own
            updateState(() -> {
                startUnload();
                return FiberState.UNLOADING;
            });
        }
    }

    /** Runs {@code then} on the executor once no transition is in flight. */
    void whenQuiet(Runnable then) {
        CompletableFuture<Void> current = inertia;
        if (current == null) {
            then.run();
        } else {
            current.whenComplete((v, t) -> kernel.executor().execute(() -> whenQuiet(then)));
        }
    }

    // ---- the epoch and the state -------------------------------------------------------------

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
        kernel.bus().emitContained(null, KernelEvents.STATUS, new KernelEvents.StatusChange(fiber, old));
        if (old == FiberState.ACTIVE || next == FiberState.ACTIVE) {
            for (ServiceRecord record : kernel.store().providedBy(fiber)) {
                kernel.notify(record.name, record.realm);
            }
        }
    }

    // ---- transitions -------------------------------------------------------------------------

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
        store = fiber.dependencies().snapshot();
        String started = epoch;
        kernel.executor().execute(() -> load(started, f));
    }

    private void load(String started, CompletableFuture<Void> f) {
        if (fiber.isDisposed()) {
            epoch = INACTIVE; // disposed before its load ran: skip the plugin code
        }
        CompletableFuture<Void> async = null;
        if (current(started)) {
            try {
                Object resolved = fiber.resolveConfig(fiber.rawConfig());
                config = resolved;
                async = EffectRunner.run(fiber.applyPlugin(resolved), new EffectRunner.Target() {
                    @Override
                    public void collect(Disposer disposer) {
                        fiber.effectList().addOnce(disposer);
                    }

                    @Override
                    public boolean stopped() {
                        return !current(started);
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

    /** Whether the load that started at epoch {@code started} is still the one wanted. Any thread. */
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
        kernel.log(LogSink.Level.ERROR, fiber.name(), "plugin failed to load: " + t.getMessage(), t);
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
            store = fiber.dependencies().snapshot();
        }
        endTransition(f, current, () -> {
            startUnload();
            return FiberState.UNLOADING;
        });
    }

    private void startUnload() {
        CompletableFuture<Void> f = beginTransition();
        List<Disposer> drained = fiber.effectList().takeAll(() -> state = FiberState.UNLOADING);
        kernel.executor().execute(() -> unload(drained, f));
    }

    /** Starts every disposer, newest first; the unload ends when the asynchronous ones have too. */
    private void unload(List<Disposer> drained, CompletableFuture<Void> f) {
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (Disposer d : drained) {
            CompletableFuture<Void> r = kernel.invoke(d, fiber.name(), d instanceof EffectImpl e ? e.label() : "disposer");
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
}
