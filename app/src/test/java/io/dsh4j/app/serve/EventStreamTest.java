package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.testkit.SessionLogBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, the live event stream ({@code GET /api/events}, server-sent events): resume from a seq,
 * no event twice, bounded per-client queues — a slow client is dropped with a marker and never blocks
 * the publisher — the client cap, bad input. Driven through the handler with an in-memory exchange
 * whose body can be held still (a client that does not read); the events of a stored session
 * (SessionLogBuilder) are the backlog, and live events are published as the live sessions' notices
 * publish them.
 */
class EventStreamTest {

    static final String ID = "live-1";
    static final Pattern ID_LINE = Pattern.compile("(?m)^id: (\\d+)$");

    @TempDir
    Path home;
    SessionCatalog catalog;

    @BeforeEach
    void home() throws IOException {
        SessionLogBuilder b = SessionLogBuilder.session(ID, "/w").turn(1, t -> t.user("hello").assistant("hi"));
        b.writeRaw(SessionLayout.logPath(home.resolve("sessions"), "/w", ID, LogEncoding.RAW));
        catalog = new SessionCatalog(new SessionHome(home));
    }

    /** An exchange whose streamed body collects the bytes; {@code hold} keeps every write waiting until released. */
    static class Exchange implements WebExchange {
        final Map<String, String> query = new HashMap<>();
        final Map<String, String> headers = new HashMap<>();
        final Map<String, String> responseHeaders = new HashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        final CountDownLatch hold;
        volatile int status;
        volatile String contentType;
        final CountDownLatch writing = new CountDownLatch(1);

        Exchange(boolean held) {
            hold = new CountDownLatch(held ? 1 : 0);
        }

        @Override public String method() { return "GET"; }
        @Override public String path() { return "/api/events"; }
        @Override public String query(String name) { return query.get(name); }
        @Override public String header(String name) { return headers.get(name); }
        @Override public byte[] body() { return new byte[0]; }
        @Override public void responseHeader(String name, String value) { responseHeaders.put(name, value); }

        @Override
        public void respond(int status, String contentType, byte[] body) {
            this.status = status;
            this.contentType = contentType;
            synchronized (this.body) {
                this.body.writeBytes(body);
            }
        }

