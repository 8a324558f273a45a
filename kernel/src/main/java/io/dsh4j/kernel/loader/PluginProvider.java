package io.dsh4j.kernel.loader;

import io.dsh4j.kernel.Plugin;
import java.util.Map;

/**
 * Contributes plugins to the {@link PluginCatalog}, found with {@link java.util.ServiceLoader}: list the
 * implementation in {@code META-INF/services/io.dsh4j.kernel.loader.PluginProvider}. The keys are the
 * specifiers entry rows use as {@code name} — keep DSH's package names where a plugin ports one
 * ({@code @deepseek-ai/dsh-tools}).
 */
@FunctionalInterface
public interface PluginProvider {

    /** Specifier → plugin; each plugin a constant (the registry keys plugins by identity). */
    Map<String, Plugin<?>> plugins();
}
