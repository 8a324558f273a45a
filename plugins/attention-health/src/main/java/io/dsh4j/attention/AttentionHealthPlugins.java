package io.dsh4j.attention;

import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.loader.PluginProvider;
import java.util.Map;

/** The loader specifier of the live plugin: {@value AttentionHealthPlugin#SPECIFIER}, the original's package name. */
public final class AttentionHealthPlugins implements PluginProvider {

    @Override
    public Map<String, Plugin<?>> plugins() {
        return Map.of(AttentionHealthPlugin.SPECIFIER, AttentionHealthPlugin.PLUGIN);
    }
}
