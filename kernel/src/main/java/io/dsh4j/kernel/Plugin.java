package io.dsh4j.kernel;

import io.dsh4j.kernel.config.ConfigSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A plugin: a name, the services it injects, a config schema and an {@code apply} body. Mounted with
 * {@link Context#plugin}; every mount makes a {@link Fiber}. The registry keys plugins by identity, so
 * keep one instance per plugin (a constant).
 *
 * <pre>{@code
 * static final Plugin<Config> PLUGIN = Plugin.named("greeter", Config.SCHEMA)
 *         .inject(Tools.KEY)
 *         .setup((ctx, config) -> ctx.require(Tools.KEY).register(greetTool(config)));
 * }</pre>
 *
 * @param <C> the validated config type
 */
public interface Plugin<C> {

    /** Display name for logs and {@code Context <name>}; {@code null} inherits the parent's. */
    String name();

    /** Required services: the fiber loads only while all are available. */
    default List<ServiceKey<?>> inject() {
        return List.of();
    }

    /** Validates the raw config at each load; the result is what {@link #apply} receives. */
    ConfigSchema<C> config();

    /**
     * Runs the plugin in its fiber's context, on the lifecycle executor. Register everything through
     * {@code ctx}; return an {@link Effect} (usually {@link Effect#none()}). Must not block: return
     * {@link Effect#blocking} for slow setup, which keeps the fiber {@link FiberState#LOADING} until it
     * finishes. A throw leaves the fiber {@link FiberState#FAILED} with its registrations undone.
     */
    Effect apply(Context ctx, C config) throws Exception;

    /** Starts a plugin definition with a config schema. */
    static <C> Builder<C> named(String name, ConfigSchema<C> config) {
        return new Builder<>(name, config);
    }

    /** Starts a plugin definition that takes any config (passed on as a Jackson tree). */
    static Builder<com.fasterxml.jackson.databind.JsonNode> named(String name) {
        return new Builder<>(name, ConfigSchema.any());
    }

    /** A void plugin body. */
    @FunctionalInterface
    interface Setup<C> {
        void apply(Context ctx, C config) throws Exception;
    }

    /** A plugin body returning its effect. */
    @FunctionalInterface
    interface Apply<C> {
        Effect apply(Context ctx, C config) throws Exception;
    }

    /** Makes the service of a service plugin. */
    @FunctionalInterface
    interface ServiceFactory<C> {
        Service create(Context ctx, C config) throws Exception;
    }

    /** Builds a {@link Plugin}; each terminal call makes a new plugin (a new registry identity). */
    final class Builder<C> {
        private final String name;
        private final ConfigSchema<C> config;
        private final List<ServiceKey<?>> inject = new ArrayList<>();

        private Builder(String name, ConfigSchema<C> config) {
            this.name = name;
            this.config = Objects.requireNonNull(config, "config");
        }

        /** Adds required services. */
        public Builder<C> inject(ServiceKey<?>... keys) {
            for (ServiceKey<?> k : keys) {
                inject.add(Objects.requireNonNull(k, "service key"));
            }
            return this;
        }

        /** A plugin whose body registers everything through the context and returns nothing. */
        public Plugin<C> setup(Setup<C> body) {
            Objects.requireNonNull(body, "body");
            return apply((ctx, config) -> {
                body.apply(ctx, config);
                return Effect.none();
            });
        }

        /** A plugin whose body returns its effect. */
        public Plugin<C> apply(Apply<C> body) {
            return new Defined<>(name, List.copyOf(inject), config, Objects.requireNonNull(body, "body"));
        }

        /**
         * A service plugin (Cordis's {@code Service} subclass mounted as a plugin): the factory
         * constructs the service, which provides itself; then its {@link Service#init()} effect is the
         * plugin's effect.
         */
        public Plugin<C> service(ServiceFactory<C> factory) {
            Objects.requireNonNull(factory, "factory");
            return apply((ctx, config) -> factory.create(ctx, config).init());
        }
    }

    /** The plugin a {@link Builder} makes. */
    record Defined<C>(String name, List<ServiceKey<?>> inject, ConfigSchema<C> config, Apply<C> body) implements Plugin<C> {
        @Override
        public Effect apply(Context ctx, C config) throws Exception {
            return body.apply(ctx, config);
        }

        // Identity, not value, is what the registry keys on.
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }

        @Override
        public String toString() {
            return "Plugin[" + name + "]";
        }
    }
}
