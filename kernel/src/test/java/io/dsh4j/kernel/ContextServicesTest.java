package io.dsh4j.kernel;

import static io.dsh4j.kernel.Probe.BAR;
import static io.dsh4j.kernel.Probe.FOO;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §1.2–§1.4, §1.7, §1.12; invariants 15, 16 (traceable effect) and 17. */
class ContextServicesTest {

    final Kernel kernel = Kernel.create(new RecordingSink());
    final Context root = kernel.root();

    @AfterEach
    void close() {
        kernel.close();
    }

    Fiber mount(Plugin<JsonNode> plugin) {
        Fiber fiber = root.plugin(plugin);
        kernel.awaitIdle();
        return fiber;
    }

    @Test
    void extend_derives_a_child_with_metadata_and_leaves_the_parent_alone() {
        ContextKey<String> agent = ContextKey.of("agent", String.class);
        Context child = root.extend(agent, "a1");
        Context grandchild = child.extend(ContextKey.of("other", Integer.class), 3);
        assertThat(child.meta(agent)).contains("a1");
        assertThat(grandchild.meta(agent)).contains("a1");
        assertThat(root.meta(agent)).isEmpty();
        assertThat(child.extend(agent, "a2").meta(agent)).contains("a2");
        assertThat(child.fiber()).isSameAs(root.fiber());
    }

    @Test
    void i15_reading_an_uninjected_service_throws_without_inject() {
        AtomicReference<Throwable> error = new AtomicReference<>();
        mount(Plugin.named("reader").setup((ctx, config) -> {
            try {
                ctx.require(BAR);
            } catch (KernelException e) {
                error.set(e);
            }
        }));
        assertThat(error.get()).hasMessage("cannot get property \"bar\" without inject")
                .extracting(e -> ((KernelException) e).code()).isEqualTo(KernelException.Code.SERVICE_WITHOUT_INJECT);
    }

    @Test
    void i15_writing_without_provide_throws_and_the_provider_may_assign() {
        assertThatThrownBy(() -> root.set(FOO, 1)).hasMessage("cannot set property \"foo\" without provide");
        Fiber provider = mount(Probe.provider("provider", FOO, 1));
        assertThatThrownBy(() -> root.set(FOO, 2)).hasMessage("cannot set property \"foo\" in multiple fibers");
        provider.context().set(FOO, 2);
        assertThat(root.get(FOO)).contains(2);
    }

    @Test
    void i15_providing_twice_names_the_first_provider() {
        root.provide(FOO, 1);
        assertThatThrownBy(() -> root.provide(FOO, 2))
                .isInstanceOfSatisfying(KernelException.class,
                        e -> assertThat(e.code()).isEqualTo(KernelException.Code.DUPLICATE_SERVICE))
                .hasMessage("service \"foo\" has been registered at <root>");
    }

    @Test
    void two_service_keys_with_one_name_and_different_types_are_refused_at_registration() {
        ServiceKey<String> textFoo = ServiceKey.of("foo", String.class);
        root.provide(FOO, 1);
        assertThatThrownBy(() -> root.provide(textFoo, "x"))
                .isInstanceOfSatisfying(KernelException.class,
                        e -> assertThat(e.code()).isEqualTo(KernelException.Code.TYPE_CONFLICT))
                .hasMessage("service \"foo\" is declared as java.lang.Object, not java.lang.String");
        assertThatThrownBy(() -> root.plugin(Plugin.named("typed").inject(textFoo).setup((ctx, config) -> { })))
                .isInstanceOf(KernelException.class).hasMessageContaining("declared as java.lang.Object");
        assertThatThrownBy(() -> root.require(textFoo)).isInstanceOf(KernelException.class)
                .hasMessageContaining("not java.lang.String");
        assertThatThrownBy(() -> root.get(textFoo)).isInstanceOf(KernelException.class);
        assertThat(kernel.registry().size()).isZero(); // the refused plugin made no fiber
        assertThat(root.require(ServiceKey.of("foo", Object.class))).isEqualTo(1); // an equal key is the same
    }

    @Test
    void service_types_are_per_kernel() {
        root.provide(FOO, 1);
        try (Kernel other = Kernel.create(new RecordingSink())) {
            ServiceKey<String> textFoo = ServiceKey.of("foo", String.class);
            other.root().provide(textFoo, "x");
            assertThat(other.root().require(textFoo)).isEqualTo("x");
        }
    }

