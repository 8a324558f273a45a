package io.dsh4j.kernel;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.slf4j.LoggerFactory;

/**
 * A cancellation signal (DOM's {@code AbortSignal}), aborted by its {@link AbortController}. Every
 * dsh4j API that DSH gives an {@code AbortSignal} takes a {@code Signal}.
 *
 * <p>Contract: the first reason wins and never changes; each listener runs at most once; a listener
 * registered after the abort runs at once on the registering thread (so that a late registration
 * cannot miss the abort — DOM would never call it); listeners are removable through their
 * {@link Registration}. Listeners run on the aborting thread, in registration order; one that throws
 * is logged and does not stop the others. Thread-safe.
 *
 * <p>To make blocking I/O cancellable, close the resource or interrupt the thread when the signal
 * fires, and always remove the registration when the work ends:
 *
 * <pre>{@code
 * try (var onAbort = signal.closeOnAbort(socket)) {
 *     return read(socket);
 * }
 * }</pre>
 */
public final class Signal {

    static final String DEFAULT_REASON = "aborted";

    private static final Signal NEVER = new Signal();

    private final Object lock = new Object();
    private Object reason;
    private List<Slot> listeners = new ArrayList<>();

    Signal() {}

    /** A signal that is never aborted. */
    public static Signal never() {
        return NEVER;
    }

    /** A signal already aborted with {@code reason}. */
    public static Signal aborted(Object reason) {
        Signal s = new Signal();
        s.abort(reason);
        return s;
    }

    /**
     * A signal aborted as soon as any of {@code signals} is, with that signal's reason (DOM's
     * {@code AbortSignal.any}). Its registrations on the sources are removed once it aborts.
     */
    public static Signal any(Signal... signals) {
        Signal combined = new Signal();
        List<Registration> registrations = new ArrayList<>();
        for (Signal source : signals) {
            registrations.add(source.onAbort(combined::abort));
            if (combined.aborted()) {
                break;
            }
        }
        combined.onAbort(r -> registrations.forEach(Registration::close));
        return combined;
    }

    /** Whether the signal was aborted. */
    public boolean aborted() {
        synchronized (lock) {
            return reason != null;
        }
    }

    /** The abort reason, or {@code null} while not aborted. */
    public Object reason() {
        synchronized (lock) {
            return reason;
        }
    }

    /** Throws {@link AbortedException} carrying the reason if the signal was aborted. */
    public void throwIfAborted() {
        Object r = reason();
        if (r != null) {
            throw new AbortedException(r);
        }
    }

    /**
     * Runs {@code listener} with the reason when the signal aborts — at once if it already has.
     *
     * @return the registration; closing it before the abort means the listener never runs
     */
    public Registration onAbort(Consumer<Object> listener) {
        return register(new Slot(Objects.requireNonNull(listener, "listener"), false));
    }

    private Registration register(Slot slot) {
        Object already;
        synchronized (lock) {
            already = reason;
            if (already == null) {
                listeners.add(slot);
            }
        }
        if (already != null) {
            slot.fire(already);
        }
        return slot;
    }

    /** Closes {@code resource} when the signal aborts (closing failures are logged). */
    public Registration closeOnAbort(Closeable resource) {
        Objects.requireNonNull(resource, "resource");
        return onAbort(r -> {
            try {
                resource.close();
            } catch (Exception e) {
                LoggerFactory.getLogger(Signal.class).warn("closing {} on abort failed", resource, e);
            }
        });
    }

    /**
     * Interrupts the calling thread when the signal aborts (for blocking calls that honour interrupts).
     * Once {@link Registration#close()} has returned, this registration never interrupts the thread, so
     * an abort racing the end of the work cannot leak an interrupt into what the thread does next.
     */
    public Registration interruptOnAbort() {
        Thread thread = Thread.currentThread();
        return register(new Slot(r -> thread.interrupt(), true));
    }

    boolean abort(Object reason) {
        Objects.requireNonNull(reason, "reason");
        List<Slot> toRun;
        synchronized (lock) {
            if (this.reason != null) {
                return false;
            }
            this.reason = reason;
            toRun = listeners;
            listeners = List.of();
        }
        for (Slot slot : toRun) {
            slot.fire(reason);
        }
        return true;
    }

    private void remove(Slot slot) {
        synchronized (lock) {
            if (reason == null) {
                listeners.remove(slot);
            }
        }
    }

    @Override
    public String toString() {
        Object r = reason();
        return r == null ? "Signal[pending]" : "Signal[aborted: " + r + "]";
    }

    /** A listener registration; {@link #close()} removes it (idempotent). */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private final class Slot implements Registration {
        private final Consumer<Object> listener;
        /** Run the listener holding this slot's monitor, so that {@link #close()} waits for it. */
        private final boolean exclusive;
        private boolean done;

        Slot(Consumer<Object> listener, boolean exclusive) {
            this.listener = listener;
            this.exclusive = exclusive;
        }

        void fire(Object reason) {
            synchronized (this) {
                if (done) {
                    return;
                }
                done = true;
                if (exclusive) {
                    run(reason);
                    return;
                }
            }
            run(reason);
        }

        private void run(Object reason) {
            try {
                listener.accept(reason);
            } catch (RuntimeException e) {
                LoggerFactory.getLogger(Signal.class).warn("abort listener failed", e);
            }
        }

        @Override
        public void close() {
            synchronized (this) {
                done = true;
            }
            remove(this);
        }
    }
}