        @Override
        public OutputStream stream(int status, String contentType) {
            this.status = status;
            this.contentType = contentType;
            return new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    writing.countDown();
                    try {
                        if (!hold.await(60, TimeUnit.SECONDS)) throw new IOException("held too long");
                    } catch (InterruptedException e) {
                        throw new IOException(e);
                    }
                    synchronized (body) {
                        body.write(b, off, len);
                    }
                }
            };
        }

        String text() {
            synchronized (body) {
                return body.toString(StandardCharsets.UTF_8);
            }
        }

        List<Long> ids() {
            List<Long> out = new ArrayList<>();
            Matcher m = ID_LINE.matcher(text());
            while (m.find()) out.add(Long.parseLong(m.group(1)));
            return out;
        }
    }

    /** Runs the handler on its own thread; the returned reference holds what it threw. */
    static Thread run(EventStream stream, Exchange ex, AtomicReference<Throwable> failure) {
        return Thread.ofVirtual().start(() -> {
            try {
                stream.handle(ex);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
    }

    static void await(Exchange ex, Predicate<String> condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.test(ex.text())) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met; the stream so far:\n" + ex.text());
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
    }

    static String line(long seq) {
        return "{\"sessionId\":\"" + ID + "\",\"seq\":" + seq + ",\"event\":{\"type\":\"step/start\",\"data\":{\"turn\":2,\"step\":" + seq + "}}}";
    }

    @Test
    void a_client_resuming_from_a_seq_gets_the_later_stored_events_then_live_ones_in_seq_order_and_none_twice() throws Exception {
        LiveEvents events = new LiveEvents(LiveEvents.Limits.DEFAULTS);
        EventStream stream = new EventStream(LiveAgents.none(events), catalog);
        Exchange ex = new Exchange(false);
        ex.query.put("sessionId", ID);
        ex.query.put("since", "1");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = run(stream, ex, failure);
        await(ex, s -> s.contains("id: 3\n"));
        assertThat(ex.status).isEqualTo(200);
        assertThat(ex.contentType).startsWith("text/event-stream");
        assertThat(ex.text()).startsWith("retry: 2000\nevent: ready\ndata: {\"sessionId\":\"live-1\",\"live\":false,\"lastSeq\":3}\n\n");
        // a notice of an event the backlog already sent, then new ones
        events.publish(ID, 3, line(3));
        events.publish(ID, 4, line(4));
        events.publish(ID, 5, line(5));
        await(ex, s -> s.contains("id: 5\n"));
        assertThat(ex.ids()).containsExactly(2L, 3L, 4L, 5L);
        assertThat(ex.text()).contains("id: 4\nevent: session/event\ndata: " + line(4) + "\n\n");
        events.shutdown();
        t.join(Duration.ofSeconds(60));
        assertThat(t.isAlive()).isFalse();
        assertThat(failure.get()).isNull();
        assertThat(events.clients()).isZero();
    }

    @Test
    void last_event_id_wins_over_since_and_without_either_only_new_events_are_sent() throws Exception {
        LiveEvents events = new LiveEvents(LiveEvents.Limits.DEFAULTS);
        EventStream stream = new EventStream(LiveAgents.none(events), catalog);
        Exchange resumed = new Exchange(false);
        resumed.query.put("sessionId", ID);
        resumed.query.put("since", "-1");
        resumed.headers.put("Last-Event-ID", "2");
        Exchange tail = new Exchange(false);
        tail.query.put("sessionId", ID);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread a = run(stream, resumed, failure);
        Thread b = run(stream, tail, failure);
        await(resumed, s -> s.contains("id: 3\n"));
        await(tail, s -> s.contains("event: ready"));
        while (events.clients() < 2) java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        events.publish(ID, 4, line(4));
        await(tail, s -> s.contains("id: 4\n"));
        await(resumed, s -> s.contains("id: 4\n"));
        assertThat(resumed.ids()).containsExactly(3L, 4L);
        assertThat(tail.ids()).containsExactly(4L);
        events.shutdown();
        a.join(Duration.ofSeconds(60));
        b.join(Duration.ofSeconds(60));
        assertThat(failure.get()).isNull();
    }

    @Test
    void a_client_that_does_not_read_is_dropped_with_a_lagged_marker_and_never_blocks_the_publisher() throws Exception {
        LiveEvents events = new LiveEvents(new LiveEvents.Limits(8, 4, 1 << 20));
        EventStream stream = new EventStream(LiveAgents.none(events), catalog);
        Exchange slow = new Exchange(true);
        slow.query.put("sessionId", ID);
        slow.query.put("since", "3");
        Exchange fast = new Exchange(false);
        fast.query.put("sessionId", ID);
        fast.query.put("since", "3");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread s = run(stream, slow, failure);
        Thread f = run(stream, fast, failure);
        assertThat(slow.writing.await(60, TimeUnit.SECONDS)).isTrue(); // stuck in its first write
        await(fast, x -> x.contains("event: ready"));
        while (events.clients() < 2) java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        // 100 events on this thread, two at a time as fast as the reading client takes them: had any
        // offer blocked on the stuck client, this would never return
        for (long seq = 4; seq < 104; seq += 2) {
            events.publish(ID, seq, line(seq));
            events.publish(ID, seq + 1, line(seq + 1));
            long last = seq + 1;
            await(fast, x -> x.contains("id: " + last + "\n"));
        }
        assertThat(events.droppedClients()).isEqualTo(1);
        assertThat(fast.ids()).hasSize(100);
        slow.hold.countDown();
        s.join(Duration.ofSeconds(60));
        assertThat(s.isAlive()).isFalse();
        assertThat(slow.text()).endsWith("event: lagged\ndata: {\"lastSeq\":3}\n\n");
        assertThat(slow.ids()).isEmpty();
        assertThat(events.clients()).isEqualTo(1);
        // it resumes where it was: Last-Event-ID 3, the stored backlog has nothing later, the live events come again
        events.shutdown();
        f.join(Duration.ofSeconds(60));
        assertThat(failure.get()).isNull();
    }

    @Test
    void a_subscriber_over_its_byte_budget_is_dropped_and_its_queue_emptied() throws InterruptedException {
        LiveEvents events = new LiveEvents(new LiveEvents.Limits(8, 1000, 1000));
        try (LiveEvents.Subscriber sub = events.subscribe(ID).orElseThrow()) {
            String big = "x".repeat(400);
            events.publish(ID, 1, big);
            events.publish(ID, 2, big);
            assertThat(sub.lagged()).isFalse();
            events.publish(ID, 3, big);
            assertThat(sub.lagged()).isTrue();
            events.publish(ID, 4, big);
            assertThat(sub.drain()).containsExactly(LiveEvents.LAGGED);
            assertThat(sub.next(0)).isSameAs(LiveEvents.LAGGED);
        }
        assertThat(events.clients()).isZero();
        assertThat(events.listening(ID)).isFalse();
    }

    @Test
    void the_client_cap_answers_503_and_a_closed_subscriber_frees_its_place() throws Exception {
        LiveEvents events = new LiveEvents(new LiveEvents.Limits(2, 16, 1 << 20));
        LiveEvents.Subscriber a = events.subscribe(ID).orElseThrow();
        LiveEvents.Subscriber b = events.subscribe("other").orElseThrow();
        EventStream stream = new EventStream(LiveAgents.none(events), catalog);
        Exchange ex = new Exchange(false);
        ex.query.put("sessionId", ID);
        assertThatThrownBy(() -> stream.handle(ex)).isInstanceOfSatisfying(WebProblem.class, p -> assertThat(p.status()).isEqualTo(503));
        assertThat(ex.responseHeaders).containsEntry("Retry-After", "5");
        a.close();
        a.close();
        assertThat(events.clients()).isEqualTo(1);
        assertThat(events.subscribe(ID)).isPresent();
        b.close();
    }

    @Test
    void bad_seqs_unknown_sessions_and_missing_ids_are_refused_before_streaming() {
        LiveEvents events = new LiveEvents(LiveEvents.Limits.DEFAULTS);
        EventStream stream = new EventStream(LiveAgents.none(events), catalog);
        for (String bad : List.of("-2", "01", "1.5", "x", "99999999999999999999", " 1", "1e3")) {
            Exchange ex = new Exchange(false);
            ex.query.put("sessionId", ID);
            ex.headers.put("Last-Event-ID", bad);
            assertThatThrownBy(() -> stream.handle(ex)).as(bad)
                    .isInstanceOfSatisfying(WebProblem.class, p -> assertThat(p.status()).isEqualTo(400)).hasMessageContaining("Last-Event-ID");
        }
        Exchange none = new Exchange(false);
        assertThatThrownBy(() -> stream.handle(none)).isInstanceOfSatisfying(WebProblem.class, p -> assertThat(p.status()).isEqualTo(400));
        for (String id : List.of("nope", "../" + ID, ID + "/..", "live")) {
            Exchange ex = new Exchange(false);
            ex.query.put("sessionId", id);
            assertThatThrownBy(() -> stream.handle(ex)).as(id)
                    .isInstanceOfSatisfying(WebProblem.class, p -> assertThat(p.status()).isEqualTo(404));
        }
        assertThat(events.clients()).isZero();
    }
}