    @Test
    void a_host_mount_adds_a_row_injection_and_refuses_a_context_of_another_kernel() {
        Fiber fiber = kernel.host().mount(root, Plugin.named("row").setup((ctx, config) -> { }), null, List.of("foo"));
        kernel.awaitIdle();
        assertThat(fiber.inject()).containsExactly("foo");
        assertThat(fiber.state()).isEqualTo(FiberState.PENDING);
        root.provide(FOO, 1);
        kernel.awaitIdle();
        assertThat(fiber.state()).isEqualTo(FiberState.ACTIVE);
        try (Kernel other = Kernel.create(new RecordingSink())) {
            assertThatThrownBy(() -> other.host().mount(root, Plugin.named("x").setup((c, cfg) -> { }), null, List.of()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another kernel");
        }
    }

    @Test
    void i15_a_disposed_injecting_fiber_throws_in_inactive_context() {
        root.provide(FOO, 1);
        Fiber fiber = mount(Plugin.named("user").inject(Probe.key("foo")).setup((ctx, config) -> { }));
        assertThat(fiber.context().require(FOO)).isEqualTo(1);
        fiber.dispose().join();
        assertThatThrownBy(() -> fiber.context().require(FOO))
                .hasMessage("cannot get required service \"foo\" in inactive context");
        assertThat(root.require(FOO)).isEqualTo(1); // the service still exists elsewhere
    }

    @Test
    void a_child_reads_what_an_ancestor_injected_and_a_provider_always_sees_its_own() {
        root.provide(FOO, "foo");
        AtomicReference<Object> fromChild = new AtomicReference<>();
        mount(Plugin.named("parent").inject(Probe.key("foo")).setup((ctx, config) ->
                ctx.plugin(Plugin.named("child").setup((c, cfg) -> fromChild.set(c.require(FOO))))));
        assertThat(fromChild.get()).isEqualTo("foo");

        AtomicReference<Object> own = new AtomicReference<>();
        mount(Plugin.named("self").setup((ctx, config) -> {
            ctx.provide(BAR, "bar");
            own.set(ctx.require(BAR));
        }));
        assertThat(own.get()).isEqualTo("bar");
    }

    @Test
    void get_is_optional_strict_and_never_throws() {
        assertThat(root.get(FOO)).isEmpty();
        Fiber pending = root.plugin(Plugin.named("pending-provider").inject(Probe.key("missing")).setup((ctx, config) -> { }));
        kernel.awaitIdle();
        pending.context().provide(FOO, 1); // provided from a fiber that is not ACTIVE
        assertThat(root.get(FOO)).isEmpty();
        root.provide(BAR, 2);
        assertThat(pending.context().get(BAR)).contains(2);
    }

    @Test
    void nested_inject_runs_its_block_only_while_the_services_exist() {
        List<String> events = new CopyOnWriteArrayList<>();
        mount(Plugin.named("optional-user").setup((ctx, config) ->
                ctx.inject(List.of(FOO), c -> {
                    events.add("up:" + c.require(FOO));
                    c.effect(() -> Effect.of(() -> events.add("down")));
                })));
        assertThat(events).isEmpty();
        EffectHandle provided = root.provide(FOO, 1);
        kernel.awaitIdle();
        assertThat(events).containsExactly("up:1");
        provided.dispose();
        provided.whenDisposed().join();
        kernel.awaitIdle();
        assertThat(events).containsExactly("up:1", "down");
    }

    @Test
    void replacing_a_provider_restarts_injecting_dependents_but_not_get_readers() {
        Probe.Counter injecting = new Probe.Counter();
        mount(injecting.plugin("injecting", "foo"));
        List<Object> reads = new CopyOnWriteArrayList<>();
        Fiber reader = mount(Plugin.named("reader").setup((ctx, config) -> reads.add("loaded")));
        Fiber first = mount(Probe.provider("first", FOO, 1));
        first.dispose().join();
        mount(Probe.provider("second", FOO, 2));
        assertThat(injecting.loads).hasValue(2);
        assertThat(reads).containsExactly("loaded");
        assertThat(reader.context().get(FOO)).contains(2);
    }

    @Test
    void i17_isolated_plugins_see_only_their_realm_and_shared_labels_join_realms() {
        Context left = root.isolate("foo");
        Context shared1 = root.isolate("foo", "team");
        Context shared2 = root.isolate("foo", "team");
        root.provide(FOO, "global");
        left.plugin(Probe.provider("left-provider", FOO, "left"));
        shared1.plugin(Probe.provider("team-provider", FOO, "team"));
        Fiber inLeft = left.plugin(Plugin.named("l").inject(Probe.key("foo")).setup((c, cfg) -> { }));
        Fiber inShared = shared2.plugin(Plugin.named("s").inject(Probe.key("foo")).setup((c, cfg) -> { }));
        Fiber inRoot = root.plugin(Plugin.named("r").inject(Probe.key("foo")).setup((c, cfg) -> { }));
        kernel.awaitIdle();
        assertThat(inLeft.context().require(FOO)).isEqualTo("left");
        assertThat(inShared.context().require(FOO)).isEqualTo("team");
        assertThat(inRoot.context().require(FOO)).isEqualTo("global");
    }

    @Test
    void i17_a_service_emitting_with_itself_as_receiver_reaches_only_its_realm() {
        Notification<String> event = Notification.of("test/realm", String.class);
        List<String> heard = new CopyOnWriteArrayList<>();
        Context isolated = root.isolate("foo");
        AtomicReference<Service> service = new AtomicReference<>();
        isolated.plugin(Plugin.named("svc").service((ctx, config) -> {
            Service s = new Service(ctx, FOO) { };
            service.set(s);
            return s;
        }));
        kernel.awaitIdle();
        isolated.events().on(event, p -> heard.add("same realm"));
        root.events().on(event, p -> heard.add("other realm"));
        root.events().to(service.get()).emit(event, "x");
        assertThat(heard).containsExactly("same realm");
    }

    @Test
    void intercept_configs_are_collected_root_most_first() {
        Context c = root.intercept("tools", "outer").extend(ContextKey.of("x", String.class), "y")
                .intercept("tools", "inner").intercept("other", "z");
        assertThat(c.interceptConfigs("tools")).containsExactly("outer", "inner");
    }

    // ---- availability (§1.6.4) and announcements (§1.11) ----------------------------------------

    /** A service whose availability the test switches; {@code check} throws when told to. */
    static final class Gauge extends Service {
        volatile Boolean available;

        Gauge(Context ctx, Boolean available) {
            super(ctx, FOO);
            this.available = available;
        }

        @Override
        public boolean check() {
            if (available == null) {
                throw new IllegalStateException("gauge broken");
            }
            return available;
        }

        void set(Boolean next) {
            available = next;
            recheck();
        }
    }

    @Test
    void a_service_check_gates_its_dependents_and_recheck_makes_them_follow_it() {
        // given a service that says it is unavailable
        RecordingSink sink = new RecordingSink();
        try (Kernel k = Kernel.create(sink)) {
            AtomicReference<Gauge> gauge = new AtomicReference<>();
            k.root().plugin(Plugin.named("gauge").service((ctx, config) -> {
                gauge.set(new Gauge(ctx, false));
                return gauge.get();
            }));
            Probe.Counter counter = new Probe.Counter();
            Fiber dependent = k.root().plugin(counter.plugin("dependent", "foo"));
            k.awaitIdle();
            assertThat(dependent.state()).isEqualTo(FiberState.PENDING);

            // when it becomes available
            gauge.get().set(true);
            k.awaitIdle();
            assertThat(dependent.state()).isEqualTo(FiberState.ACTIVE);

            // when its check throws: logged, and counts as unavailable
            gauge.get().set(null);
            k.awaitIdle();
            assertThat(dependent.state()).isEqualTo(FiberState.PENDING);
            assertThat(counter.disposals).hasValue(1);
            assertThat(sink.at(LogSink.Level.ERROR)).singleElement().satisfies(e -> {
                assertThat(e.source()).isEqualTo("gauge");
                assertThat(e.error()).hasMessage("gauge broken");
            });
            assertThat(counter.loads).hasValue(1);
        }
    }

    @Test
    void internal_service_announces_a_service_and_its_withdrawal_to_its_realm() {
        List<String> heard = new CopyOnWriteArrayList<>();
        root.events().on(KernelEvents.SERVICE, change -> heard.add(change.name() + "=" + change.value()));
        root.isolate("foo").events().on(KernelEvents.SERVICE, change -> heard.add("other realm"));
        Fiber provider = mount(Probe.provider("provider", FOO, "v"));
        provider.dispose().join();
        kernel.awaitIdle();
        // as Cordis: when the provider becomes ACTIVE, when it stops being ACTIVE (the record is still
        // there while dependents unload), and when the record is withdrawn
        assertThat(heard).containsExactly("foo=v", "foo=v", "foo=null");
    }

    // ---- caller binding (§1.4) ---------------------------------------------------------------

    /** A registry-like service: registrations are effects on the caller's fiber. */
    static final class Registry extends Service {
        static final ServiceKey<Registry.View> KEY = ServiceKey.of("registry", View.class);
        final List<String> entries = new CopyOnWriteArrayList<>();

        Registry(Context ctx) {
            super(ctx, KEY);
        }

        @Override
        public View boundTo(Context caller) {
            return new View(caller);
        }

        final class View {
            final Context caller;

            View(Context caller) {
                this.caller = caller;
            }

            EffectHandle register(String entry) {
                return caller.effect(() -> {
                    entries.add(entry);
                    return Effect.of(() -> entries.remove(entry));
                }, "registry.register");
            }

            Object lookupOwn() {
                return ctx().require(FOO); // the service's own injection, not the caller's
            }
        }
    }

    @Test
    void i16_caller_bound_registrations_belong_to_the_caller_and_go_with_it() {
        root.provide(FOO, "service-own");
        AtomicReference<Registry> registry = new AtomicReference<>();
        mount(Plugin.named("registry").inject(Probe.key("foo")).service((ctx, config) -> {
            Registry r = new Registry(ctx);
            registry.set(r);
            return r;
        }));
        AtomicReference<Object> seen = new AtomicReference<>();
        Fiber caller = mount(Plugin.named("caller").inject(Registry.KEY).setup((ctx, config) -> {
            Registry.View view = ctx.require(Registry.KEY);
            view.register("from-caller");
            seen.set(view.lookupOwn());
        }));
        assertThat(registry.get().entries).containsExactly("from-caller");
        assertThat(seen.get()).isEqualTo("service-own");
        assertThat(caller.effects()).extracting(EffectInfo::label).containsExactly("registry.register");

        caller.dispose().join();
        assertThat(registry.get().entries).isEmpty();
    }
}
