package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Plugin;
import java.util.concurrent.CopyOnWriteArrayList;

/** The registry record of one plugin: shared by all of its fibers (Cordis's {@code Plugin.Runtime}). */
final class PluginRuntime {

    final Plugin<?> plugin;
    final CopyOnWriteArrayList<FiberImpl> fibers = new CopyOnWriteArrayList<>();

    PluginRuntime(Plugin<?> plugin) {
        this.plugin = plugin;
    }
}
