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

    static final Notification<String> NOTE = Notification.of("test/note", String.class);
    static final Query<String, String> ASK = Query.of("test/ask", String.class, String.class);
    static final Waterfall<Integer, Integer> FALL = Waterfall.of("test/fall", Integer.class, Integer.class);

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
        EffectHandle on = root.events().on(NOTE, p -> heard.add("on:" + p));
        EffectHandle once = root.events().once(NOTE, p -> heard.add("once:" + p));
        root.events().emit(NOTE, "a");
        root.events().emit(NOTE, "b");
        on.dispose();
        on.dispose();
        once.dispose();
        root.events().emit(NOTE, "c");
        assertThat(heard).containsExactly("on:a", "once:a", "on:b");
    }

    @Test
    void i2_receiver_filter_skips_rejected_contexts_reaches_accepted_ones_and_receiverless_reaches_all() {
        ContextKey<String> tag = ContextKey.of("tag", String.class);
        Context accepted = root.extend(tag, "yes");
        Context rejected = root.extend(tag, "no");
        EventFilter receiver = listener -> listener.meta(tag).map("yes"::equals).orElse(false);
        for (Context c : List.of(accepted, rejected)) {
            String name = c == accepted ? "accepted" : "rejected";
            c.events().on(ASK, p -> {
                heard.add(name);
                return null;
            });
            c.events().on(NOTE, p -> heard.add(name));
            c.events().on(FALL, (p, next) -> {
                heard.add(name);
                return next.proceed();
            });
        }
        Dispatch filtered = root.events().to(receiver);
        for (Runnable dispatch : List.<Runnable>of(
                () -> filtered.emit(NOTE, "x"),
                () -> filtered.emitContained(NOTE, "x"),
                () -> filtered.parallel(NOTE, "x"),
                () -> filtered.serial(ASK, "x"),
                () -> filtered.bail(ASK, "x"),
                () -> filtered.waterfall(FALL, 0, () -> 0))) {
            heard.clear();
            dispatch.run();
            assertThat(heard).containsExactly("accepted");
        }
        heard.clear();
        root.events().bail(ASK, "x");
        assertThat(heard).containsExactly("accepted", "rejected");
    }

    @Test
    void i2_global_listeners_bypass_the_receiver_filter() {
        root.events().on(NOTE, p -> heard.add("global"), ListenOptions.GLOBAL);
        root.events().on(NOTE, p -> heard.add("filtered"));
        root.events().to(listener -> false).emit(NOTE, "x");
        assertThat(heard).containsExactly("global");
    }

    @Test
    void i3_emit_and_bail_rethrow_parallel_and_serial_reject_with_the_listener_error() {
        root.events().on(ASK, p -> {
            throw new IllegalStateException("listener broke");
        });
        root.events().on(NOTE, p -> {
            throw new IllegalStateException("listener broke");
        });
        assertThatThrownBy(() -> root.events().emit(NOTE, "x")).hasMessage("listener broke");
        assertThatThrownBy(() -> root.events().bail(ASK, "x")).hasMessage("listener broke");
        assertThatThrownBy(() -> root.events().serial(ASK, "x")).hasMessage("listener broke");
        assertThatThrownBy(() -> root.events().parallel(NOTE, "x"))
                .isInstanceOfSatisfying(AggregateException.class, e -> assertThat(e.failures())
                        .singleElement().extracting(Throwable::getMessage).isEqualTo("listener broke"));
    }

    @Test
    void i4_waterfall_listeners_compose_around_the_inner_value() {
        root.events().on(FALL, (p, next) -> 1 + next.proceed());
        root.events().on(FALL, (p, next) -> 1 + next.proceed());
        assertThat(root.events().waterfall(FALL, 0, () -> 2)).isEqualTo(4);
    }

    @Test
    void i4_b5_waterfall_listener_without_next_short_circuits_the_rest_and_the_default() {
        root.events().on(FALL, (p, next) -> 10);
        root.events().on(FALL, (p, next) -> {
            heard.add("second");
            return next.proceed();
        });
        assertThat(root.events().waterfall(FALL, 0, () -> {
            heard.add("inner");
            return 0;
        })).isEqualTo(10);
        assertThat(heard).isEmpty();
    }

    @Test
    void b5_raw_emit_stops_at_a_throwing_listener() {
        root.events().on(NOTE, p -> heard.add("first"));
        root.events().on(NOTE, p -> {
            throw new IllegalStateException("stop");
        });
        root.events().on(NOTE, p -> heard.add("third"));
        assertThatThrownBy(() -> root.events().emit(NOTE, "x")).hasMessage("stop");
        assertThat(heard).containsExactly("first");
    }

    @Test
    void b5_contained_emit_delivers_to_all_and_logs_the_failure() {
        root.events().on(NOTE, p -> heard.add("first"));
        root.events().on(NOTE, p -> {
            throw new IllegalStateException("contained");
        });
        root.events().on(NOTE, p -> heard.add("third"));
        root.events().emitContained(NOTE, "x");
        assertThat(heard).containsExactly("first", "third");
        assertThat(sink.at(LogSink.Level.WARN)).singleElement()
                .satisfies(e -> assertThat(e.error()).hasMessage("contained"));
    }

    @Test
    void b5_parallel_runs_every_listener_and_aggregates_all_failures() throws Exception {
        CountDownLatch bothStarted = new CountDownLatch(2);
        for (String name : List.of("a", "b")) {
            root.events().on(NOTE, p -> {
                bothStarted.countDown();
                try {
                    bothStarted.await(); // each waits for the other: only concurrent listeners get past
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException(name);
            });
        }
        root.events().on(NOTE, p -> heard.add("ok"));
        assertThatThrownBy(() -> root.events().parallel(NOTE, "x"))
                .isInstanceOfSatisfying(AggregateException.class, e -> assertThat(e.failures())
                        .extracting(Throwable::getMessage).containsExactly("a", "b"));
        assertThat(heard).containsExactly("ok");
    }

    @Test
    void b5_serial_stops_at_the_first_bail_value() {
        root.events().on(ASK, p -> {
            heard.add("null");
            return null;
        });
        root.events().on(ASK, p -> "answer");
        root.events().on(ASK, p -> {
            heard.add("never");
            return "late";
        });
        assertThat(root.events().serial(ASK, "q")).contains("answer");
        assertThat(heard).containsExactly("null");
    }

    @Test
    void false_is_not_a_bail_value() {
        Query<String, Boolean> check = Query.of("test/check", String.class, Boolean.class);
        root.events().on(check, p -> false);
        root.events().on(check, p -> true);
        assertThat(root.events().bail(check, "q")).contains(true);
        assertThat(root.events().bail(Query.of("test/none", String.class, Boolean.class), "q")).isEqualTo(Optional.empty());
    }

    @Test
    void prepend_puts_a_listener_first() {
        root.events().on(NOTE, p -> heard.add("appended"));
        root.events().on(NOTE, p -> heard.add("prepended"), ListenOptions.PREPEND);
        root.events().emit(NOTE, "x");
        assertThat(heard).containsExactly("prepended", "appended");
    }

    @Test
    void a_dispatch_iterates_a_snapshot_listeners_added_during_it_wait_and_removed_ones_still_run() {
        EffectHandle[] second = new EffectHandle[1];
        root.events().on(NOTE, p -> {
            heard.add("first:" + p);
            root.events().on(NOTE, q -> heard.add("added:" + q));
            second[0].dispose();
        });
        second[0] = root.events().on(NOTE, p -> heard.add("second:" + p));
        root.events().emit(NOTE, "1");
        root.events().emit(NOTE, "2");
        assertThat(heard).containsExactly("first:1", "second:1", "first:2", "added:2");
    }

    @Test
    void once_removes_itself_before_its_listener_runs() {
        root.events().once(NOTE, p -> {
            heard.add("once:" + p);
            root.events().emit(NOTE, "nested");
        });
        root.events().emit(NOTE, "outer");
        assertThat(heard).containsExactly("once:outer");
    }

    @Test
    void one_name_one_type_a_listener_of_another_kind_or_payload_is_refused_at_registration() {
        root.events().on(FALL, (p, next) -> next.proceed());
        Notification<Integer> sameNameNotification = Notification.of(FALL.name(), Integer.class);
        Waterfall<String, Integer> sameNameOtherPayload = Waterfall.of(FALL.name(), String.class, Integer.class);
        assertThatThrownBy(() -> root.events().on(sameNameNotification, p -> heard.add("never")))
                .isInstanceOfSatisfying(KernelException.class,
                        e -> assertThat(e.code()).isEqualTo(KernelException.Code.TYPE_CONFLICT))
                .hasMessage("event \"test/fall\" is declared as Waterfall<Integer, Integer>(\"test/fall\"), "
                        + "not Notification<Integer>(\"test/fall\")");
        assertThatThrownBy(() -> root.events().once(sameNameOtherPayload, (p, next) -> next.proceed()))
                .isInstanceOf(KernelException.class).hasMessageContaining("declared as Waterfall<Integer, Integer>");
        // an equal type made elsewhere is the same event; the refused listeners never landed

        root.events().on(Waterfall.of(FALL.name(), Integer.class, Integer.class), (p, next) -> 1 + next.proceed());
        assertThat(root.events().waterfall(FALL, 0, () -> 1)).isEqualTo(2);
    }

    @Test
    void a_dispatch_with_another_type_of_a_known_name_is_refused_and_reaches_nobody() {
        root.events().on(NOTE, p -> heard.add("note"));
        Query<String, String> sameName = Query.of(NOTE.name(), String.class, String.class);
        assertThatThrownBy(() -> root.events().bail(sameName, "x"))
                .isInstanceOfSatisfying(KernelException.class,
                        e -> assertThat(e.code()).isEqualTo(KernelException.Code.TYPE_CONFLICT));
        assertThat(heard).isEmpty();
    }

    @Test
    void event_types_are_per_kernel() {
        try (Kernel other = Kernel.create(sink)) {
            root.events().on(NOTE, p -> heard.add("here"));
            Notification<Integer> elsewhere = Notification.of(NOTE.name(), Integer.class);
            other.root().events().on(elsewhere, p -> heard.add("there:" + p));
            other.root().events().emit(elsewhere, 7);
            root.events().emit(NOTE, "x");
        }
        assertThat(heard).containsExactly("there:7", "here");
    }
}
