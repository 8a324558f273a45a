package io.dsh4j.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Spec §1.15.2 (scoped layers) and the DSH-side tests of §1.16 it pins: scoped entries shadow global
 * ones in either registration order, duplicate names throw per layer, a disposed scope leaves no
 * residue; plus the store's own contract (lazy layers, reclaim, notification, rollback).
 */
class ScopedLayersTest {

    /** A registry layer with one named and one anonymous table, as a tool registry has. */
    static final class TestLayer implements ScopedLayers.Layer {
        final Object scope;
        final NamedEntries<String> named;
        final AnonymousEntries<String> anonymous = new AnonymousEntries<>();

        TestLayer(Object scope) {
            this.scope = scope;
            this.named = new NamedEntries<>(name -> new IllegalStateException(
                    (scope == null ? "global" : "scoped") + " duplicate: " + name));
        }

        @Override
        public boolean isEmpty() {
            return named.isEmpty() && anonymous.isEmpty();
        }
    }

    final Kernel kernel = Kernel.create(new RecordingSink());
    final Context root = kernel.root();
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<Object> created = new CopyOnWriteArrayList<>();
    final ScopedLayers<TestLayer> layers = new ScopedLayers<>(root, scope -> {
        created.add(scope == null ? "global" : scope);
        return new TestLayer(scope);
    }, () -> events.add("notify"));

    @AfterEach
    void close() {
        kernel.close();
    }

    /** A plugin fiber's context: an owner whose effects can be inspected. */
    Context plugin(String name) {
        Fiber fiber = root.plugin(Plugin.named(name).setup((ctx, config) -> { }));
        fiber.await();
        return fiber.context();
    }

    EffectHandle add(Context caller, String name, String value) {
        return layers.register(caller, "test.add", layer -> layer.named.insert(name, value));
    }

    @Nested
    class Tables {

        @Test
        void named_entries_keep_insertion_order_reject_a_present_name_and_undo_exactly_their_insertion() {
            NamedEntries<Integer> entries = new NamedEntries<>(name -> new IllegalArgumentException("dup " + name));
            Runnable undoA = entries.insert("a", 1);
            Runnable undoB = entries.insert("b", 2);
            assertThat(entries.names()).containsExactly("a", "b");
            assertThat(entries.entries()).containsExactly(Map.entry("a", 1), Map.entry("b", 2));
            assertThatThrownBy(() -> entries.insert("a", 3)).hasMessage("dup a");

            undoA.run();
            entries.insert("a", 3);
            undoA.run(); // spent: does not remove the new "a"
            assertThat(entries.get("a")).contains(3);
            undoB.run();
            assertThat(entries.values()).containsExactly(3);
            assertThat(entries.has("b")).isFalse();
        }

        @Test
        void anonymous_entries_keep_equal_values_as_separate_registrations() {
            AnonymousEntries<String> entries = new AnonymousEntries<>();
            Runnable first = entries.append("same");
            Runnable second = entries.append("same");
            assertThat(entries.values()).containsExactly("same", "same");
            first.run();
            first.run();
            assertThat(entries.values()).containsExactly("same");
            second.run();
            assertThat(entries.isEmpty()).isTrue();
        }

