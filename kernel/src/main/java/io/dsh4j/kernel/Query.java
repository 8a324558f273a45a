package io.dsh4j.kernel;

import java.util.Objects;

/**
 * An event whose listeners may answer: dispatched with {@code bail} (synchronous listeners) or
 * {@code serial} (listeners that may block, on a virtual thread). The first bail value — anything but
 * {@code null} and {@link Boolean#FALSE} — ends the dispatch and is its result.
 *
 * @param name the DSH event name
 * @param payload the payload class
 * @param answer the answer class
 * @param <P> the payload type
 * @param <R> the answer type
 */
public record Query<P, R>(String name, Class<P> payload, Class<R> answer)
        implements EventType<Query.Listener<P, R>> {

    public Query {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(answer, "answer");
    }

    /** A query named {@code name} asking with {@code payload} for an {@code answer}. */
    public static <P, R> Query<P, R> of(String name, Class<P> payload, Class<R> answer) {
        return new Query<>(name, payload, answer);
    }

    @Override
    public String toString() {
        return "Query<" + payload.getSimpleName() + ", " + answer.getSimpleName() + ">(\"" + name + "\")";
    }

    /** A query listener; return {@code null} to let the next listener answer. */
    @FunctionalInterface
    public interface Listener<P, R> {
        R on(P payload);
    }
}
