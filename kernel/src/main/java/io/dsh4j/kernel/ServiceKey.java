package io.dsh4j.kernel;

import java.util.Objects;

/**
 * Typed access to a service over DSH's string name: {@code ServiceKey.of("tools", ToolRuntime.class)}.
 * The name is what the kernel stores, injects and reports; the type is what {@link Context#require}
 * returns. Two keys with the same name address the same service, so a kernel holds one type per name:
 * providing, injecting or reading a name with a key of another type fails with
 * {@link KernelException.Code#TYPE_CONFLICT} instead of a {@link ClassCastException} somewhere later.
 * Keep one key per service (a constant next to its type).
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

    @Override
    public String toString() {
        return "service \"" + name + "\" (" + type.getName() + ")";
    }
}
