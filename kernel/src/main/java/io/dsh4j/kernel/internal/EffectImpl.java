package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.EffectInfo;
import io.dsh4j.kernel.LogSink;
import io.dsh4j.kernel.SetupException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The wrapper of one effect (spec §1.9): registered on its fiber before its body runs, collects the
 * body's disposers, and disposes them once, in reverse order, deferring until an asynchronous setup
 * has settled. Async cleanups are chained on the lifecycle executor. Thread-safe.
 */
final class EffectImpl implements EffectHandle, AsyncDisposer, EffectRunner.Target {

    private final FiberImpl owner;
    private final String label;
    private final List<Disposer> collected = new ArrayList<>();
    private final CompletableFuture<EffectHandle> setup = new CompletableFuture<>();
    private final CompletableFuture<Void> disposed = new CompletableFuture<>();
    private boolean settingUp = true;
    private boolean disposeRequested;
    private boolean cleaning;

    private EffectImpl(FiberImpl owner, String label) {
        this.owner = owner;
        this.label = label;
    }

    /**
     * Registers an effect on {@code owner} and runs {@code body} on the calling thread.
     *
     * @throws io.dsh4j.kernel.KernelException {@code INACTIVE_EFFECT} if the owner is inactive
     */
    static EffectImpl register(FiberImpl owner, String label, Context.EffectBody body) {
        EffectImpl effect = new EffectImpl(owner, label);
        owner.addDisposable(effect);
        CompletableFuture<Void> async;
        try {
            async = EffectRunner.run(body.run(), effect);
        } catch (Throwable t) {
            effect.failSetup(t, false);
            throw rethrowable(t);
        }
        if (async == null) {
            effect.setupDone();
        } else {
            async.whenComplete((v, t) -> {
                if (t == null) {
                    effect.setupDone();
                } else {
                    effect.failSetup(EffectRunner.unwrap(t), true);
                }
            });
        }
        return effect;
    }

    private static RuntimeException rethrowable(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new SetupException(t);
    }

    // ---- collection --------------------------------------------------------------------------

    @Override
    public void collect(Disposer disposer) {
        synchronized (this) {
            collected.add(disposer);
        }
        if (disposer instanceof EffectImpl nested) {
            owner.removeDisposable(nested);
        }
    }

    @Override
    public synchronized boolean stopped() {
        return disposeRequested;
    }

    private void setupDone() {
        boolean cleanNow;
        synchronized (this) {
            settingUp = false;
            cleanNow = disposeRequested;
        }
        setup.complete(this);
        if (cleanNow) {
            clean();
        }
    }

    private void failSetup(Throwable t, boolean async) {
        synchronized (this) {
            settingUp = false;
            disposeRequested = true;
        }
        if (async) {
            owner.kernel().log(LogSink.Level.ERROR, owner.name(), "effect " + label + " failed", t);
        }
        clean();
        setup.completeExceptionally(t);
    }

    // ---- disposal ----------------------------------------------------------------------------

    @Override
    public void dispose() {
        disposeAsync();
    }

    @Override
    public CompletableFuture<Void> disposeAsync() {
        boolean cleanNow;
        synchronized (this) {
            if (disposeRequested) {
                return disposed;
            }
            disposeRequested = true;
            cleanNow = !settingUp;
        }
        if (cleanNow) {
            clean();
        }
        return disposed;
    }

    /** Runs the collected disposers in reverse order, chaining after any asynchronous one. */
    private void clean() {
        List<Disposer> toRun;
        synchronized (this) {
            if (cleaning) {
                return;
            }
            cleaning = true;
            toRun = new ArrayList<>(collected.reversed());
            collected.clear();
        }
        CompletableFuture<Void> task = null;
        for (Disposer d : toRun) {
            if (task == null) {
                CompletableFuture<Void> r = owner.kernel().invoke(d, owner.name(), label);
                if (r != null && !r.isDone()) {
                    task = r;
                }
            } else {
                task = task.thenComposeAsync(v -> done(owner.kernel().invoke(d, owner.name(), label)),
                        owner.kernel().executor());
            }
        }
        if (task == null) {
            finish();
        } else {
            task.whenComplete((v, t) -> finish());
        }
    }

    private static CompletableFuture<Void> done(CompletableFuture<Void> f) {
        return f == null ? CompletableFuture.completedFuture(null) : f;
    }

    private void finish() {
        owner.removeDisposable(this);
        disposed.complete(null);
    }

    // ---- handle ------------------------------------------------------------------------------

    @Override
    public CompletableFuture<Void> whenDisposed() {
        return disposed;
    }

    @Override
    public CompletableFuture<EffectHandle> setup() {
        return setup;
    }

    @Override
    public String label() {
        return label;
    }

    EffectInfo info() {
        List<EffectInfo> children = new ArrayList<>();
        synchronized (this) {
            for (Disposer d : collected) {
                if (d instanceof EffectImpl e) {
                    children.add(e.info());
                }
            }
        }
        return new EffectInfo(label, children);
    }

    @Override
    public String toString() {
        return "Effect[" + label + " of " + owner.name() + "]";
    }
}
