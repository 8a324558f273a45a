package io.dsh4j.kernel;

import static io.dsh4j.kernel.Probe.PING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §1.9, Appendix B item 4, invariants 5 and 6: effects and their disposers. */
class EffectsTest {

    final RecordingSink sink = new RecordingSink();
    final Kernel kernel = Kernel.create(sink);
    final Context root = kernel.root();
    final List<Integer> order = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        kernel.close();
    }

    Fiber active() {
        Fiber fiber = root.plugin(Plugin.named("host").setup((ctx, config) -> { }));
        fiber.await();
        return fiber;
    }

    @Test
    void b4_generator_effect_disposes_in_reverse_order() {
        EffectHandle effect = root.effect(sink -> {
            sink.add(() -> order.add(1));
            sink.add(() -> order.add(2));
            sink.add(() -> order.add(3));
        });
        effect.dispose();
        assertThat(order).containsExactly(3, 2, 1);
    }

    @Test
    void b4_nested_on_and_effect_appear_as_children_not_at_top_level() {
        Fiber fiber = active();
        Context ctx = fiber.context();
        ctx.effect(sink -> {
            sink.add(ctx.events().on(PING, p -> { }));
            sink.add(ctx.effect(() -> Effect.of(() -> { }), "inner"));
        }, "outer");
        assertThat(fiber.effects()).singleElement().satisfies(outer -> {
            assertThat(outer.label()).isEqualTo("outer");
            assertThat(outer.children()).extracting(EffectInfo::label)
                    .containsExactly("ctx.on(\"test/ping\")", "inner");
        });
    }

    @Test
    void a_child_fiber_moved_into_a_step_effect_is_disposed_at_its_position() {
        Fiber fiber = active();
        Context ctx = fiber.context();
        EffectHandle steps = ctx.effect(sink -> {
            sink.add(() -> order.add(1));
            Fiber child = ctx.plugin(Plugin.named("child").setup((c, config) ->
                    c.effect(() -> Effect.of(() -> order.add(2)))));
            sink.add(child.handle());
            sink.add(() -> order.add(3));
        }, "composite");
        kernel.awaitIdle();
        assertThat(fiber.effects()).extracting(EffectInfo::label).containsExactly("composite");
        steps.dispose();
        steps.whenDisposed().join();
        assertThat(order).containsExactly(3, 2, 1);
    }

    @Test
    void b4_synchronous_throw_rolls_back_yielded_disposers_and_rethrows() {
        Fiber fiber = active();
        assertThatThrownBy(() -> fiber.context().effect(sink -> {
            sink.add(() -> order.add(1));
            sink.add(() -> order.add(2));
            throw new IllegalStateException("half way");
        })).hasMessage("half way");
        assertThat(order).containsExactly(2, 1);
        assertThat(fiber.effects()).isEmpty();
    }

    @Test
    void i5_plugin_owned_effect_runs_its_disposer_once_and_repeated_dispose_is_a_no_op() {
        AtomicInteger disposed = new AtomicInteger();
        Fiber fiber = root.plugin(Plugin.named("owner").setup((ctx, config) ->
                ctx.effect(() -> Effect.of(disposed::incrementAndGet))));
        fiber.await();
        fiber.dispose().join();
        fiber.dispose().join();
        assertThat(disposed).hasValue(1);
    }

    @Test
    void i5_manual_disposal_is_single_shot_and_leaves_the_fiber_list() {
        Fiber fiber = active();
        AtomicInteger disposed = new AtomicInteger();
        EffectHandle effect = fiber.context().effect(() -> Effect.of(disposed::incrementAndGet), "manual");
        assertThat(fiber.effects()).extracting(EffectInfo::label).containsExactly("manual");
        effect.dispose();
        effect.dispose();
        assertThat(disposed).hasValue(1);
        assertThat(fiber.effects()).isEmpty();
        fiber.dispose().join();
        assertThat(disposed).hasValue(1);
    }

    @Test
    void i6_disposing_before_an_async_return_settles_defers_cleanup_until_it_settles() {
        CompletableFuture<Disposer> later = new CompletableFuture<>();
        EffectHandle effect = root.effect(() -> Effect.async(later));
        effect.dispose();
        assertThat(effect.whenDisposed()).isNotDone();
        later.complete(() -> order.add(1));
        effect.whenDisposed().join();
        assertThat(order).containsExactly(1);
    }

    @Test
    void i6_async_generator_stops_after_the_yield_in_flight_once_disposed() throws Exception {
        CountDownLatch firstAdded = new CountDownLatch(1);
        CompletableFuture<Void> proceed = new CompletableFuture<>();
        AtomicInteger reachedThird = new AtomicInteger();
        EffectHandle effect = root.effect(() -> Effect.asyncSteps(sink -> {
            sink.add(() -> order.add(1));
            firstAdded.countDown();
            proceed.join();
            sink.add(() -> order.add(2)); // in flight when disposed: collected, then the body stops
            reachedThird.incrementAndGet();
            sink.add(() -> order.add(3));
        }));
        firstAdded.await();
        effect.dispose();
        proceed.complete(null);
        effect.whenDisposed().join();
        assertThat(order).containsExactly(2, 1);
        assertThat(reachedThird).hasValue(0);
    }

    @Test
    void i6_async_throw_rolls_back_logs_and_rejects_the_awaited_effect() {
        CompletableFuture<Disposer> later = new CompletableFuture<>();
        EffectHandle effect = root.effect(() -> Effect.asyncSteps(sink -> {
            sink.add(() -> order.add(1));
            throw new IllegalStateException("async failure");
        }));
        assertThat(effect.setup()).failsWithin(java.time.Duration.ofMinutes(1))
                .withThrowableThat().withMessageContaining("async failure");
        effect.whenDisposed().join();
        assertThat(order).containsExactly(1);
        assertThat(sink.at(LogSink.Level.ERROR)).singleElement()
                .satisfies(e -> assertThat(e.error()).hasMessage("async failure"));
        later.complete(null);
    }

    @Test
    void awaiting_an_async_effect_yields_its_handle_after_setup() {
        CompletableFuture<Disposer> later = new CompletableFuture<>();
        EffectHandle effect = root.effect(() -> Effect.async(later));
        assertThat(effect.setup()).isNotDone();
        later.complete(() -> order.add(7));
        assertThat(effect.setup().join()).isSameAs(effect);
        effect.dispose();
        assertThat(order).containsExactly(7);
    }

    @Test
    void blocking_setup_keeps_the_fiber_loading_without_holding_the_lifecycle_executor() {
        CompletableFuture<Void> open = new CompletableFuture<>();
        Fiber slow = root.plugin(Plugin.named("slow").apply((ctx, config) -> Effect.blocking(() -> {
            open.join();
            return () -> order.add(1);
        })));
        Fiber quick = root.plugin(Plugin.named("quick").setup((ctx, config) -> { }));
        quick.await(); // the lifecycle executor is free while the slow setup blocks
        assertThat(slow.state()).isEqualTo(FiberState.LOADING);
        open.complete(null);
        slow.await();
        slow.dispose().join();
        assertThat(order).containsExactly(1);
    }

    @Test
    void a_blocking_setup_starts_when_the_kernel_runs_the_effect_not_when_it_is_built() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        Effect.Setup body = () -> {
            runs.incrementAndGet();
            ranOn.complete(Thread.currentThread());
            return () -> order.add(1);
        };
        Effect built = Effect.blocking(body);
        // Building holds the body and starts nothing: an effect that is never handed over never runs.
        assertThat(built).isEqualTo(new Effect.Blocking(body));
        assertThat(ranOn).isNotDone();
        EffectHandle handle = root.effect(() -> built, "blocking");
        handle.setup().join();
        assertThat(runs).hasValue(1);
        assertThat(ranOn.join()).isNotSameAs(Thread.currentThread()).matches(Thread::isVirtual);
        handle.dispose();
        assertThat(order).containsExactly(1);
    }

    @Test
    void blocking_disposer_runs_off_the_lifecycle_executor_and_the_unload_waits_for_it() {
        CompletableFuture<Void> open = new CompletableFuture<>();
        Fiber fiber = root.plugin(Plugin.named("closing").setup((ctx, config) ->
                ctx.effect(() -> Effect.of(Disposer.blocking(() -> {
                    open.join();
                    order.add(1);
                })))));
        fiber.await();
        CompletableFuture<Void> disposed = fiber.dispose();
        Fiber other = root.plugin(Plugin.named("other").setup((ctx, config) -> { }));
        other.await();
        assertThat(disposed).isNotDone();
        open.complete(null);
        disposed.join();
        assertThat(order).containsExactly(1);
        assertThat(fiber.state()).isEqualTo(FiberState.DISPOSED);
    }

    @Test
    void an_unloading_fiber_rejects_new_effects() throws Exception {
        CompletableFuture<Throwable> attempt = new CompletableFuture<>();
        Fiber fiber = root.plugin(Plugin.named("late").setup((ctx, config) ->
                ctx.effect(() -> Effect.of(() -> {
                    try {
                        ctx.effect(() -> Effect.none());
                        attempt.complete(null);
                    } catch (KernelException e) {
                        attempt.complete(e);
                    }
                }))));
        fiber.await();
        fiber.dispose().join();
        assertThat(attempt.get()).isInstanceOf(KernelException.class)
                .hasMessage("cannot create effect on inactive context");
    }

    @Test
    void a_checked_exception_from_an_effect_body_is_carried_by_a_setup_exception() {
        assertThatThrownBy(() -> root.effect(() -> {
            throw new java.io.IOException("disk");
        })).isInstanceOf(SetupException.class).hasCauseInstanceOf(java.io.IOException.class);
    }
}
