package io.dsh4j.agent;

import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogWriter;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.SessionStoreException;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The live sessions service, {@code ctx.sessions} (spec kernel-and-agent §5.2, sessions-llm-http
 * §1.7). Sessions are created lazily — nothing touches the disk until the first batch is written —
 * and persisted through the session library's {@link SessionLogWriter} with write-behind batching;
 * {@link LiveSession#checkpoint()} is the semantic checkpoint. A stored session reopened with
 * {@link #resume} is crash-repaired the DSH way ({@link SessionStore#load}) before its next append.
 *
 * <p>Thread-safe. A service without a store keeps sessions in memory only.
 */
public final class LiveSessions implements AutoCloseable {

    /** The service key: {@code ctx.sessions}. */
    public static final ServiceKey<LiveSessions> KEY = ServiceKey.of("sessions", LiveSessions.class);

    /** DSH's {@code writeBatchMaxDelayMs} default. */
    public static final long DEFAULT_WINDOW_MILLIS = 200;

    private final SessionStore store;
    private final long windowMillis;
    private final WindowScheduler scheduler;
    private final LongSupplier clock;
    private volatile SessionObserver observer = SessionObserver.NONE;
    private final Map<String, LiveSession> live = new ConcurrentHashMap<>();

    /**
     * @param store where sessions are persisted, or {@code null} to keep them in memory
     * @param windowMillis the write-behind window ({@code writeBatchMaxDelayMs})
     */
    public LiveSessions(SessionStore store, long windowMillis, WindowScheduler scheduler, LongSupplier clock) {
        if (windowMillis < 0) throw new IllegalArgumentException("writeBatchMaxDelayMs must be >= 0, not " + windowMillis);
        this.store = store;
        this.windowMillis = windowMillis;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /** Sets who hears commits and lifecycle (the kernel glue does, once). */
    public void observe(SessionObserver observer) {
        this.observer = observer;
    }

    /** The store sessions are persisted in, if any. */
    public Optional<SessionStore> store() {
        return Optional.ofNullable(store);
    }

    /** What a new session starts with. */
    public record CreateOptions(String id, String cwd, String parentSession, String origin, long delegationDepth,
                                List<SessionEvent> seed) {
        public CreateOptions {
            seed = seed == null ? List.of() : List.copyOf(seed);
        }

        /** A top-level session in {@code cwd} with a fresh id. */
        public static CreateOptions in(String cwd) {
            return new CreateOptions(null, cwd, null, null, 0, List.of());
        }

        /** The same with id {@code id}. */
        public CreateOptions withId(String newId) {
            return new CreateOptions(newId, cwd, parentSession, origin, delegationDepth, seed);
        }

        /** The same starting from {@code events} (validated at create). */
        public CreateOptions withSeed(List<SessionEvent> events) {
            return new CreateOptions(id, cwd, parentSession, origin, delegationDepth, events);
        }
    }

    /**
     * Creates and publishes a session. A seed is validated ({@link SessionSeed}) and followed by one
     * {@code session/end-seed} marker unless it already ends with one.
     *
     * @throws IllegalArgumentException for a bad seed
     * @throws IllegalStateException when the id is live already
     * @throws UncheckedIOException when the id exists on disk, or the store cannot be listed
     */
    public LiveSession create(CreateOptions options) {
        String id = options.id() != null ? options.id() : UUID.randomUUID().toString();
        List<SessionEvent> seed = options.seed();
        SessionSeed.validate(seed);
        boolean marked = !seed.isEmpty() && seed.getLast().type().equals(EventTypes.SESSION_END_SEED);
        Long seedLength = seed.isEmpty() ? null : (long) seed.size() + (marked ? 0 : 1);
        SessionHeader header = SessionHeader.create(id, clock.getAsLong(), options.cwd(), options.parentSession(),
                seedLength, options.origin(), options.delegationDepth(), null);
        SessionLogWriter writer = null;
        if (store != null) {
            try {
                writer = store.create(header);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create session \"" + id + "\": " + e.getMessage(), e);
            }
        }
        WriteBehind wb = new WriteBehind(writer, windowMillis, scheduler);
        LiveSession session = new LiveSession(header, seed, seed.size() + (marked ? 0 : 1), wb, this::publish, clock,
                writer == null ? null : writer.path());
        seed.forEach(wb::enqueue);
        if (!seed.isEmpty() && !marked) session.append(new EventPayload.EndSeed());
        publishNew(session);
        return session;
    }

    /**
     * Reopens a stored session: reads it, makes its crash repair durable (torn tail cut, closers of an
     * interrupted turn appended as one frame), and publishes it live.
     *
     * @throws SessionStoreException when there is no store, no such session, or its log is corrupt
     */
    public LiveSession resume(String id) throws IOException {
        if (store == null) throw new SessionStoreException("no session store: cannot resume \"" + id + "\"", null);
        if (live.containsKey(id)) throw new IllegalStateException("session \"" + id + "\" is live already");
        StoredSession stored = store.find(id)
                .orElseThrow(() -> new SessionStoreException("session \"" + id + "\" not found under " + store.root(), store.root()));
        SessionLog log = store.load(stored);
        SessionLogWriter writer = store.resume(stored, log.events().size());
        WriteBehind wb = new WriteBehind(writer, windowMillis, scheduler);
        LiveSession session = new LiveSession(log.header(), log.events(), log.events().size(), wb, this::publish, clock,
                stored.path());
        publishNew(session);
        return session;
    }

    private void publishNew(LiveSession session) {
        if (live.putIfAbsent(session.id(), session) != null) {
            throw new IllegalStateException("session \"" + session.id() + "\" is live already");
        }
        try {
            observer.created(session);
        } catch (RuntimeException e) {
            live.remove(session.id(), session);
            throw e;
        }
    }

    private void publish(SessionNotice notice) {
        observer.committed(notice);
    }

    /** The live session {@code id}. */
    public Optional<LiveSession> get(String id) {
        return Optional.ofNullable(live.get(id));
    }

    /** Every live session (no order promised). */
    public List<LiveSession> list() {
        return new ArrayList<>(live.values());
    }

    /** The {@code session/flush} checkpoint of one session. */
    public void flush(LiveSession session) {
        session.checkpoint();
    }

    /**
     * Flushes and removes a session ({@code session/disposed}). Idempotent.
     *
     * @throws UncheckedIOException when its last batch cannot be written (it is removed anyway)
     */
    public void dispose(LiveSession session) {
        if (!live.remove(session.id(), session)) return;
        try {
            session.checkpoint();
        } finally {
            observer.disposed(session);
        }
    }

    /** Flushes every live session and removes them; the first write failure is rethrown after all tried. */
    @Override
    public void close() {
        RuntimeException first = null;
        for (LiveSession s : list()) {
            try {
                dispose(s);
            } catch (RuntimeException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }
}
