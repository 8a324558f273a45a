package io.dsh4j.kernel.loader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.FiberState;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.kernel.config.Schema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §2.2: mounting rows, reconciling changes, the startup audit. */
class LoaderTest {

    final Kernel kernel = Kernel.create((level, source, message, error) -> { });
    final Context root = kernel.root();
    final List<String> events = new CopyOnWriteArrayList<>();

    final Plugin<JsonNode> provider = Plugin.named("provider").setup((ctx, config) ->
            ctx.provide(ServiceKey.of("sessions", Object.class), "sessions"));
    final Plugin<JsonNode> consumer = Plugin.named("consumer",
            Schema.object().field("label", Schema.string().defaultValue("none"))).setup((ctx, config) -> {
                events.add("up:" + config.get("label").textValue());
                ctx.effect(() -> io.dsh4j.kernel.Effect.of(() -> events.add("down:" + config.get("label").textValue())));
            });
    final Plugin<JsonNode> failing = Plugin.named("failing").setup((ctx, config) -> {
        throw new IllegalStateException("cannot start");
    });
    final Plugin<JsonNode> consumerToo = Plugin.named("consumer-too").setup((ctx, config) -> { });
    final PluginCatalog catalog = PluginCatalog.of(Map.of("@dsh/provider", provider, "@dsh/consumer", consumer,
            "@dsh/consumer-too", consumerToo, "@dsh/failing", failing));

    @AfterEach
    void close() {
        kernel.close();
    }

    static Composition compose(String... layers) {
        List<PatchLayer> list = new java.util.ArrayList<>();
        for (int i = 0; i < layers.length; i++) {
            list.add(PatchLayer.parse("layer" + i, layers[i]));
        }
        return Composition.compose(list);
    }

    static final String BASE = """
            - insert:
              - {id: consumer, name: '@dsh/consumer', inject: [sessions], config: {label: one}}
              - {id: provider, name: '@dsh/provider'}
            """;

    @Test
    void rows_activate_by_service_availability_not_row_order_and_entry_inject_is_honoured() {
        Loader loader = Loader.start(root, catalog, compose(BASE));
        Fiber consumerFiber = loader.fiber("consumer").orElseThrow();
        assertThat(consumerFiber.state()).isEqualTo(FiberState.ACTIVE);
        assertThat(consumerFiber.inject()).containsExactly("sessions");
        assertThat(events).containsExactly("up:one");
    }

    @Test
    void a_config_change_updates_the_same_fiber_a_name_or_inject_change_replaces_it_and_disabled_unmounts() {
        Loader loader = Loader.start(root, catalog, compose(BASE));
        Fiber first = loader.fiber("consumer").orElseThrow();

        loader.apply(compose(BASE, "- id: consumer\n  config: {label: two}"));
        kernel.awaitIdle();
        assertThat(loader.fiber("consumer")).containsSame(first);
        assertThat(events).containsExactly("up:one", "down:one", "up:two");

        // a name change (the row comes from another composition) replaces the fiber
        loader.apply(compose(BASE.replace("'@dsh/consumer'", "'@dsh/consumer-too'"),
                "- id: consumer\n  config: {label: two}"));
        kernel.awaitIdle();
        Fiber renamed = loader.fiber("consumer").orElseThrow();
        assertThat(renamed).isNotSameAs(first);
        assertThat(renamed.plugin()).isSameAs(consumerToo);
        assertThat(first.state()).isEqualTo(FiberState.DISPOSED);

        // so does an inject change
        loader.apply(compose(BASE, "- id: consumer\n  config: {label: two}\n  inject: []"));
        kernel.awaitIdle();
        assertThat(loader.fiber("consumer").orElseThrow()).isNotSameAs(renamed);
        assertThat(loader.fiber("consumer").orElseThrow().inject()).isEmpty();
        assertThat(renamed.state()).isEqualTo(FiberState.DISPOSED);

        loader.apply(compose(BASE, "- id: consumer\n  disabled: true"));
        kernel.awaitIdle();
        assertThat(loader.fiber("consumer")).isEmpty();
        assertThat(events).endsWith("down:two");
        loader.audit();
    }

    @Test
    void group_rows_mount_their_children_and_a_disabled_group_disables_them() {
        String groups = """
                - insert:
                  - {id: provider, name: '@dsh/provider'}
                  - id: g
                    group: true
                    config:
                      - {id: c1, name: '@dsh/consumer', config: {label: c1}}
                      - {id: c2, name: '@dsh/consumer', config: {label: c2}}
                """;
        Loader loader = Loader.start(root, catalog, compose(groups));
        assertThat(loader.mountedIds()).containsExactlyInAnyOrder("provider", "g", "c1", "c2");
        assertThat(events).containsExactlyInAnyOrder("up:c1", "up:c2");
        Fiber c1 = loader.fiber("c1").orElseThrow();
        assertThat(c1.parent().fiber()).isSameAs(loader.fiber("g").orElseThrow());

        loader.apply(compose(groups, "- id: g\n  disabled: true"));
        kernel.awaitIdle();
        assertThat(loader.mountedIds()).containsExactlyInAnyOrder("provider", "g");
        assertThat(c1.state()).isEqualTo(FiberState.DISPOSED);
    }

    @Test
    void the_audit_lists_failed_rows_and_pending_rows_with_their_services_and_nothing_stays_running() {
        String rows = """
                - insert:
                  - {id: waiting, name: '@dsh/consumer', inject: [sessions, tools]}
                  - {id: broken, name: '@dsh/failing'}
                  - {id: provider, name: '@dsh/provider'}
                """;
        assertThatThrownBy(() -> Loader.start(root, catalog, compose(rows)))
                .isInstanceOf(LoaderException.class)
                .hasMessageContaining("2 entries did not activate")
                .hasMessageContaining("layer0: entry \"broken\": @dsh/failing failed: cannot start")
                .hasMessageContaining("layer0: entry \"waiting\", field inject: @dsh/consumer: pending (waiting for service: tools)");
        kernel.awaitIdle();
        assertThat(kernel.registry().size()).isZero();
    }

    @Test
    void several_rows_may_mount_the_same_plugin() {
        Loader loader = Loader.start(root, catalog, compose("""
                - insert:
                  - {id: a, name: '@dsh/consumer', config: {label: a}}
                  - {id: b, name: '@dsh/consumer', config: {label: b}}
                """));
        assertThat(kernel.registry().fibers(consumer)).hasSize(2);
        assertThat(loader.mountedIds()).hasSize(2);
    }

    @Test
    void rows_without_an_id_get_a_random_hex_id() {
        Loader loader = Loader.start(root, catalog, compose("- insert: [{name: '@dsh/provider'}]"));
        assertThat(loader.mountedIds()).singleElement().asString().matches("[0-9a-f]{8}");
    }
}
