package io.dsh4j.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Services provided and withdrawn from several threads while plugins load and unload. After
 * quiescence (threads joined, kernel idle — no sleeps) every fiber is in the state its dependencies
 * dictate, and every effect of every unloaded load was disposed exactly once.
 */
class KernelStressTest {

    static final int SERVICES = 4;
    static final int PROVIDER_THREADS = 2;
    static final int DEPENDENT_THREADS = 3;
    static final int ROUNDS = 250;
    static final int RACES = 2_000;

    record Dependent(Fiber fiber, List<String> deps) {}

    final Map<Integer, AtomicInteger> disposals = new ConcurrentHashMap<>();
    final AtomicInteger effectIds = new AtomicInteger();
    final List<String> overDisposed = new CopyOnWriteArrayList<>();

    Plugin<JsonNode> dependentPlugin(List<String> deps) {
        return Plugin.named("dependent").inject(Probe.keys(deps.toArray(String[]::new))).setup((ctx, config) -> {
            int id = effectIds.incrementAndGet();
            AtomicInteger count = new AtomicInteger();
            disposals.put(id, count);
            ctx.effect(() -> Effect.of(() -> {
                if (count.incrementAndGet() > 1) {
                    overDisposed.add("effect " + id);
                }
            }), "counted");
        });
    }

    @Test
    void concurrent_providers_and_dependents_converge_and_dispose_every_effect_exactly_once() throws Exception {
        RecordingSink sink = new RecordingSink();
        try (Kernel kernel = Kernel.create(sink)) {
            Context root = kernel.root();
            Map<Integer, Fiber> providers = new ConcurrentHashMap<>();
            List<Dependent> live = new CopyOnWriteArrayList<>();
            List<Fiber> disposed = new CopyOnWriteArrayList<>();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();

            for (int p = 0; p < PROVIDER_THREADS; p++) {
                int self = p;
                threads.add(Thread.ofVirtual().unstarted(() -> {
                    Random random = new Random(1000 + self);
                    await(start);
                    for (int round = 0; round < ROUNDS; round++) {
                        int service = self + PROVIDER_THREADS * random.nextInt(SERVICES / PROVIDER_THREADS);
                        Fiber current = providers.remove(service);
                        if (current != null) {
                            current.dispose().join();
                        } else {
                            ServiceKey<Object> key = ServiceKey.of("s" + service, Object.class);
                            providers.put(service, root.plugin(Probe.provider("provider-" + service, key, round)));
                        }
                    }
                }));
            }
            for (int d = 0; d < DEPENDENT_THREADS; d++) {
                int self = d;
                threads.add(Thread.ofVirtual().unstarted(() -> {
                    Random random = new Random(2000 + self);
                    List<Dependent> mine = new ArrayList<>();
                    await(start);
                    for (int round = 0; round < ROUNDS; round++) {
                        if (!mine.isEmpty() && random.nextInt(3) == 0) {
                            Dependent gone = mine.remove(random.nextInt(mine.size()));
                            live.remove(gone);
                            gone.fiber().dispose().join();
                            disposed.add(gone.fiber());
                        } else {
                            List<String> deps = new ArrayList<>();
                            deps.add("s" + random.nextInt(SERVICES));
                            if (random.nextBoolean()) {
                                String second = "s" + random.nextInt(SERVICES);
                                if (!deps.contains(second)) {
                                    deps.add(second);
                                }
                            }
                            Dependent added = new Dependent(root.plugin(dependentPlugin(deps)), deps);
                            mine.add(added);
                            live.add(added);
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            start.countDown();
            for (Thread t : threads) {
                t.join();
            }
            kernel.awaitIdle();

            // every provider is active; every live dependent is active iff all its services are provided
            assertThat(providers.values()).allSatisfy(f -> assertThat(f.state()).isEqualTo(FiberState.ACTIVE));
            for (Dependent d : live) {
                boolean satisfied = d.deps().stream()
                        .allMatch(name -> providers.containsKey(Integer.parseInt(name.substring(1))));
                assertThat(d.fiber().state()).as("%s with %s", d.fiber(), d.deps())
                        .isEqualTo(satisfied ? FiberState.ACTIVE : FiberState.PENDING);
            }
            assertThat(disposed).allSatisfy(f -> assertThat(f.state()).isEqualTo(FiberState.DISPOSED));

            // one live effect per active dependent; every other effect disposed exactly once
            long active = live.stream().filter(d -> d.fiber().state() == FiberState.ACTIVE).count();
            assertThat(disposals.values().stream().filter(c -> c.get() == 0).count()).isEqualTo(active);
            assertThat(disposals.values()).allSatisfy(c -> assertThat(c.get()).isLessThanOrEqualTo(1));
            assertThat(overDisposed).isEmpty();
            assertThat(sink.at(LogSink.Level.ERROR)).isEmpty();
            assertThat(effectIds.get()).isGreaterThan(ROUNDS); // the run exercised many loads

            // when everything goes
            kernel.close();
            assertThat(disposals.values()).allSatisfy(c -> assertThat(c).hasValue(1));
            assertThat(kernel.registry().size()).isZero();
        }
    }

    @Test
    void disposal_racing_loads_from_other_threads_never_leaves_an_effect_or_a_service_behind() throws Exception {
        RecordingSink sink = new RecordingSink();
        try (Kernel kernel = Kernel.create(sink)) {
            Context root = kernel.root();
            List<Fiber> fibers = new CopyOnWriteArrayList<>();
            ServiceKey<Object> key = ServiceKey.of("raced", Object.class);
            Plugin<JsonNode> plugin = Plugin.named("raced").setup((ctx, config) -> {
                int id = effectIds.incrementAndGet();
                AtomicInteger count = new AtomicInteger();
                disposals.put(id, count);
                ctx.effect(() -> Effect.of(count::incrementAndGet), "counted");
                ctx.provide(key, id); // a leaked provide would make the next mount fail as a duplicate
            });
            for (int round = 0; round < RACES; round++) {
                Fiber fiber = root.plugin(plugin);
                fibers.add(fiber);
                // dispose from a second thread while the load is queued, running or settling
                Thread.ofVirtual().start(() -> fiber.dispose().join()).join();
            }
            kernel.awaitIdle();

            assertThat(fibers).allSatisfy(f -> {
                assertThat(f.state()).isEqualTo(FiberState.DISPOSED);
                assertThat(f.effects()).isEmpty();
            });
            assertThat(disposals.values()).allSatisfy(c -> assertThat(c).hasValue(1));
            assertThat(root.get(key)).isEmpty();
            assertThat(sink.at(LogSink.Level.ERROR)).isEmpty();
            assertThat(kernel.registry().size()).isZero();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
