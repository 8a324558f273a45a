package io.dsh4j.kernel;

import java.util.Objects;

/**
 * An event whose listeners only observe: {@code ctx.events().on(AgentEvents.STATUS, payload -> …)}.
 *
 * @param name the DSH event name
 * @param payload the payload class ({@code Void.class} for none)
 * @param <P> the payload type
 */
public record Notification<P>(String name, Class<P> payload) implements EventType<Notification.Listener<P>> {

    public Notification {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(payload, "payload");
    }

    /** A notification named {@code name} carrying {@code payload}. */
    public static <P> Notification<P> of(String name, Class<P> payload) {
        return new Notification<>(name, payload);
    }

    @Override
    public String toString() {
        return "Notification<" + payload.getSimpleName() + ">(\"" + name + "\")";
    }

    /** A notification listener. It runs on the emitting thread and should not block for long. */
    @FunctionalInterface
    public interface Listener<P> {
        void on(P payload);
    }
}
