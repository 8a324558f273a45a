package io.dsh4j.deliberation.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A cancellation signal with a reason, like an {@code AbortSignal} (spec Appendix C): cancelled once,
 * by its owner, by its parent, or by a deadline whose typed {@link Reason.Timeout} carries a code, so
 * that {@link #timedOutWith} tells this branch's own timeout from an outer cancellation. Listeners run
 * once, on the cancelling thread. Thread-safe.
 */
public final class CancelSignal {

    /** Why a signal was cancelled. */
    public sealed interface Reason {
        /** Cancelled by its owner (the caller's turn was cancelled, say). */
        record Cancelled(String why) implements Reason {}

        /** A deadline fired; {@code code} names which one. */
        record Timeout(String code) implements Reason {}
    }

    private final Object lock = new Object();
    private final List<Runnable> listeners = new ArrayList<>();
    private volatile Reason reason;

    /** A signal nothing cancels but its owner. */
    public static CancelSignal root() {
        return new CancelSignal();
    }

    /**
     * A signal that is cancelled, with the parent's reason, when {@code parent} is; it may also be
     * cancelled alone. Close the link when the child is done so the parent forgets it.
     */
    public static Link childOf(CancelSignal parent) {
        CancelSignal child = new CancelSignal();
        AutoCloseable unlink = parent.onCancel(() -> child.cancel(parent.reason()));
        return new Link(child, unlink);
    }

    /** A child signal and the registration that ties it to its parent. */
    public record Link(CancelSignal signal, AutoCloseable registration) implements AutoCloseable {
        @Override
        public void close() {
            try {
                registration.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot unlink a cancellation signal", e);
            }
        }
    }

    /** Cancels with {@code reason}; later calls do nothing. Runs the listeners on this thread. */
    public void cancel(Reason reason) {
        Objects.requireNonNull(reason, "reason");
        List<Runnable> run;
        synchronized (lock) {
            if (this.reason != null) return;
            this.reason = reason;
            run = List.copyOf(listeners);
            listeners.clear();
        }
        for (Runnable r : run) r.run();
    }

    /** Whether the signal was cancelled. */
    public boolean isCancelled() {
        return reason != null;
    }

    /** The reason, or {@code null} while not cancelled. */
    public Reason reason() {
        return reason;
    }

    /** Whether a deadline with {@code code} cancelled this signal (not an outer cancellation, not another deadline). */
    public boolean timedOutWith(String code) {
        return reason instanceof Reason.Timeout t && t.code().equals(code);
    }

    /**
     * Runs {@code listener} once when the signal is cancelled (at once, on this thread, if it already is).
     *
     * @return closing it removes the listener
     */
    public AutoCloseable onCancel(Runnable listener) {
        Objects.requireNonNull(listener, "listener");
        synchronized (lock) {
            if (reason == null) {
                listeners.add(listener);
                return () -> {
                    synchronized (lock) {
                        listeners.remove(listener);
                    }
                };
            }
        }
        listener.run();
        return () -> {};
    }
}
