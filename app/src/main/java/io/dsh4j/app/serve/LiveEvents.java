package io.dsh4j.app.serve;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fan-out of the live sessions' {@code session/event} notifications to the console's event-stream
 * clients. {@link #publish} runs on the agent's appending thread and never blocks: it offers the
 * event (serialised once, shared by every client) to each subscriber's bounded queue; a subscriber
 * whose queue is full — more than {@link Limits#queueEvents} events or {@link Limits#queueBytes} bytes
 * waiting — is marked lagged, its queue is emptied and it receives nothing more, so that a slow
 * client costs the agent one failed offer and holds no memory. Its stream then ends with a
 * {@code lagged} marker naming the last seq it was sent; the client resumes from there
 * ({@code Last-Event-ID}). At most {@link Limits#maxClients} subscribers at once. Thread-safe.
 */
final class LiveEvents {

    /** The caps. */
    record Limits(int maxClients, int queueEvents, long queueBytes) {
        static final Limits DEFAULTS = new Limits(256, 2048, 8L << 20);

        Limits {
            if (maxClients < 1 || queueEvents < 1 || queueBytes < 1) throw new IllegalArgumentException("limits must be positive");
        }
    }

    /** One published event: its session, seq and storage line. */
    record Item(String sessionId, long seq, String line) {}

    private final Limits limits;
    private final Map<String, Set<Subscriber>> bySession = new ConcurrentHashMap<>();
    private final AtomicInteger clients = new AtomicInteger();
    private final AtomicLong dropped = new AtomicLong();

    LiveEvents(Limits limits) {
        this.limits = limits;
    }

    /** Whether anyone listens to {@code sessionId} (so that the caller can skip serialising). */
    boolean listening(String sessionId) {
        Set<Subscriber> s = bySession.get(sessionId);
        return s != null && !s.isEmpty();
    }

    /** Offers an event to the session's subscribers; never blocks. */
    void publish(String sessionId, long seq, String line) {
        Set<Subscriber> subs = bySession.get(sessionId);
        if (subs == null) return;
        Item item = new Item(sessionId, seq, line);
        for (Subscriber s : subs) s.offer(item);
    }

    /**
     * A new subscriber of {@code sessionId}, or empty when {@link Limits#maxClients} are subscribed.
     * The caller closes it.
     */
    java.util.Optional<Subscriber> subscribe(String sessionId) {
        if (clients.incrementAndGet() > limits.maxClients()) {
            clients.decrementAndGet();
            return java.util.Optional.empty();
        }
        Subscriber s = new Subscriber(sessionId);
        bySession.compute(sessionId, (k, v) -> {
            Set<Subscriber> set = v == null ? new CopyOnWriteArraySet<>() : v;
            set.add(s);
            return set;
        });
        return java.util.Optional.of(s);
    }

    /** Ends every stream (the server is stopping): each subscriber's next event is {@link #END}. */
    void shutdown() {
        for (Set<Subscriber> subs : bySession.values()) for (Subscriber s : subs) s.end();
    }

    /** Subscribers now. */
    int clients() {
        return clients.get();
    }

    /** Subscribers dropped as lagged since the start. */
    long droppedClients() {
        return dropped.get();
    }

    /** One client's queue. Its methods other than {@link #offer} are called by the client's thread only. */
    final class Subscriber implements AutoCloseable {
        private final String sessionId;
        private final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(limits.queueEvents());
        private final AtomicLong bytes = new AtomicLong();
        private volatile boolean lagged;
        private volatile boolean closed;

        private Subscriber(String sessionId) {
            this.sessionId = sessionId;
        }

        void offer(Item item) {
            if (lagged || closed) return;
            long size = item.line().length();
            if (bytes.addAndGet(size) > limits.queueBytes() || !queue.offer(item)) {
                lagged = true;
                dropped.incrementAndGet();
                queue.clear();
                bytes.set(0);
                queue.offer(LAGGED);
            }
        }

        void end() {
            lagged = true;
            queue.clear();
            bytes.set(0);
            queue.offer(END);
        }

        /** The next event, {@link #LAGGED} once the subscriber fell behind, or {@code null} after {@code waitMillis}. */
        Item next(long waitMillis) throws InterruptedException {
            Item i = queue.poll(waitMillis, TimeUnit.MILLISECONDS);
            if (i == END) return END;
            if (i != null && i != LAGGED) bytes.addAndGet(-i.line().length());
            if (i == null && lagged) return LAGGED;
            return i;
        }

        /** The events waiting now, without blocking (tests and the bench). */
        List<Item> drain() {
            java.util.ArrayList<Item> out = new java.util.ArrayList<>();
            queue.drainTo(out);
            for (Item i : out) if (i != LAGGED) bytes.addAndGet(-i.line().length());
            if (lagged && (out.isEmpty() || out.getLast() != LAGGED)) out.add(LAGGED);
            return out;
        }

        boolean lagged() {
            return lagged;
        }

        @Override
        public void close() {
            if (closed) return;
            closed = true;
            queue.clear();
            bySession.computeIfPresent(sessionId, (k, v) -> {
                v.remove(this);
                return v.isEmpty() ? null : v;
            });
            clients.decrementAndGet();
        }
    }

    /** The marker a lagged subscriber receives last. */
    static final Item LAGGED = new Item("", -1, "");

    /** The marker of a stream the server ends. */
    static final Item END = new Item("", -2, "");
}
