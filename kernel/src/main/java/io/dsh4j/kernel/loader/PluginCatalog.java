package io.dsh4j.kernel.loader;

import io.dsh4j.kernel.Plugin;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Resolves an entry row's {@code name} to a plugin (spec §2.5): the built-in {@code cordis:group}
 * (handled by the loader itself) plus whatever {@link PluginProvider}s contribute. Immutable.
 */
public final class PluginCatalog {

    private final Map<String, Plugin<?>> plugins;

    private PluginCatalog(Map<String, Plugin<?>> plugins) {
        this.plugins = Collections.unmodifiableMap(plugins);
    }

    /** A catalog of exactly {@code plugins}. */
    public static PluginCatalog of(Map<String, ? extends Plugin<?>> plugins) {
        Map<String, Plugin<?>> copy = new LinkedHashMap<>();
        plugins.forEach((name, plugin) -> copy.put(checkName(name), Objects.requireNonNull(plugin, name)));
        return new PluginCatalog(copy);
    }

    /**
     * The plugins every {@link PluginProvider} on {@code loader}'s class path contributes.
     *
     * @throws IllegalStateException when two providers claim the same specifier
     */
    public static PluginCatalog discover(ClassLoader loader) {
        Map<String, Plugin<?>> found = new LinkedHashMap<>();
        for (PluginProvider provider : ServiceLoader.load(PluginProvider.class, loader)) {
            provider.plugins().forEach((name, plugin) -> {
                Plugin<?> previous = found.putIfAbsent(checkName(name), Objects.requireNonNull(plugin, name));
                if (previous != null && previous != plugin) {
                    throw new IllegalStateException("plugin \"" + name + "\" is provided twice (by "
                            + provider.getClass().getName() + " and another provider)");
                }
            });
        }
        return new PluginCatalog(found);
    }

    /** This catalog plus {@code name → plugin} (replacing an existing entry). */
    public PluginCatalog with(String name, Plugin<?> plugin) {
        Map<String, Plugin<?>> copy = new LinkedHashMap<>(plugins);
        copy.put(checkName(name), Objects.requireNonNull(plugin, "plugin"));
        return new PluginCatalog(copy);
    }

    /** The plugin named {@code name}; {@code cordis:group} is the loader's and is not listed here. */
    public Optional<Plugin<?>> resolve(String name) {
        return Optional.ofNullable(plugins.get(name));
    }

    /** Whether {@code name} resolves, counting the built-in group. */
    public boolean knows(String name) {
        return EntryRow.GROUP.equals(name) || plugins.containsKey(name);
    }

    /** The specifiers, in registration order. */
    public Set<String> names() {
        return plugins.keySet();
    }

    private static String checkName(String name) {
        if (name == null || name.isBlank() || name.equals(EntryRow.GROUP)) {
            throw new IllegalArgumentException("invalid plugin specifier: " + name);
        }
        return name;
    }
}
