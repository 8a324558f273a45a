package io.dsh4j.kernel;

import static io.dsh4j.kernel.Probe.FOO;
import static io.dsh4j.kernel.Probe.PING;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The fiber lifecycle over the cross product plugin shape × dependency arrival × failure point, in the
 * style of Caffeine's {@code @CacheSpec}: one generic scenario, its expectations derived from the
 * coordinates, every effect of every load counted.
 */
class LifecycleMatrixTest {

    /** How the plugin is written. */
    enum Shape { SETUP, STEPS, SERVICE, ASYNC }

    /**
     * When its dependency {@code foo} arrives: before the mount; before it, then replaced by another
     * provider during the load; before it, then withdrawn for good during the load; or after the mount.
     */
    enum Arrival { BEFORE, DURING, LOST, AFTER }

    /** Where it fails. */
    enum Failure {
        NONE, CONFIG, APPLY, ASYNC, DISPOSER;

        boolean fails() {
            return this == CONFIG || this == APPLY || this == ASYNC;
        }
    }

    record Scenario(Shape shape, Arrival arrival, Failure failure) {
        boolean valid() {
            return failure != Failure.ASYNC || shape == Shape.ASYNC;
        }

        @Override
        public String toString() {
            return shape + " plugin, dependency " + arrival + " load, failure " + failure;
        }
    }

    static final ConfigSchema<JsonNode> SCHEMA = Schema.object().field("limit", Schema.natural().defaultValue(1));

    /** What a scenario observed. */
    static final class Tracker {
        final AtomicInteger loads = new AtomicInteger();
        final AtomicInteger ids = new AtomicInteger();
        final Map<Integer, AtomicInteger> disposals = new ConcurrentHashMap<>();
        final List<String> heard = new CopyOnWriteArrayList<>();
        final List<String> overDisposed = new CopyOnWriteArrayList<>();

        Disposer counted() {
            int id = ids.incrementAndGet();
            AtomicInteger count = new AtomicInteger();
            disposals.put(id, count);
            return () -> {
                if (count.incrementAndGet() > 1) {
                    overDisposed.add("effect " + id);
                }
            };
        }

        Disposer failing() {
            Disposer counted = counted();
            return () -> {
                counted.dispose();
                throw new IllegalStateException("disposer failure");
            };
        }

        long live() {
            return disposals.values().stream().filter(c -> c.get() == 0).count();
        }
    }

    @TestFactory
    Stream<DynamicTest> lifecycle_over_shape_arrival_and_failure() {
        List<Scenario> scenarios = new ArrayList<>();
        for (Shape shape : Shape.values()) {
            for (Arrival arrival : Arrival.values()) {
                for (Failure failure : Failure.values()) {
                    Scenario s = new Scenario(shape, arrival, failure);
                    if (s.valid()) {
                        scenarios.add(s);
                    }
                }
            }
        }
        return scenarios.stream().map(s -> DynamicTest.dynamicTest(s.toString(), () -> run(s)));
    }

