package io.dsh4j.kernel;

import java.util.Objects;

/**
 * Typed access to a service over DSH's string name: {@code ServiceKey.of("tools", ToolRuntime.class)}.
 * The name is what the kernel stores, injects and reports; the type is what {@link Context#require}
 * returns. Two keys with the same name address the same service.
 *
 * @param name the DSH service name
 * @param type the type callers see (for a {@link CallerBound} service, the type of its bound view)
 */
public record ServiceKey<T>(String name, Class<T> type) {

    public ServiceKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("service name must not be empty");
        }
    }

    public static <T> ServiceKey<T> of(String name, Class<T> type) {
        return new ServiceKey<>(name, type);
    }

    /** An untyped key, for generic code (the loader, diagnostics). */
    public static ServiceKey<Object> named(String name) {
        return new ServiceKey<>(name, Object.class);
    }
}
