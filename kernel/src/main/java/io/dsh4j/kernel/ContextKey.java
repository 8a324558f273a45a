package io.dsh4j.kernel;

import java.util.Objects;

/**
 * A typed key for metadata attached to a context with {@link Context#extend(ContextKey, Object)}
 * (a scope tag, the agent, a base URL). Keys compare by identity: keep one constant per concept.
 */
public final class ContextKey<T> {

    private final String name;
    private final Class<T> type;

    private ContextKey(String name, Class<T> type) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
    }

    /** A new key; two calls give two different keys. */
    public static <T> ContextKey<T> of(String name, Class<T> type) {
        return new ContextKey<>(name, type);
    }

    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    @Override
    public String toString() {
        return "ContextKey[" + name + "]";
    }
}
