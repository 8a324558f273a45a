package io.dsh4j.kernel;

import java.util.Objects;

/**
 * An event whose listeners only observe: {@code ctx.on(AgentEvents.STATUS, payload -> …)}.
 *
 * @param name the DSH event name
 * @param <P> the payload type
 */
public record Notification<P>(String name) implements EventType<Notification.Listener<P>> {

    public Notification {
        Objects.requireNonNull(name, "name");
    }

    /** A notification named {@code name}; the payload type comes from the assignment target. */
    public static <P> Notification<P> named(String name) {
        return new Notification<>(name);
    }

    /** A notification listener. It runs on the emitting thread and should not block for long. */
    @FunctionalInterface
    public interface Listener<P> {
        void on(P payload);
    }
}
