package io.dsh4j.kernel.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The serial executor on which every fiber transition runs, one task at a time, in submission order.
 * A virtual thread drains the queue while there is work and ends when it is empty, so an idle kernel
 * holds no thread.
 *
 * <p>It also counts outstanding work — queued tasks plus fibers in a transition ({@link #hold()} /
 * {@link #release()}) — so that {@link #idle()} can tell when the kernel is quiescent.
 */
final class LifecycleExecutor implements Executor {

    private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
    private final Consumer<Throwable> onFailure;
    private final Object lock = new Object();
    private boolean draining;
    private volatile Thread drainer;
    private int outstanding;
    private List<CompletableFuture<Void>> idleWaiters = new ArrayList<>();

    LifecycleExecutor(Consumer<Throwable> onFailure) {
        this.onFailure = onFailure;
    }

    /** Queues {@code task} behind everything already queued. */
    @Override
    public void execute(Runnable task) {
        boolean start;
        synchronized (lock) {
            outstanding++;
            queue.add(task);
            start = !draining;
            draining = true;
        }
        if (start) {
            Thread.ofVirtual().name("dsh4j-lifecycle").start(this::drain);
        }
    }

    /** Runs {@code task} now if called on the lifecycle thread, else queues it. */
    void runOrExecute(Runnable task) {
        if (inLifecycleThread()) {
            task.run();
        } else {
            execute(task);
        }
    }

    boolean inLifecycleThread() {
        return Thread.currentThread() == drainer;
    }

    private void drain() {
        drainer = Thread.currentThread();
        while (true) {
            Runnable task;
            synchronized (lock) {
                task = queue.poll();
                if (task == null) {
                    drainer = null;
                    draining = false;
                    return;
                }
            }
            try {
                task.run();
            } catch (Throwable t) {
                onFailure.accept(t);
            } finally {
                release();
            }
        }
    }

    /** Counts one more unit of outstanding work (a fiber entering a transition). */
    void hold() {
        synchronized (lock) {
            outstanding++;
        }
    }

    /** Ends one unit of outstanding work; completes the idle waiters when none is left. */
    void release() {
        List<CompletableFuture<Void>> done = null;
        synchronized (lock) {
            outstanding--;
            if (outstanding == 0 && !idleWaiters.isEmpty()) {
                done = idleWaiters;
                idleWaiters = new ArrayList<>();
            }
        }
        if (done != null) {
            done.forEach(f -> f.complete(null));
        }
    }

    /** Completes when nothing is queued and no transition is in flight. */
    CompletableFuture<Void> idle() {
        synchronized (lock) {
            if (outstanding == 0) {
                return CompletableFuture.completedFuture(null);
            }
            CompletableFuture<Void> f = new CompletableFuture<>();
            idleWaiters.add(f);
            return f;
        }
    }
}
