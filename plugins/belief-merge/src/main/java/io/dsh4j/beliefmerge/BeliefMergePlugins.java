package io.dsh4j.beliefmerge;

import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.loader.PluginProvider;
import java.util.Map;

/** The loader specifier of the live plugin: {@value BeliefMergePlugin#SPECIFIER}, the original's package name. */
public final class BeliefMergePlugins implements PluginProvider {

    @Override
    public Map<String, Plugin<?>> plugins() {
        return Map.of(BeliefMergePlugin.SPECIFIER, BeliefMergePlugin.PLUGIN);
    }
}
