package io.dsh4j.kernel;

import java.util.Objects;

/**
 * An event whose listeners wrap each other around an innermost default: each receives the payload
 * and a {@link Next} that runs the rest of the chain. A listener that returns without calling
 * {@code next.proceed()} owns the decision and short-circuits everything after it, the default
 * included. Listeners usually call it and transform its result.
 *
 * @param name the DSH event name
 * @param payload the payload class
 * @param result the result class
 * @param <P> the payload type
 * @param <R> the result type
 */
public record Waterfall<P, R>(String name, Class<P> payload, Class<R> result)
        implements EventType<Waterfall.Listener<P, R>> {

    public Waterfall {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(result, "result");
    }

    /** A waterfall named {@code name} over {@code payload} producing a {@code result}. */
    public static <P, R> Waterfall<P, R> of(String name, Class<P> payload, Class<R> result) {
        return new Waterfall<>(name, payload, result);
    }

    @Override
    public String toString() {
        return "Waterfall<" + payload.getSimpleName() + ", " + result.getSimpleName() + ">(\"" + name + "\")";
    }

    /** A waterfall listener. */
    @FunctionalInterface
    public interface Listener<P, R> {
        R on(P payload, Next<R> next);
    }
}