        @Test
        void reads_are_snapshots_that_later_changes_do_not_disturb() {
            NamedEntries<Integer> entries = new NamedEntries<>(IllegalStateException::new);
            entries.insert("a", 1);
            var snapshot = entries.entries();
            entries.insert("b", 2);
            assertThat(snapshot).containsOnlyKeys("a");
            assertThatThrownBy(() -> snapshot.put("c", 3)).isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Test
    void the_global_layer_is_made_at_once_and_reads_never_create_a_scope_layer() {
        Object agent = new Object();
        layers.global().named.insert("a", "1");
        assertThat(created).containsExactly("global");
        assertThat(layers.peek(agent)).isEmpty();
        assertThat(layers.peek(null)).isEmpty();
        assertThat(layers.chain(agent)).isEmpty();
        assertThat(layers.merge(agent, l -> l.named)).containsExactly(Map.entry("a", "1"));
        assertThat(created).containsExactly("global");
    }

    @Test
    void a_registration_goes_to_the_callers_scope_layer_and_is_an_effect_of_the_callers_fiber() {
        // given an untagged plugin context and an agent scope minted under it
        Context plain = plugin("registrar");
        Object agent = new Object();
        Scope scope = Scopes.create(plain, agent);

        // when
        add(plain, "shared", "global");
        add(scope.context(), "mine", "scoped");

        // then
        assertThat(layers.global().named.names()).containsExactly("shared");
        assertThat(layers.peek(agent)).get().satisfies(l -> {
            assertThat(l.scope).isSameAs(agent);
            assertThat(l.named.names()).containsExactly("mine");
        });
        assertThat(plain.fiber().effects()).extracting(EffectInfo::label).contains("test.add");
        assertThat(scope.context().fiber().effects()).extracting(EffectInfo::label).containsExactly("test.add");
        assertThat(layers.merge(agent, l -> l.named)).containsExactly(
                Map.entry("shared", "global"), Map.entry("mine", "scoped"));
        assertThat(layers.merge(null, l -> l.named)).containsOnlyKeys("shared");
        assertThat(layers.merge(new Object(), l -> l.named)).containsOnlyKeys("shared");
    }

    @Test
    void a_scoped_entry_shadows_the_global_one_for_its_scope_in_either_registration_order() {
        Object first = new Object();
        Object second = new Object();
        Scope scopedFirst = Scopes.create(root, first);
        Scope scopedSecond = Scopes.create(root, second);

        // scoped, then global
        add(scopedFirst.context(), "bash", "restricted-bash");
        add(root, "bash", "global-bash");
        // global (already there), then scoped
        add(scopedSecond.context(), "bash", "second-bash");

        assertThat(layers.merge(first, l -> l.named)).containsExactly(Map.entry("bash", "restricted-bash"));
        assertThat(layers.merge(second, l -> l.named)).containsExactly(Map.entry("bash", "second-bash"));
        assertThat(layers.merge(null, l -> l.named)).containsExactly(Map.entry("bash", "global-bash"));
    }

    @Test
    void a_shadowing_entry_keeps_the_place_of_the_name_it_shadows() {
        Object agent = new Object();
        add(root, "a", "1");
        add(root, "shared", "global");
        Scope scope = Scopes.create(root, agent);
        add(scope.context(), "shared", "scoped");
        EffectHandle tail = add(scope.context(), "c", "3");
        assertThat(layers.merge(agent, l -> l.named)).containsExactly(
                Map.entry("a", "1"), Map.entry("shared", "scoped"), Map.entry("c", "3"));
        tail.dispose();
        assertThat(layers.merge(agent, l -> l.named)).containsExactly(
                Map.entry("a", "1"), Map.entry("shared", "scoped"));
    }

    @Test
    void a_duplicate_name_throws_within_one_layer_but_not_across_layers() {
        Object agent = new Object();
        Scope scope = Scopes.create(root, agent);
        add(root, "x", "1");
        assertThatThrownBy(() -> add(root, "x", "2")).hasMessage("global duplicate: x");
        add(scope.context(), "x", "scoped");
        assertThatThrownBy(() -> add(scope.context(), "x", "again")).hasMessage("scoped duplicate: x");
        assertThat(layers.merge(agent, l -> l.named)).containsExactly(Map.entry("x", "scoped"));
        assertThat(root.fiber().effects()).extracting(EffectInfo::label)
                .containsOnlyOnce("test.add"); // the failed registration left nothing on the fiber
    }

    @Test
    void an_undo_removes_its_entry_and_reclaims_a_scope_layer_only_when_all_its_tables_are_empty() {
        Object agent = new Object();
        Scope scope = Scopes.create(root, agent);
        EffectHandle named = add(scope.context(), "n", "v");
        EffectHandle anonymous = layers.register(scope.context(), "test.append", l -> l.anonymous.append("kept"));
        named.dispose();
        assertThat(layers.peek(agent)).get().satisfies(l -> assertThat(l.anonymous.values()).containsExactly("kept"));
        anonymous.dispose();
        assertThat(layers.peek(agent)).isEmpty();

        add(scope.context(), "again", "v"); // a fresh layer for the same scope
        assertThat(created).containsExactly("global", agent, agent);
    }

    @Test
    void each_registration_and_each_undo_notifies_once_after_the_change() {
        List<String> order = new CopyOnWriteArrayList<>();
        ScopedLayers<TestLayer> ordered = new ScopedLayers<>(root, TestLayer::new, () -> order.add("notify"));
        EffectHandle handle = ordered.register(root, "store.order", layer -> {
            order.add("change");
            Runnable undo = layer.named.insert("x", "1");
            return () -> {
                order.add("undo");
                undo.run();
            };
        });
        assertThat(order).containsExactly("change", "notify");
        handle.dispose();
        handle.dispose();
        assertThat(order).containsExactly("change", "notify", "undo", "notify");
        assertThat(ordered.global().isEmpty()).isTrue();

        ordered.registerQuietly(root, "store.quiet", layer -> layer.named.insert("y", "1")).dispose();
        assertThat(order).hasSize(4);
    }

    @Test
    void disposing_a_scope_undoes_its_registrations_and_leaves_no_layer_behind() {
        Object agent = new Object();
        Scope scope = Scopes.create(root, agent);
        add(root, "global", "g");
        add(scope.context(), "mine", "m");
        layers.register(scope.context(), "test.append", l -> l.anonymous.append("guard"));
        events.clear();

        scope.dispose().join();

        assertThat(layers.peek(agent)).isEmpty();
        assertThat(layers.merge(agent, l -> l.named)).containsExactly(Map.entry("global", "g"));
        assertThat(events).containsExactly("notify", "notify");
        assertThatThrownBy(() -> add(scope.context(), "late", "x"))
                .isInstanceOfSatisfying(KernelException.class,
                        e -> assertThat(e.code()).isEqualTo(KernelException.Code.INACTIVE_EFFECT));
        assertThat(layers.peek(agent)).isEmpty();
    }

    @Test
    void an_unloading_plugin_takes_its_global_registrations_with_it() {
        Fiber fiber = root.plugin(Plugin.named("contributor").setup((ctx, config) -> add(ctx, "tool", "t")));
        fiber.await();
        assertThat(layers.global().named.names()).containsExactly("tool");
        fiber.dispose().join();
        assertThat(layers.global().isEmpty()).isTrue();
    }

    @Test
    void a_failing_factory_or_change_leaves_no_new_layer_and_keeps_an_existing_one() {
        Object agent = new Object();
        Scope scope = Scopes.create(root, agent);
        AtomicInteger factoryCalls = new AtomicInteger();
        ScopedLayers<TestLayer> fragile = new ScopedLayers<>(root, s -> {
            if (s != null && factoryCalls.incrementAndGet() == 1) {
                throw new IllegalStateException("factory failed");
            }
            return new TestLayer(s);
        }, () -> { });

        assertThatThrownBy(() -> fragile.register(scope.context(), "f", l -> l.named.insert("never", "1")))
                .hasMessage("factory failed");
        assertThat(fragile.peek(agent)).isEmpty();
        assertThatThrownBy(() -> fragile.register(scope.context(), "f", l -> {
            throw new IllegalStateException("change failed");
        })).hasMessage("change failed");
        assertThat(fragile.peek(agent)).isEmpty();

        fragile.register(scope.context(), "f", l -> l.named.insert("kept", "1"));
        assertThatThrownBy(() -> fragile.register(scope.context(), "f", l -> l.named.insert("kept", "2")))
                .isInstanceOf(IllegalStateException.class);
        assertThat(fragile.peek(agent)).get().satisfies(l -> assertThat(l.named.get("kept")).contains("1"));
        assertThat(scope.context().fiber().effects()).hasSize(1);
    }

    @Test
    void a_throwing_change_notification_rolls_the_registration_back() {
        Object agent = new Object();
        Scope scope = Scopes.create(root, agent);
        List<String> order = new CopyOnWriteArrayList<>();
        AtomicInteger notifications = new AtomicInteger();
        ScopedLayers<TestLayer> vetoing = new ScopedLayers<>(root, TestLayer::new, () -> {
            order.add("notify");
            if (notifications.incrementAndGet() == 1) {
                throw new IllegalStateException("change failed");
            }
        });
        assertThatThrownBy(() -> vetoing.register(scope.context(), "store.rollback", layer -> {
            Runnable undo = layer.named.insert("rollback", "1");
            return () -> {
                order.add("undo");
                undo.run();
            };
        })).hasMessage("change failed");
        assertThat(order).containsExactly("notify", "undo", "notify");
        assertThat(vetoing.peek(agent)).isEmpty();
        assertThat(scope.context().fiber().effects()).isEmpty();
    }

    @Test
    void a_scope_sees_its_ancestors_layers_and_the_nearest_wins_a_name() {
        Object parent = new Object();
        Object child = new Object();
        Scope parentScope = Scopes.create(root, parent);
        Scope childScope = Scopes.create(root, child, parent);
        add(root, "x", "global");
        add(parentScope.context(), "x", "parent");
        add(parentScope.context(), "p", "parent-only");
        add(childScope.context(), "x", "child");

        assertThat(layers.chain(child)).extracting(l -> l.scope).containsExactly(parent, child);
        assertThat(layers.merge(child, l -> l.named)).containsExactly(
                Map.entry("x", "child"), Map.entry("p", "parent-only"));
        assertThat(layers.merge(parent, l -> l.named)).containsExactly(
                Map.entry("x", "parent"), Map.entry("p", "parent-only"));
        assertThat(layers.peek(child)).get().satisfies(l -> assertThat(l.named.names()).containsExactly("x"));
    }

    @Test
    void concurrent_registrations_and_undos_in_one_scope_never_lose_an_entry_to_a_reclaim() throws Exception {
        Object agent = new Object();
        Scope scope = Scopes.create(root, agent);
        int threads = 4;
        int rounds = 2_000;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        List<String> lost = new CopyOnWriteArrayList<>();
        for (int t = 0; t < threads; t++) {
            int self = t;
            workers.add(Thread.ofVirtual().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < rounds; i++) {
                    // the scope layer empties and is reclaimed all the time while others register into it
                    String name = self + ":" + i;
                    EffectHandle h = add(scope.context(), name, "v");
                    if (!layers.merge(agent, l -> l.named).containsKey(name)) {
                        lost.add(name); // it went into a layer that was being reclaimed
                    }
                    h.dispose();
                }
            }));
        }
        go.countDown();
        for (Thread w : workers) {
            w.join();
        }

        assertThat(lost).isEmpty();
        assertThat(layers.peek(agent)).isEmpty();
        assertThat(scope.context().fiber().effects()).isEmpty();
    }
}
