package io.dsh4j.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Small test doubles shared by the kernel tests. */
final class Probe {

    static final ServiceKey<Object> FOO = ServiceKey.named("foo");
    static final ServiceKey<Object> BAR = ServiceKey.named("bar");
    static final Notification<String> PING = Notification.named("test/ping");

    private Probe() {}

    /** Counts loads and disposals of one plugin. */
    static final class Counter {
        final AtomicInteger loads = new AtomicInteger();
        final AtomicInteger disposals = new AtomicInteger();
        final List<String> heard = new CopyOnWriteArrayList<>();

        /** A plugin injecting {@code deps} that counts its loads, listens to PING and counts disposals. */
        Plugin<JsonNode> plugin(String name, String... deps) {
            return Plugin.named(name).inject(deps).setup((ctx, config) -> {
                loads.incrementAndGet();
                ctx.on(PING, heard::add);
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
            return Plugin.named(name).inject(deps).apply((ctx, config) -> {
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
