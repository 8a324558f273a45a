package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.PluginRegistry;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** The plugin registry, keyed by plugin identity. Thread-safe. */
final class Registry implements PluginRegistry {

    private final Map<Plugin<?>, PluginRuntime> runtimes = new IdentityHashMap<>();

    synchronized void attach(FiberImpl fiber) {
        runtimes.computeIfAbsent(fiber.plugin(), PluginRuntime::new).fibers.add(fiber);
    }

    synchronized void detach(FiberImpl fiber) {
        PluginRuntime runtime = runtimes.get(fiber.plugin());
        if (runtime != null && runtime.fibers.remove(fiber) && runtime.fibers.isEmpty()) {
            runtimes.remove(fiber.plugin());
        }
    }

    /** Every live fiber, for service notification. */
    synchronized List<FiberImpl> allFibers() {
        List<FiberImpl> all = new ArrayList<>();
        for (PluginRuntime r : runtimes.values()) {
            all.addAll(r.fibers);
        }
        return all;
    }

    @Override
    public synchronized int size() {
        return runtimes.size();
    }

    @Override
    public synchronized boolean has(Plugin<?> plugin) {
        return runtimes.containsKey(plugin);
    }

    @Override
    public synchronized List<Fiber> fibers(Plugin<?> plugin) {
        PluginRuntime r = runtimes.get(plugin);
        return r == null ? List.of() : List.copyOf(r.fibers);
    }

    @Override
    public CompletableFuture<Void> delete(Plugin<?> plugin) {
        List<Fiber> fibers = fibers(plugin);
        return CompletableFuture.allOf(fibers.stream().map(Fiber::dispose).toArray(CompletableFuture[]::new));
    }
}
