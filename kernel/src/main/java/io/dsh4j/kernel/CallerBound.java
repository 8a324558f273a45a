package io.dsh4j.kernel;

/**
 * A service that hands each caller its own view (Cordis's "traceable" services, spec §1.4).
 *
 * <p>{@link Context#require} and {@link Context#get} call {@link #boundTo} with the reading context.
 * Registrations made through the view belong to the caller: they are effects on
 * {@code caller.fiber()} and are scoped by {@code Scopes.of(caller)}, so they disappear when the
 * caller unloads. Lookups the service does for itself go through its own origin context.
 */
@FunctionalInterface
public interface CallerBound<T> {

    /** The view of this service as seen from {@code caller}; cheap, called on every lookup. */
    T boundTo(Context caller);
}
