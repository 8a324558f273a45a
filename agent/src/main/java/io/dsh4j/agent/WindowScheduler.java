package io.dsh4j.agent;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Starts the write-behind window of a live session: runs a task once after a delay. Tests pass a
 * manual scheduler and fire windows themselves, so no test waits on a clock.
 */
@FunctionalInterface
public interface WindowScheduler {

    /** Runs {@code task} once after {@code delayMillis}; the returned handle cancels it if not yet run. */
    Cancellable schedule(Runnable task, long delayMillis);

    /** A scheduled window that can be called off. */
    @FunctionalInterface
    interface Cancellable {
        void cancel();
    }

    /** A scheduler on one shared daemon thread (tasks only hand work to the session's writer). */
    static WindowScheduler daemon() {
        return Daemon.INSTANCE;
    }

    /** The shared daemon scheduler. */
    final class Daemon implements WindowScheduler {
        static final Daemon INSTANCE = new Daemon();
        private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dsh4j-session-write-behind");
            t.setDaemon(true);
            return t;
        });

        private Daemon() {}

        @Override
        public Cancellable schedule(Runnable task, long delayMillis) {
            ScheduledFuture<?> f = executor.schedule(() -> Thread.ofVirtual().name("dsh4j-session-flush").start(task),
                    delayMillis, TimeUnit.MILLISECONDS);
            return () -> f.cancel(false);
        }
    }
}
