package io.dsh4j.kernel;

import java.util.Optional;

/**
 * The five dispatch modes (spec §1.10), from {@link Context#events()} (every listener) or
 * {@link Events#to(EventFilter)} (the listeners a receiver admits). Thread-safe. Not for
 * implementation outside the kernel.
 */
public interface Dispatch {

    /**
     * Raw emit: calls each admitted listener in order; the first exception propagates and later
     * listeners do not run.
     */
    <P> void emit(Notification<P> event, P payload);

    /**
     * DSH's notification style: every admitted listener runs; a failing one is logged as a warning
     * (under its fiber's name) and does not stop the others. Never throws a listener's exception.
     */
    <P> void emitContained(Notification<P> event, P payload);

    /**
     * Runs every admitted listener concurrently (virtual threads; the last on the calling thread)
     * and waits for all; then, if any failed, throws {@link AggregateException} with the failures
     * in listener order.
     */
    <P> void parallel(Notification<P> event, P payload);

    /**
     * Calls admitted listeners in order until one returns a bail value (anything but {@code null}
     * and {@link Boolean#FALSE}) and returns it; empty if none does. An exception propagates.
     */
    <P, R> Optional<R> bail(Query<P, R> event, P payload);

    /**
     * {@link #bail} for listeners that may block: call it from a virtual thread, never the
     * lifecycle executor. (In Cordis the asynchronous twin of {@code bail}; with blocking listeners
     * the two differ only in intent.)
     */
    default <P, R> Optional<R> serial(Query<P, R> event, P payload) {
        return bail(event, payload);
    }

    /**
     * Runs the admitted listeners as a chain around {@code inner} and returns the outermost one's
     * result ({@code inner}'s own when there are none). An exception propagates to the caller of
     * the enclosing {@link Next#proceed()}.
     */
    <P, R> R waterfall(Waterfall<P, R> event, P payload, Next<R> inner);
}
