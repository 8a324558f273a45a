package io.dsh4j.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §1.10, Appendix B item 5, invariants 1–4: listeners and the five dispatch modes. */
class EventsTest {

    static final Notification<String> NOTE = Notification.named("test/note");
    static final Query<String, String> ASK = Query.named("test/ask");
    static final Waterfall<Integer, Integer> FALL = Waterfall.named("test/fall");

    final RecordingSink sink = new RecordingSink();
    final Kernel kernel = Kernel.create(sink);
    final Context root = kernel.root();
    final List<String> heard = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        kernel.close();
    }

    @Test
    void i1_on_hears_every_emit_until_disposed_once_fires_once_and_double_dispose_is_harmless() {
        EffectHandle on = root.on(NOTE, p -> heard.add("on:" + p));
        EffectHandle once = root.once(NOTE, p -> heard.add("once:" + p));
        root.emit(NOTE, "a");
        root.emit(NOTE, "b");
        on.dispose();
        on.dispose();
        once.dispose();
        root.emit(NOTE, "c");
        assertThat(heard).containsExactly("on:a", "once:a", "on:b");
    }

    @Test
    void i2_receiver_filter_skips_rejected_contexts_reaches_accepted_ones_and_receiverless_reaches_all() {
        ContextKey<String> tag = ContextKey.of("tag", String.class);
        Context accepted = root.extend(tag, "yes");
        Context rejected = root.extend(tag, "no");
        EventFilter receiver = listener -> listener.meta(tag).map("yes"::equals).orElse(false);
        accepted.on(ASK, p -> {
            heard.add("accepted");
            return null;
        });
        rejected.on(ASK, p -> {
            heard.add("rejected");
            return null;
        });
        for (Runnable dispatch : List.<Runnable>of(
                () -> root.emit(receiver, Notification.<String>named(ASK.name()), "x"),
                () -> root.parallel(receiver, Notification.<String>named(ASK.name()), "x"),
                () -> root.serial(receiver, ASK, "x"),
                () -> root.bail(receiver, ASK, "x"))) {
            heard.clear();
            dispatch.run();
            assertThat(heard).containsExactly("accepted");
        }
        heard.clear();
        root.bail(ASK, "x");
        assertThat(heard).containsExactly("accepted", "rejected");
    }

    @Test
    void i2_global_listeners_bypass_the_receiver_filter() {
        root.on(NOTE, p -> heard.add("global"), ListenOptions.GLOBAL);
        root.on(NOTE, p -> heard.add("filtered"));
        root.emit((EventFilter) listener -> false, NOTE, "x");
        assertThat(heard).containsExactly("global");
    }

    @Test
    void i3_emit_and_bail_rethrow_parallel_and_serial_reject_with_the_listener_error() {
        root.on(ASK, p -> {
            throw new IllegalStateException("listener broke");
        });
        assertThatThrownBy(() -> root.emit(Notification.<String>named(ASK.name()), "x")).hasMessage("listener broke");
        assertThatThrownBy(() -> root.bail(ASK, "x")).hasMessage("listener broke");
        assertThatThrownBy(() -> root.serial(ASK, "x")).hasMessage("listener broke");
        assertThatThrownBy(() -> root.parallel(Notification.<String>named(ASK.name()), "x"))
                .isInstanceOfSatisfying(AggregateException.class, e -> assertThat(e.failures())
                        .singleElement().extracting(Throwable::getMessage).isEqualTo("listener broke"));
    }

    @Test
    void i4_waterfall_listeners_compose_around_the_inner_value() {
        root.on(FALL, (p, next) -> 1 + next.proceed());
        root.on(FALL, (p, next) -> 1 + next.proceed());
        assertThat(root.waterfall(FALL, 0, () -> 2)).isEqualTo(4);
    }

    @Test
    void i4_b5_waterfall_listener_without_next_short_circuits_the_rest_and_the_default() {
        root.on(FALL, (p, next) -> 10);
        root.on(FALL, (p, next) -> {
            heard.add("second");
            return next.proceed();
        });
        assertThat(root.waterfall(FALL, 0, () -> {
            heard.add("inner");
            return 0;
        })).isEqualTo(10);
        assertThat(heard).isEmpty();
    }

    @Test
    void b5_raw_emit_stops_at_a_throwing_listener() {
        root.on(NOTE, p -> heard.add("first"));
        root.on(NOTE, p -> {
            throw new IllegalStateException("stop");
        });
        root.on(NOTE, p -> heard.add("third"));
        assertThatThrownBy(() -> root.emit(NOTE, "x")).hasMessage("stop");
        assertThat(heard).containsExactly("first");
    }

    @Test
    void b5_contained_emit_delivers_to_all_and_logs_the_failure() {
        root.on(NOTE, p -> heard.add("first"));
        root.on(NOTE, p -> {
            throw new IllegalStateException("contained");
        });
        root.on(NOTE, p -> heard.add("third"));
        root.emitContained(NOTE, "x");
        assertThat(heard).containsExactly("first", "third");
        assertThat(sink.at(LogSink.Level.WARN)).singleElement()
                .satisfies(e -> assertThat(e.error()).hasMessage("contained"));
    }

    @Test
    void b5_parallel_runs_every_listener_and_aggregates_all_failures() throws Exception {
        CountDownLatch bothStarted = new CountDownLatch(2);
        for (String name : List.of("a", "b")) {
            root.on(NOTE, p -> {
                bothStarted.countDown();
                try {
                    bothStarted.await(); // each waits for the other: only concurrent listeners get past
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException(name);
            });
        }
        root.on(NOTE, p -> heard.add("ok"));
        assertThatThrownBy(() -> root.parallel(NOTE, "x"))
                .isInstanceOfSatisfying(AggregateException.class, e -> assertThat(e.failures())
                        .extracting(Throwable::getMessage).containsExactly("a", "b"));
        assertThat(heard).containsExactly("ok");
    }

    @Test
    void b5_serial_stops_at_the_first_bail_value() {
        root.on(ASK, p -> {
            heard.add("null");
            return null;
        });
        root.on(ASK, p -> "answer");
        root.on(ASK, p -> {
            heard.add("never");
            return "late";
        });
        assertThat(root.serial(ASK, "q")).contains("answer");
        assertThat(heard).containsExactly("null");
    }

    @Test
    void false_is_not_a_bail_value() {
        Query<String, Boolean> check = Query.named("test/check");
        root.on(check, p -> false);
        root.on(check, p -> true);
        assertThat(root.bail(check, "q")).contains(true);
        assertThat(root.bail(Query.<String, Boolean>named("test/none"), "q")).isEqualTo(Optional.empty());
    }

    @Test
    void prepend_puts_a_listener_first() {
        root.on(NOTE, p -> heard.add("appended"));
        root.on(NOTE, p -> heard.add("prepended"), ListenOptions.PREPEND);
        root.emit(NOTE, "x");
        assertThat(heard).containsExactly("prepended", "appended");
    }

    @Test
    void a_dispatch_iterates_a_snapshot_listeners_added_during_it_wait_and_removed_ones_still_run() {
        EffectHandle[] second = new EffectHandle[1];
        root.on(NOTE, p -> {
            heard.add("first:" + p);
            root.on(NOTE, q -> heard.add("added:" + q));
            second[0].dispose();
        });
        second[0] = root.on(NOTE, p -> heard.add("second:" + p));
        root.emit(NOTE, "1");
        root.emit(NOTE, "2");
        assertThat(heard).containsExactly("first:1", "second:1", "first:2", "added:2");
    }

    @Test
    void once_removes_itself_before_its_listener_runs() {
        root.once(NOTE, p -> {
            heard.add("once:" + p);
            root.emit(NOTE, "nested");
        });
        root.emit(NOTE, "outer");
        assertThat(heard).containsExactly("once:outer");
    }

    @Test
    void a_waterfall_listener_cannot_be_emitted() {
        root.on(FALL, (p, next) -> next.proceed());
        assertThatThrownBy(() -> root.emit(Notification.<Integer>named(FALL.name()), 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("waterfall listener");
    }
}
