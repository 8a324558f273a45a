package io.dsh4j.kernel;

import java.util.Collection;
import org.apiguardian.api.API;

/**
 * What a host — the loader, an application's boot code — does to a kernel beyond what plugin code
 * does through {@link Context}: mount a plugin with injections a configuration adds by name (a loader
 * row's {@code inject}, spec §2.1). Reached through {@link Kernel#host()}. Thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface KernelHost {

    /**
     * Loads {@code plugin} as a child of {@code parent}'s fiber, like {@link Context#plugin(Plugin,
     * Object)}, with {@code extraInject} added to the plugin's own injections (duplicates ignored).
     *
     * @throws IllegalArgumentException if {@code parent} belongs to another kernel
     * @throws KernelException as {@link Context#plugin(Plugin, Object)} does
     */
    Fiber mount(Context parent, Plugin<?> plugin, Object rawConfig, Collection<String> extraInject);
}