    private void run(Scenario s) {
        RecordingSink sink = new RecordingSink();
        Tracker t = new Tracker();
        try (Kernel kernel = Kernel.create(sink)) {
            Context root = kernel.root();
            AtomicBoolean changed = new AtomicBoolean(s.arrival() != Arrival.DURING && s.arrival() != Arrival.LOST);
            Fiber[] provider = new Fiber[1];
            Runnable duringLoad = () -> {
                if (changed.compareAndSet(false, true)) {
                    provider[0].dispose(); // withdrawn while this load runs …
                    if (s.arrival() == Arrival.DURING) { // … and replaced
                        provider[0] = root.plugin(Probe.provider("second-provider", FOO, "second"));
                    }
                }
            };
            Plugin<JsonNode> plugin = build(s, t, duringLoad);
            Object config = s.failure() == Failure.CONFIG ? Map.of("limit", -1) : Map.of();

            Fiber fiber;
            if (s.arrival() == Arrival.AFTER) {
                fiber = root.plugin(plugin, config);
                kernel.awaitIdle();
                assertThat(fiber.state()).isEqualTo(FiberState.PENDING);
                assertThat(t.loads).hasValue(0);
                provider[0] = root.plugin(Probe.provider("provider", FOO, "first"));
            } else {
                provider[0] = root.plugin(Probe.provider("provider", FOO, "first"));
                fiber = root.plugin(plugin, config);
            }
            kernel.awaitIdle();

            // then: the state the coordinates dictate
            FiberState expected = s.failure().fails() ? FiberState.FAILED
                    : s.arrival() == Arrival.LOST ? FiberState.PENDING : FiberState.ACTIVE;
            assertThat(fiber.state()).as("state").isEqualTo(expected);
            int applies = s.failure() == Failure.CONFIG ? 0 : (s.arrival() == Arrival.DURING ? 2 : 1);
            assertThat(t.loads).as("loads").hasValue(applies);
            root.events().emit(PING, "ping");
            assertThat(t.heard).as("listener alive iff active").hasSize(expected == FiberState.ACTIVE ? 1 : 0);
            assertThat(t.live()).as("live effects").isEqualTo(expected == FiberState.ACTIVE ? effectsPerLoad(s) : 0);
            if (expected == FiberState.ACTIVE) {
                assertThat(fiber.context().require(FOO))
                        .isEqualTo(s.arrival() == Arrival.DURING ? "second" : "first");
            }
            int logged = switch (s.failure()) {
                case NONE -> 0;
                case CONFIG -> 1;
                case APPLY, ASYNC -> applies;
                // the failing disposer of a load that was undone
                case DISPOSER -> s.arrival() == Arrival.DURING || s.arrival() == Arrival.LOST ? 1 : 0;
            };
            assertThat(sink.at(LogSink.Level.ERROR)).as("failures logged once each").hasSize(logged);

            // when the fiber goes: every effect of every load was disposed exactly once
            fiber.dispose().join();
            kernel.awaitIdle();
            assertThat(t.overDisposed).isEmpty();
            assertThat(t.disposals.values()).allSatisfy(c -> assertThat(c).hasValue(1));
            assertThat(fiber.state()).isEqualTo(FiberState.DISPOSED);
        }
    }

    private static int effectsPerLoad(Scenario s) {
        return 1 + (s.failure() == Failure.DISPOSER ? 1 : 0) + (s.shape() == Shape.ASYNC ? 1 : 0);
    }

    /** Registers the scenario's effects through {@code ctx}, failing where the scenario says. */
    private static void body(Scenario s, Tracker t, Context ctx, Runnable duringLoad, boolean async) {
        t.loads.incrementAndGet();
        duringLoad.run();
        ctx.events().on(PING, t.heard::add);
        ctx.effect(() -> Effect.of(t.counted()), "counted");
        if (s.failure() == Failure.DISPOSER) {
            ctx.effect(() -> Effect.of(t.failing()), "failing");
        }
        if (s.failure() == Failure.APPLY && !async) {
            throw new IllegalStateException("apply failure");
        }
    }

    private static Plugin<JsonNode> build(Scenario s, Tracker t, Runnable duringLoad) {
        Plugin.Builder<JsonNode> builder = Plugin.named("subject", SCHEMA).inject(Probe.key("foo"));
        return switch (s.shape()) {
            case SETUP -> builder.setup((ctx, config) -> body(s, t, ctx, duringLoad, false));
            case STEPS -> builder.apply((ctx, config) -> Effect.steps(sink -> {
                t.loads.incrementAndGet();
                duringLoad.run();
                sink.add(ctx.events().on(PING, t.heard::add));
                sink.add(t.counted());
                if (s.failure() == Failure.DISPOSER) {
                    sink.add(t.failing());
                }
                if (s.failure() == Failure.APPLY) {
                    throw new IllegalStateException("apply failure");
                }
            }));
            case SERVICE -> builder.service((ctx, config) -> new Service(ctx, ServiceKey.of("subject", Object.class)) {
                @Override
                protected Effect init() {
                    body(s, t, ctx(), duringLoad, false);
                    return Effect.none();
                }
            });
            case ASYNC -> builder.apply((ctx, config) -> {
                if (s.failure() == Failure.APPLY) {
                    t.loads.incrementAndGet();
                    duringLoad.run();
                    ctx.events().on(PING, t.heard::add);
                    throw new IllegalStateException("apply failure before the async part");
                }
                return Effect.blocking(() -> {
                    body(s, t, ctx, duringLoad, true);
                    if (s.failure() == Failure.ASYNC) {
                        throw new IllegalStateException("async failure");
                    }
                    return t.counted();
                });
            });
        };
    }
}
