package io.dsh4j.kernel;

import java.util.Objects;

/**
 * An event whose listeners may answer: dispatched with {@code bail} (synchronous listeners) or
 * {@code serial} (listeners that may block, on a virtual thread). The first bail value — anything but
 * {@code null} and {@link Boolean#FALSE} — ends the dispatch and is its result.
 *
 * @param name the DSH event name
 * @param <P> the payload type
 * @param <R> the answer type
 */
public record Query<P, R>(String name) implements EventType<Query.Listener<P, R>> {

    public Query {
        Objects.requireNonNull(name, "name");
    }

    public static <P, R> Query<P, R> named(String name) {
        return new Query<>(name);
    }

    /** A query listener; return {@code null} to let the next listener answer. */
    @FunctionalInterface
    public interface Listener<P, R> {
        R on(P payload);
    }
}
