package io.dsh4j.deliberation.core.run;

import java.util.concurrent.ThreadFactory;

/**
 * Arms one-shot timers (spec §12.7 {@code deadline}). Tests inject a manual implementation and fire
 * timers themselves; {@link #virtualThreads} sleeps on a virtual thread per timer.
 */
@FunctionalInterface
public interface Deadlines {

    /**
     * Runs {@code action} once after {@code delayMs}, unless the returned handle is closed first.
     * Closing is idempotent and never throws.
     */
    Handle schedule(long delayMs, Runnable action);

    /** A scheduled timer; closing it cancels the timer and releases its thread. */
    interface Handle extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Timers on virtual threads from {@code threads}: each sleeps, then runs its action; closing
     * interrupts the sleeper and waits for it to end, so no thread outlives its deadline.
     */
    static Deadlines virtualThreads(ThreadFactory threads) {
        return (delayMs, action) -> {
            Thread t = threads.newThread(() -> {
                try {
                    Thread.sleep(delayMs);
                } catch (InterruptedException e) {
                    return;
                }
                action.run();
            });
            t.start();
            return () -> {
                if (Thread.currentThread() == t) return;
                t.interrupt();
                Joins.joinUninterruptibly(t, () -> {});
            };
        };
    }

    /**
     * A signal that is cancelled when {@code parent} is, or with {@code Timeout(code)} after
     * {@code delayMs}; close the returned deadline to disarm the timer.
     */
    default Deadline arm(CancelSignal parent, long delayMs, String code) {
        CancelSignal.Link link = CancelSignal.childOf(parent);
        CancelSignal signal = link.signal();
        Handle timer = schedule(delayMs, () -> signal.cancel(new CancelSignal.Reason.Timeout(code)));
        return new Deadline(signal, timer, link);
    }

    /** An armed deadline: its signal, its timer and its link to the parent signal. */
    record Deadline(CancelSignal signal, Handle timer, CancelSignal.Link link) implements AutoCloseable {
        /** Disarms the timer and detaches the signal from its parent. */
        @Override
        public void close() {
            timer.close();
            link.close();
        }
    }
}
