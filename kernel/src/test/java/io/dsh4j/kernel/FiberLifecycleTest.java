package io.dsh4j.kernel;

import static io.dsh4j.kernel.Probe.FOO;
import static io.dsh4j.kernel.Probe.PING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.config.ConfigValidationException;
import io.dsh4j.kernel.config.Schema;
import io.dsh4j.kernel.internal.KernelRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec §1.5–§1.8 and Appendix B items 1–3: fibers, their states and their reactions to services. */
class FiberLifecycleTest {

    final RecordingSink sink = new RecordingSink();
    final Kernel kernel = Kernel.create(sink);
    final Context root = kernel.root();

    @AfterEach
    void close() {
        kernel.close();
    }

    @Nested
    class AppendixB {

        @Test
        void b1_dependent_waits_for_provider_unloads_with_it_and_reactivates_with_a_new_one() {
            // given
            Probe.Counter counter = new Probe.Counter();
            Fiber dependent = root.plugin(counter.plugin("dependent", "foo"));
            kernel.awaitIdle();
            assertThat(dependent.state()).isEqualTo(FiberState.PENDING);
            assertThat(dependent.waitingFor()).containsExactly("foo");

            // when a provider appears
            Fiber provider = root.plugin(Probe.provider("provider", FOO, "one"));
            kernel.awaitIdle();

            // then
            assertThat(dependent.state()).isEqualTo(FiberState.ACTIVE);
            root.events().emit(PING, "first");
            assertThat(counter.heard).containsExactly("first");

            // when the provider goes
            provider.dispose().join();
            kernel.awaitIdle();

            // then the dependent unloaded and no longer hears
            assertThat(dependent.state()).isEqualTo(FiberState.PENDING);
            assertThat(counter.disposals).hasValue(1);
            root.events().emit(PING, "second");
            assertThat(counter.heard).containsExactly("first");

            // when a new provider appears
            root.plugin(Probe.provider("provider2", FOO, "two"));
            kernel.awaitIdle();

            // then
            assertThat(dependent.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(counter.loads).hasValue(2);
            assertThat(dependent.context().require(FOO)).isEqualTo("two");
        }

        @Test
        void b2_slow_plugin_losing_its_dependency_mid_load_finishes_then_unloads() {
            Fiber provider = root.plugin(Probe.provider("provider", FOO, 1));
            Probe.Gate gate = new Probe.Gate();
            Fiber slow = root.plugin(gate.plugin("slow", "foo"));
            gate.entered.join();
            assertThat(slow.state()).isEqualTo(FiberState.LOADING);

            // when the dependency disappears during the load (its withdrawal waits for the dependent)
            var withdrawn = provider.dispose();
            assertThat(slow.state()).isEqualTo(FiberState.LOADING);
            gate.release();
            withdrawn.join();
            kernel.awaitIdle();

            // then the load finished, then unloaded (its effect was disposed)
            assertThat(slow.state()).isEqualTo(FiberState.PENDING);
            assertThat(gate.loads).hasValue(1);
            assertThat(gate.disposals).hasValue(1);
        }

        @Test
        void b2_reprovision_by_another_provider_during_load_unloads_and_reloads() {
            Fiber first = root.plugin(Probe.provider("first", FOO, 1));
            Probe.Gate gate = new Probe.Gate();
            Fiber slow = root.plugin(gate.plugin("slow", "foo"));
            gate.entered.join();

            var withdrawn = first.dispose();
            root.plugin(Probe.provider("second", FOO, 2));
            gate.release();
            withdrawn.join();
            kernel.awaitIdle();

            assertThat(slow.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(gate.loads).hasValue(2);
            assertThat(gate.disposals).hasValue(1);
            assertThat(slow.context().require(FOO)).isEqualTo(2);
        }

        @Test
        void b3_throwing_plugin_fails_its_listener_is_removed_and_a_valid_sibling_stays_active() {
            Schema schema = Schema.object().field("fail", Schema.bool().defaultValue(false));
            List<String> heard = new CopyOnWriteArrayList<>();
            Plugin<JsonNode> plugin = Plugin.named("fragile", schema).setup((ctx, config) -> {
                ctx.events().on(PING, heard::add);
                if (config.get("fail").booleanValue()) {
                    throw new IllegalStateException("boom");
                }
            });

            Fiber bad = root.plugin(plugin, Map.of("fail", true));
            Fiber good = root.plugin(plugin, Map.of("fail", false));
            kernel.awaitIdle();

            assertThat(bad.state()).isEqualTo(FiberState.FAILED);
            assertThat(bad.error()).get().extracting(Throwable::getMessage).isEqualTo("boom");
            assertThat(good.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(kernel.registry().fibers(plugin)).containsExactly(bad, good);
            root.events().emit(PING, "x");
            assertThat(heard).containsExactly("x"); // only the good fiber's listener is left
            assertThat(sink.at(LogSink.Level.ERROR)).hasSize(1).first()
                    .extracting(RecordingSink.Entry::source).isEqualTo("fragile");
            assertThatThrownBy(bad::await).hasMessage("boom");
        }
    }

    @Nested
    class Invariants {

        /** The state changes of the fibers of {@code plugin}, as {@code internal/status} reports them. */
        List<String> transitionsOf(Plugin<?> plugin) {
            List<String> seen = new CopyOnWriteArrayList<>();
            root.events().on(KernelEvents.STATUS, change -> {
                if (change.fiber().plugin() == plugin) {
                    seen.add(change.previous() + ">" + change.fiber().state());
                }
            });
            return seen;
        }

        @Test
        void i7_inertia_lock_keeps_loading_then_unloads_and_reloads_when_the_service_returns() {
            Fiber provider = root.plugin(Probe.provider("p", FOO, 1));
            Probe.Gate gate = new Probe.Gate();
            Plugin<JsonNode> slowPlugin = gate.plugin("slow", "foo");
            List<String> transitions = transitionsOf(slowPlugin);
            Fiber slow = root.plugin(slowPlugin);
            gate.entered.join();

            // when the dependency vanishes mid-load
            var withdrawn = provider.dispose();
            assertThat(slow.state()).isEqualTo(FiberState.LOADING);
            gate.release();
            withdrawn.join();
            kernel.awaitIdle();

            // then the load finished, then the fiber unloaded (never ACTIVE in between)
            assertThat(transitions).containsExactly("PENDING>LOADING", "LOADING>UNLOADING", "UNLOADING>PENDING");

            // when the service reappears
            root.plugin(Probe.provider("p2", FOO, 2));
            kernel.awaitIdle();
            assertThat(transitions).endsWith("PENDING>LOADING", "LOADING>ACTIVE");
            assertThat(gate.loads).hasValue(2);
            assertThat(gate.disposals).hasValue(1);
        }

        @Test
        void i7_withdraw_and_reprovide_from_the_same_provider_during_load_ends_active() {
            Plugin<JsonNode> toggling = Plugin.named("toggling").setup((ctx, config) -> { });
            Fiber provider = root.plugin(toggling);
            kernel.awaitIdle();
            EffectHandle first = provider.context().provide(FOO, 1);
            Probe.Gate gate = new Probe.Gate();
            Plugin<JsonNode> slowPlugin = gate.plugin("slow", "foo");
            List<String> transitions = transitionsOf(slowPlugin);
            Fiber slow = root.plugin(slowPlugin);
            gate.entered.join();

            first.dispose();
            provider.context().provide(FOO, 2);
            gate.release();
            kernel.awaitIdle();

            assertThat(slow.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(transitions).containsExactly("PENDING>LOADING", "LOADING>ACTIVE");
            assertThat(gate.loads).hasValue(1);
            assertThat(gate.disposals).hasValue(0);
            assertThat(slow.context().require(FOO)).isEqualTo(2);
        }

        @Test
        void i7_disposing_a_provider_plugin_drives_the_dependent_to_pending() {
            Fiber provider = root.plugin(Probe.provider("p", FOO, 1));
            Probe.Counter counter = new Probe.Counter();
            Fiber dependent = root.plugin(counter.plugin("d", "foo"));
            kernel.awaitIdle();
            assertThat(dependent.state()).isEqualTo(FiberState.ACTIVE);
            provider.dispose().join();
            kernel.awaitIdle();
            assertThat(dependent.state()).isEqualTo(FiberState.PENDING);
        }

        @Test
        void i8_throwing_plugin_fails_logs_once_and_removes_its_listener() {
            AtomicInteger heard = new AtomicInteger();
            Fiber fiber = root.plugin(Plugin.named("thrower").setup((ctx, config) -> {
                ctx.events().on(PING, p -> heard.incrementAndGet());
                throw new IllegalArgumentException("bad");
            }));
            kernel.awaitIdle();
            assertThat(fiber.state()).isEqualTo(FiberState.FAILED);
            assertThat(sink.at(LogSink.Level.ERROR)).hasSize(1);
            root.events().emit(PING, "x");
            assertThat(heard).hasValue(0);
        }

        @Test
        void i9_throwing_disposer_is_logged_and_dispose_still_completes() {
            AtomicInteger ran = new AtomicInteger();
            Fiber fiber = root.plugin(Plugin.named("d").setup((ctx, config) -> {
                ctx.effect(() -> Effect.of(ran::incrementAndGet));
                ctx.effect(() -> Effect.of(() -> {
                    throw new IllegalStateException("dispose failed");
                }));
            }));
            fiber.await();
            fiber.dispose().join();
            assertThat(fiber.state()).isEqualTo(FiberState.DISPOSED);
            assertThat(ran).hasValue(1);
            assertThat(sink.at(LogSink.Level.ERROR)).singleElement()
                    .satisfies(e -> assertThat(e.error()).hasMessage("dispose failed"));
        }

        @Test
        void i10_plugins_receive_the_exact_config_and_null_is_rejected() {
            List<Object> seen = new ArrayList<>();
            Fiber fiber = root.plugin(Plugin.named("echo").setup((ctx, config) -> seen.add(config)),
                    Map.of("a", 1));
            fiber.await();
            assertThat(seen).singleElement().hasToString("{\"a\":1}");
            assertThatThrownBy(() -> root.plugin(null))
                    .isInstanceOf(KernelException.class)
                    .hasMessage("invalid plugin, expect function or object with an \"apply\" method, received null");
        }

        @Test
        void i10_a_disposed_context_rejects_plugin_effect_and_on() {
            Fiber fiber = root.plugin(Plugin.named("gone").setup((ctx, config) -> { }));
            fiber.await();
            Context ctx = fiber.context();
            fiber.dispose().join();
            Plugin<JsonNode> child = Plugin.named("child").setup((c, config) -> { });
            for (Runnable attempt : List.<Runnable>of(
                    () -> ctx.plugin(child),
                    () -> ctx.effect(() -> Effect.none()),
                    () -> ctx.events().on(PING, p -> { }))) {
                assertThatThrownBy(attempt::run)
                        .isInstanceOfSatisfying(KernelException.class,
                                e -> assertThat(e.code()).isEqualTo(KernelException.Code.INACTIVE_EFFECT))
                        .hasMessage("cannot create effect on inactive context");
            }
        }

        @Test
        void i11_contexts_print_their_plugin_name_or_inherit_it_or_say_root() {
            assertThat(root).hasToString("Context <root>");
            Fiber named = root.plugin(Plugin.named("outer").setup((ctx, config) -> { }));
            named.await();
            Fiber anonymous = named.context().inject(List.of(), ctx -> { });
            anonymous.await();
            assertThat(named.context()).hasToString("Context <outer>");
            assertThat(anonymous.context()).hasToString("Context <outer>");
        }

        @Test
        void i12_nested_plugins_leave_registry_and_hooks_as_before_after_disposal() {
            KernelRuntime runtime = (KernelRuntime) kernel;
            int registryBefore = kernel.registry().size();
            int hooksBefore = runtime.listenerCount(PING.name());
            Plugin<JsonNode> leaf = Plugin.named("leaf").setup((ctx, config) -> ctx.events().on(PING, p -> { }));
            Plugin<JsonNode> outer = Plugin.named("outer").setup((ctx, config) -> {
                ctx.events().on(PING, p -> { });
                ctx.plugin(leaf);
                ctx.plugin(leaf);
            });

            Fiber fiber = root.plugin(outer);
            kernel.awaitIdle();
            assertThat(kernel.registry().size()).isEqualTo(registryBefore + 2);
            assertThat(runtime.listenerCount(PING.name())).isEqualTo(hooksBefore + 3);

            fiber.dispose().join();
            kernel.awaitIdle();
            assertThat(kernel.registry().size()).isEqualTo(registryBefore);
            assertThat(runtime.listenerCount(PING.name())).isEqualTo(hooksBefore);

            root.plugin(outer);
            kernel.awaitIdle();
            assertThat(kernel.registry().size()).isEqualTo(registryBefore + 2);
            assertThat(runtime.listenerCount(PING.name())).isEqualTo(hooksBefore + 3);
        }

        @Test
        void the_registry_keeps_one_record_per_plugin_for_all_its_fibers_and_delete_disposes_them() {
            Probe.Counter counter = new Probe.Counter();
            Plugin<JsonNode> plugin = counter.plugin("twice");
            Fiber one = root.plugin(plugin);
            Fiber two = root.plugin(plugin);
            kernel.awaitIdle();
            assertThat(kernel.registry().has(plugin)).isTrue();
            assertThat(kernel.registry().fibers(plugin)).containsExactly(one, two);

            kernel.registry().delete(plugin).join();
            assertThat(kernel.registry().has(plugin)).isFalse();
            assertThat(List.of(one.state(), two.state())).containsOnly(FiberState.DISPOSED);
            assertThat(counter.disposals).hasValue(2);
        }

        @Test
        void i13_root_is_uid_0_first_plugin_uid_1_and_disposing_root_runs_children_once() {
            AtomicInteger disposed = new AtomicInteger();
            Fiber first = root.plugin(Plugin.named("a").setup((ctx, config) ->
                    ctx.effect(() -> Effect.of(disposed::incrementAndGet))));
            first.await();
            assertThat(root.fiber().uid()).isZero();
            assertThat(first.uid()).isEqualTo(1);

            root.fiber().dispose().join();
            kernel.awaitIdle();
            assertThat(disposed).hasValue(1);
            assertThat(first.state()).isEqualTo(FiberState.DISPOSED);
            assertThat(root.fiber().state()).isEqualTo(FiberState.ACTIVE);

            Fiber again = root.plugin(Plugin.named("b").setup((ctx, config) -> { }));
            again.await();
            assertThat(again.state()).isEqualTo(FiberState.ACTIVE);
            root.fiber().dispose().join();
            assertThat(disposed).hasValue(1);
        }

        @Test
        void i14_service_init_runs_once_on_load_and_its_disposer_once_on_dispose() {
            AtomicInteger inits = new AtomicInteger();
            AtomicInteger disposals = new AtomicInteger();
            Plugin<JsonNode> plugin = Plugin.named("svc").service((ctx, config) -> new Service(ctx, FOO) {
                @Override
                protected Effect init() {
                    inits.incrementAndGet();
                    return Effect.of(disposals::incrementAndGet);
                }
            });
            Fiber fiber = root.plugin(plugin);
            fiber.await();
            assertThat(inits).hasValue(1);
            fiber.dispose().join();
            fiber.dispose().join();
            assertThat(disposals).hasValue(1);
        }

        @Test
        void i16_dependent_of_a_service_with_async_init_waits_for_the_init() {
            var initStarted = new CompletableFuture<Void>();
            var initDone = new CompletableFuture<Disposer>();
            Plugin<JsonNode> slowService = Plugin.named("slow-service").service((ctx, config) -> new Service(ctx, FOO) {
                @Override
                protected Effect init() {
                    initStarted.complete(null);
                    return Effect.async(initDone);
                }
            });
            Probe.Counter counter = new Probe.Counter();
            Fiber dependent = root.plugin(counter.plugin("dependent", "foo"));
            Fiber service = root.plugin(slowService);
            initStarted.join();
            dependent.settled().join(); // the dependent's own transitions are over: it is waiting
            assertThat(service.state()).isEqualTo(FiberState.LOADING);
            assertThat(dependent.state()).isEqualTo(FiberState.PENDING);
            assertThat(counter.loads).hasValue(0);

            initDone.complete(null);
            kernel.awaitIdle();
            assertThat(service.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(dependent.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(counter.loads).hasValue(1);
        }

        @Test
        void i16_interleaved_services_initialise_exactly_once_in_any_load_order() {
            for (List<String> order : List.of(List.of("a", "b", "c"), List.of("a", "c", "b"), List.of("b", "a", "c"),
                    List.of("b", "c", "a"), List.of("c", "a", "b"), List.of("c", "b", "a"))) {
                // given a <- b <- c (b injects a; c injects a and b)
                Map<String, AtomicInteger> inits = Map.of("a", new AtomicInteger(), "b", new AtomicInteger(),
                        "c", new AtomicInteger());
                Map<String, Plugin<JsonNode>> plugins = Map.of(
                        "a", Plugin.named("a").service((ctx, config) -> {
                            inits.get("a").incrementAndGet();
                            return new Service(ctx, ServiceKey.of("a", Object.class)) { };
                        }),
                        "b", Plugin.named("b").inject(Probe.key("a")).service((ctx, config) -> {
                            inits.get("b").incrementAndGet();
                            return new Service(ctx, ServiceKey.of("b", Object.class)) { };
                        }),
                        "c", Plugin.named("c").inject(Probe.key("a"), Probe.key("b")).setup((ctx, config) -> inits.get("c").incrementAndGet()));

                // when mounted in this order
                List<Fiber> fibers = order.stream().map(name -> root.plugin(plugins.get(name))).toList();
                kernel.awaitIdle();

                // then
                assertThat(fibers).as("order %s", order)
                        .allSatisfy(f -> assertThat(f.state()).isEqualTo(FiberState.ACTIVE));
                assertThat(inits.values()).as("order %s", order).allSatisfy(n -> assertThat(n).hasValue(1));
                kernel.close();
            }
        }
    }

    @Nested
    class ConfigAtLoad {

        @Test
        void a_config_failing_its_schema_leaves_the_fiber_failed_and_says_why() {
            Schema schema = Schema.object().field("limit", Schema.natural().min(1).defaultValue(10));
            Fiber fiber = root.plugin(Plugin.named("limited", schema).setup((ctx, config) -> { }), Map.of("limit", 0));
            kernel.awaitIdle();
            assertThat(fiber.state()).isEqualTo(FiberState.FAILED);
            assertThat(fiber.error()).get().isInstanceOf(ConfigValidationException.class)
                    .extracting(Throwable::getMessage)
                    .isEqualTo("invalid config:\n  - expected number >= 1 but got 0 (at limit)");
        }

        @Test
        void update_of_an_active_fiber_validates_before_restarting_and_restarts_with_the_new_config() {
            Schema schema = Schema.object().field("limit", Schema.natural().defaultValue(10));
            List<Object> seen = new CopyOnWriteArrayList<>();
            Fiber fiber = root.plugin(Plugin.named("limited", schema).setup((ctx, config) -> seen.add(config)));
            fiber.await();
            assertThatThrownBy(() -> fiber.update(Map.of("limit", -1)))
                    .isInstanceOf(ConfigValidationException.class);
            assertThat(fiber.state()).isEqualTo(FiberState.ACTIVE);
            fiber.update(Map.of("limit", 3)).join();
            assertThat(seen).extracting(Object::toString).containsExactly("{\"limit\":10}", "{\"limit\":3}");
        }

        @Test
        void a_failed_fiber_retries_on_update_with_a_valid_config() {
            Schema schema = Schema.object().field("limit", Schema.natural());
            Fiber fiber = root.plugin(Plugin.named("limited", schema).setup((ctx, config) -> { }), Map.of("limit", "x"));
            kernel.awaitIdle();
            assertThat(fiber.state()).isEqualTo(FiberState.FAILED);
            fiber.update(Map.of("limit", 2)).join();
            assertThat(fiber.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(fiber.error()).isEmpty();
        }
    }

    @Nested
    class ChangesDuringALoad {

        @Test
        void a_load_failing_after_its_dependency_was_replaced_retries_with_the_new_provider() {
            // given a plugin whose first load fails late, after its provider was replaced during it
            CompletableFuture<Disposer> firstLoad = new CompletableFuture<>();
            CompletableFuture<Void> entered = new CompletableFuture<>();
            List<Object> loadedWith = new CopyOnWriteArrayList<>();
            Plugin<JsonNode> late = Plugin.named("late").inject(Probe.key("foo")).apply((ctx, config) -> {
                loadedWith.add(ctx.require(FOO));
                if (loadedWith.size() == 1) {
                    entered.complete(null);
                    return Effect.async(firstLoad);
                }
                return Effect.none();
            });
            Fiber first = root.plugin(Probe.provider("first", FOO, "first"));
            Fiber fiber = root.plugin(late);
            entered.join();
            first.dispose(); // completes only after the dependent settled
            root.plugin(Probe.provider("second", FOO, "second")).await(); // the dependent has seen it

            // when the first load fails
            firstLoad.completeExceptionally(new IllegalStateException("late failure"));
            kernel.awaitIdle();

            // then the failure is not the last word: the fiber loaded again with the new provider
            assertThat(loadedWith).containsExactly("first", "second");
            assertThat(fiber.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(fiber.error()).isEmpty();
            assertThat(sink.at(LogSink.Level.ERROR)).singleElement()
                    .satisfies(e -> assertThat(e.error()).hasMessage("late failure"));
        }

        @Test
        void a_load_failing_with_unchanged_dependencies_waits_for_them_to_change() {
            CompletableFuture<Disposer> load = new CompletableFuture<>();
            AtomicInteger loads = new AtomicInteger();
            Fiber provider = root.plugin(Probe.provider("provider", FOO, 1));
            Fiber fiber = root.plugin(Plugin.named("late").inject(Probe.key("foo")).apply((ctx, config) ->
                    loads.incrementAndGet() == 1 ? Effect.async(load) : Effect.none()));
            provider.await();
            load.completeExceptionally(new IllegalStateException("boom"));
            kernel.awaitIdle();
            assertThat(fiber.state()).isEqualTo(FiberState.FAILED);
            assertThat(loads).hasValue(1);

            provider.restart().join(); // the service disappears and reappears
            kernel.awaitIdle();
            assertThat(fiber.state()).isEqualTo(FiberState.ACTIVE);
            assertThat(loads).hasValue(2);
        }

        @Test
        void update_during_a_slow_load_reloads_with_the_new_config_when_it_ends() {
            Schema schema = Schema.object().field("limit", Schema.natural().defaultValue(1));
            List<String> seen = new CopyOnWriteArrayList<>();
            CompletableFuture<Disposer> firstLoad = new CompletableFuture<>();
            CompletableFuture<Void> entered = new CompletableFuture<>();
            AtomicInteger disposals = new AtomicInteger();
            Fiber fiber = root.plugin(Plugin.named("slow", schema).apply((ctx, config) -> {
                seen.add(config.toString());
                if (seen.size() == 1) {
                    entered.complete(null);
                    return Effect.async(firstLoad);
                }
                return Effect.none();
            }), Map.of("limit", 1));
            entered.join();

            fiber.update(Map.of("limit", 2)); // the fiber is LOADING
            firstLoad.complete(disposals::incrementAndGet);
            kernel.awaitIdle();

            assertThat(seen).containsExactly("{\"limit\":1}", "{\"limit\":2}");
            assertThat(fiber.config()).hasToString("{\"limit\":2}");
            assertThat(disposals).hasValue(1); // the stale load was undone
            assertThat(fiber.state()).isEqualTo(FiberState.ACTIVE);
        }

        @Test
        void restart_during_a_slow_load_runs_the_plugin_again_after_it() {
            Probe.Gate gate = new Probe.Gate();
            Fiber fiber = root.plugin(gate.plugin("slow"));
            gate.entered.join();
            CompletableFuture<Fiber> restarted = fiber.restart();
            gate.release();
            restarted.join();
            kernel.awaitIdle();
            assertThat(gate.loads).hasValue(2);
            assertThat(gate.disposals).hasValue(1);
            assertThat(fiber.state()).isEqualTo(FiberState.ACTIVE);
        }
    }

    @Test
    void a_fiber_created_while_its_provider_activates_loads_once() {
        // given a provider that activates between the new fiber's publication and its first check
        CompletableFuture<Disposer> providerSetup = new CompletableFuture<>();
        Fiber provider = root.plugin(Plugin.named("provider").apply((ctx, config) -> {
            ctx.provide(FOO, 1);
            return Effect.async(providerSetup); // LOADING until the subject is being created
        }));
        Plugin<JsonNode> subject = Plugin.named("subject", Schema.object().field("limit", Schema.natural()))
                .inject(Probe.key("foo")).setup((ctx, config) -> { });
        root.events().on(KernelEvents.PLUGIN, fiber -> {
            if (fiber.plugin() == subject && !fiber.isDisposed()) {
                // on the creating thread, after publication and before the fiber's first check is queued
                providerSetup.complete(null);
                kernel.awaitIdle();
            }
        });

        // when
        Fiber fiber = root.plugin(subject, Map.of("limit", -1));
        kernel.awaitIdle();

        // then it was loaded (and failed) once, not once per way it learnt of the provider
        assertThat(provider.state()).isEqualTo(FiberState.ACTIVE);
        assertThat(fiber.state()).isEqualTo(FiberState.FAILED);
        assertThat(sink.at(LogSink.Level.ERROR)).hasSize(1);
    }

    @Test
    void plugin_code_never_runs_inside_the_call_that_mounted_it() {
        List<String> order = new CopyOnWriteArrayList<>();
        Plugin<JsonNode> inner = Plugin.named("inner").setup((ctx, config) -> order.add("inner apply"));
        Plugin<JsonNode> outer = Plugin.named("outer").setup((ctx, config) -> {
            order.add("outer apply start");
            ctx.plugin(inner);
            order.add("outer apply end");
        });
        root.plugin(outer);
        order.add("mounted");
        kernel.awaitIdle();
        assertThat(order).containsSubsequence("outer apply start", "outer apply end", "inner apply");
        assertThat(order.indexOf("inner apply")).isGreaterThan(order.indexOf("outer apply end"));
    }

    @Test
    void a_fiber_pending_on_a_missing_service_settles_at_once() {
        Fiber fiber = root.plugin(new Probe.Counter().plugin("waiting", "nothing-provides-this"));
        assertThat(fiber.settled().join()).isSameAs(fiber);
        assertThat(fiber.state()).isEqualTo(FiberState.PENDING);
    }

    @Test
    void an_unload_starts_the_fibers_disposers_in_reverse_order_and_waits_for_its_children() {
        // spec 1.6.6: disposers start in reverse registration order; asynchronous ones (a child
        // fiber's teardown) overlap, and the unload ends when they have
        List<String> order = new CopyOnWriteArrayList<>();
        Notification<String> event = Notification.of("test/order", String.class);
        Plugin<JsonNode> child = Plugin.named("child").setup((c, cfg) ->
                c.effect(() -> Effect.of(() -> order.add("child's effect"))));
        root.events().on(KernelEvents.PLUGIN, f -> {
            if (f.plugin() == child && f.isDisposed()) {
                order.add("child 3");
            }
        });
        Fiber fiber = root.plugin(Plugin.named("ordered").setup((ctx, config) -> {
            ctx.effect(() -> Effect.of(() -> order.add("effect 1")));
            ctx.events().on(event, p -> { }).whenDisposed().thenRun(() -> order.add("listener 2"));
            ctx.plugin(child);
            ctx.effect(() -> Effect.of(() -> order.add("effect 4")));
        }));
        kernel.awaitIdle();
        fiber.dispose().join();
        assertThat(order).containsExactly("effect 4", "child 3", "listener 2", "effect 1", "child's effect");
    }

    @Test
    void dispose_is_idempotent_and_final() {
        Probe.Counter counter = new Probe.Counter();
        Fiber fiber = root.plugin(counter.plugin("once"));
        fiber.await();
        fiber.dispose().join();
        fiber.dispose().join();
        assertThat(fiber.state()).isEqualTo(FiberState.DISPOSED);
        assertThat(fiber.isDisposed()).isTrue();
        assertThat(counter.disposals).hasValue(1);
        assertThatThrownBy(fiber::restart).isInstanceOf(KernelException.class);
    }
}
