package io.dsh4j.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Cancellation: ARCHITECTURE.md and spec §1.17 ({@code AbortSignal}). */
class SignalTest {

    final AbortController controller = new AbortController();
    final Signal signal = controller.signal();
    final List<Object> calls = new CopyOnWriteArrayList<>();

    @Test
    void the_first_reason_wins() {
        assertThat(controller.abort("user")).isTrue();
        assertThat(controller.abort("hook")).isFalse();
        assertThat(signal.reason()).isEqualTo("user");
        assertThatThrownBy(signal::throwIfAborted).isInstanceOfSatisfying(AbortedException.class,
                e -> assertThat(e.reason()).isEqualTo("user"));
    }

    @Test
    void listeners_run_once_in_order_and_late_ones_run_at_once() {
        signal.onAbort(r -> calls.add("a:" + r));
        signal.onAbort(r -> calls.add("b:" + r));
        controller.abort("why");
        controller.abort("again");
        signal.onAbort(r -> calls.add("late:" + r));
        assertThat(calls).containsExactly("a:why", "b:why", "late:why");
    }

    @Test
    void a_removed_listener_never_runs_and_a_throwing_one_does_not_stop_the_others() {
        Signal.Registration removed = signal.onAbort(calls::add);
        removed.close();
        signal.onAbort(r -> {
            throw new IllegalStateException("listener failure");
        });
        signal.onAbort(r -> calls.add("after"));
        controller.abort();
        assertThat(calls).containsExactly("after");
        assertThat(signal.aborted()).isTrue();
        assertThat(signal.reason()).isEqualTo("aborted");
    }

    @Test
    void abort_interrupts_a_blocked_thread() throws Exception {
        CountDownLatch blocked = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread worker = Thread.ofVirtual().start(() -> {
            try (var onAbort = signal.interruptOnAbort()) {
                blocked.countDown();
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        blocked.await();
        controller.abort("stop");
        worker.join();
        assertThat(interrupted).isTrue();
    }

    @Test
    void among_concurrent_aborts_exactly_one_wins_and_every_listener_runs_once() throws Exception {
        for (int round = 0; round < 200; round++) {
            AbortController raced = new AbortController();
            AtomicInteger wins = new AtomicInteger();
            AtomicInteger early = new AtomicInteger();
            AtomicInteger late = new AtomicInteger();
            raced.signal().onAbort(r -> early.incrementAndGet());
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                String reason = "reason " + t;
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    raced.signal().onAbort(r -> late.incrementAndGet()); // before or after the abort
                    if (raced.abort(reason)) {
                        wins.incrementAndGet();
                    }
                }));
            }
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
            assertThat(wins).hasValue(1);
            assertThat(early).hasValue(1);
            assertThat(late).hasValue(4);
            assertThat(raced.signal().reason()).asString().startsWith("reason ");
        }
    }

    @Test
    void a_closed_interrupt_registration_never_interrupts() throws Exception {
        Signal.Registration registration = signal.interruptOnAbort();
        registration.close();
        controller.abort();
        assertThat(Thread.interrupted()).isFalse();
    }

    @Test
    void abort_closes_a_resource() {
        AtomicBoolean closed = new AtomicBoolean();
        Closeable socket = () -> closed.set(true);
        try (var onAbort = signal.closeOnAbort(socket)) {
            controller.abort();
        }
        assertThat(closed).isTrue();
    }

    @Test
    void any_follows_the_first_source_to_abort() {
        AbortController other = new AbortController();
        Signal combined = Signal.any(signal, other.signal());
        other.abort("second source");
        controller.abort("first source");
        assertThat(combined.reason()).isEqualTo("second source");
        assertThat(Signal.any(Signal.aborted("pre"), signal).reason()).isEqualTo("pre");
        assertThat(Signal.never().aborted()).isFalse();
    }
}
