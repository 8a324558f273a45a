package io.dsh4j.kernel;

import java.util.Objects;

/**
 * An event whose listeners wrap each other around an innermost default: each receives the payload
 * and a {@link Next} that runs the rest of the chain. A listener that returns without calling
 * {@code next.proceed()} owns the decision and short-circuits everything after it, the default
 * included. Listeners usually call it and transform its result.
 *
 * @param name the DSH event name
 * @param <P> the payload type
 * @param <R> the result type
 */
public record Waterfall<P, R>(String name) implements EventType<Waterfall.Listener<P, R>> {

    public Waterfall {
        Objects.requireNonNull(name, "name");
    }

    public static <P, R> Waterfall<P, R> named(String name) {
        return new Waterfall<>(name);
    }

    /** A waterfall listener. */
    @FunctionalInterface
    public interface Listener<P, R> {
        R on(P payload, Next<R> next);
    }
}
