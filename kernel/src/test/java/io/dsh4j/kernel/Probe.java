package io.dsh4j.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Small test doubles shared by the kernel tests. */
final class Probe {

    static final ServiceKey<Object> FOO = ServiceKey.of("foo", Object.class);
    static final ServiceKey<Object> BAR = ServiceKey.of("bar", Object.class);
    static final Notification<String> PING = Notification.of("test/ping", String.class);

    private Probe() {}

    /** An untyped test service key. */
    static ServiceKey<Object> key(String name) {
        return ServiceKey.of(name, Object.class);
    }

    /** Untyped test service keys. */
    static ServiceKey<?>[] keys(String... names) {
        ServiceKey<?>[] keys = new ServiceKey<?>[names.length];
        for (int i = 0; i < names.length; i++) {
            keys[i] = key(names[i]);
        }
        return keys;
    }

    /** Counts loads and disposals of one plugin. */
    static final class Counter {
        final AtomicInteger loads = new AtomicInteger();
        final AtomicInteger disposals = new AtomicInteger();
        final List<String> heard = new CopyOnWriteArrayList<>();

        /** A plugin injecting {@code deps} that counts its loads, listens to PING and counts disposals. */
        Plugin<JsonNode> plugin(String name, String... deps) {
            return Plugin.named(name).inject(keys(deps)).setup((ctx, config) -> {
                loads.incrementAndGet();
                ctx.events().on(PING, heard::add);
                ctx.effect(() -> Effect.of(disposals::incrementAndGet), "counted");
            });
        }
    }

    /** A plugin whose load blocks until {@link #release()} (a slow async apply). */
    static final class Gate {
        final CompletableFuture<Void> open = new CompletableFuture<>();
        final CompletableFuture<Void> entered = new CompletableFuture<>();
        final AtomicInteger loads = new AtomicInteger();
        final AtomicInteger disposals = new AtomicInteger();

        Plugin<JsonNode> plugin(String name, String... deps) {
            return Plugin.named(name).inject(keys(deps)).apply((ctx, config) -> {
                loads.incrementAndGet();
                entered.complete(null);
                return Effect.async(open.thenApply(v -> (Disposer) disposals::incrementAndGet));
            });
        }

        void release() {
            open.complete(null);
        }
    }

    /** A plugin that provides {@code key} with {@code value}. */
    static Plugin<JsonNode> provider(String name, ServiceKey<Object> key, Object value) {
        return Plugin.named(name).setup((ctx, config) -> ctx.provide(key, value));
    }
}
