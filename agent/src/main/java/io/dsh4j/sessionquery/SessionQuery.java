package io.dsh4j.sessionquery;

import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.kernel.Signal;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ctx.sessionQuery} (spec sessions-llm-http §3.1): exact reads over the live-preferred corpus —
 * live sessions in memory win over persisted logs with the same id; each record says where it is
 * available; differing immutable headers for one id are {@code SESSION_QUERY_SOURCE_CONFLICT}. Never
 * resumes or repairs a stored session on disk (crash-repair closers are synthesised in memory).
 *
 * <p>Thread-safe. Either source may be absent.
 */
public final class SessionQuery {

    /** The service key: {@code ctx.sessionQuery}. */
    public static final ServiceKey<SessionQuery> KEY = ServiceKey.of("sessionQuery", SessionQuery.class);

    /** Newest first by {@code createdAt}, ties by id ascending. */
    static final Comparator<SessionRecord> ORDER = Comparator
            .comparingLong((SessionRecord r) -> r.header().createdAt()).reversed()
            .thenComparing(r -> r.header().id());

    private final LiveSessions live;
    private final SessionStore store;

    /** @param live the live sessions, or {@code null}; @param store the persisted sessions, or {@code null} */
    public SessionQuery(LiveSessions live, SessionStore store) {
        this.live = live;
        this.store = store;
    }

    /** One session of the corpus. */
    public record SessionRecord(SessionHeader header, boolean live, boolean persisted) {}

    /** A complete raw log. */
    public record SessionDocument(SessionHeader session, List<SessionEvent> events) {}

    /** One atomic observation of the current surface. */
    public record SurfaceSnapshot(SessionHeader session, Long capturedThroughSeq, List<SessionEvent> events) {}

    /** How a raw event stands with respect to the surface. */
    public enum Surface {
        CURRENT("current"), SHADOWED("shadowed"), LOG_ONLY("log-only");

        private final String wire;

        Surface(String wire) { this.wire = wire; }

        /** DSH's name. */
        public String wire() { return wire; }
    }

    /** One raw event, classified. */
    public record EventRecord(String sessionId, long seq, String type, long time, Surface surface) {}

    /**
     * Every session, header only (no log is loaded), newest first.
     *
     * @throws SessionQueryException {@code ABORTED}, {@code PERSISTENCE_FAILED}, {@code SOURCE_CONFLICT}
     */
    public List<SessionRecord> listSessions(Signal signal) {
        checkAborted(signal);
        Map<String, SessionHeader> liveHeaders = new LinkedHashMap<>();
        Set<String> liveOnDisk = new HashSet<>();
        if (live != null) {
            for (LiveSession s : live.list()) {
                liveHeaders.put(s.id(), s.header());
            }
        }
        Map<String, SessionRecord> out = new LinkedHashMap<>();
        for (StoredSession s : persisted()) {
            checkAborted(signal);
            SessionHeader liveHeader = liveHeaders.get(s.id());
            if (liveHeader != null) {
                requireSameHeader(liveHeader, s.header());
                liveOnDisk.add(s.id());
            } else {
                out.put(s.id(), new SessionRecord(s.header(), false, true));
            }
        }
        liveHeaders.forEach((id, h) -> out.put(id, new SessionRecord(h, true, liveOnDisk.contains(id))));
        List<SessionRecord> sorted = new ArrayList<>(out.values());
        sorted.sort(ORDER);
        return List.copyOf(sorted);
    }

    /**
     * The complete, replay-validated raw log (with in-memory crash-repair closers for a persisted
     * session whose last turn is open).
     *
     * @throws SessionQueryException {@code SESSION_NOT_FOUND}, {@code CORRUPT_SESSION}, {@code PERSISTENCE_FAILED}
     */
    public SessionDocument readSession(String id) {
        Optional<LiveSession> l = liveSession(id);
        if (l.isPresent()) return new SessionDocument(l.get().header(), l.get().events());
        StoredSession s = stored(id).orElseThrow(() -> SessionQueryException.notFound(id));
        SessionLog log;
        try {
            log = store.inspect(s);
        } catch (SessionLogException e) {
            throw corrupt(id, e);
        } catch (IOException | RuntimeException e) {
            throw new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_PERSISTENCE_FAILED,
                    "cannot read session \"" + id + "\": " + e.getMessage(), e);
        }
        if (!log.status().readable() || log.status() instanceof LogStatus.Refused) {
            throw new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_CORRUPT_SESSION,
                    "session \"" + id + "\" cannot be read: " + log.status().describe(), null);
        }
        return new SessionDocument(log.header(), log.inspect());
    }

    /**
     * The current surface events in model-history order.
     *
     * @throws SessionQueryException {@code SESSION_NOT_FOUND}, {@code INVALID_SURFACE}, and those of {@link #readSession}
     */
    public SurfaceSnapshot readSurface(String id) {
        SessionDocument doc = readSession(id);
        SurfaceFold fold = fold(id, doc.events());
        Long through = doc.events().isEmpty() ? null : doc.events().getLast().seq();
        return new SurfaceSnapshot(doc.session(), through, fold.nodes());
    }

    /** Every raw event, classified {@code current} / {@code shadowed} / {@code log-only}. */
    public List<EventRecord> listEvents(String id) {
        SessionDocument doc = readSession(id);
        SurfaceFold fold = fold(id, doc.events());
        Set<Long> current = new HashSet<>(fold.nodeSeqs());
        List<EventRecord> out = new ArrayList<>(doc.events().size());
        for (SessionEvent e : doc.events()) {
            Surface surface = current.contains(e.seq()) ? Surface.CURRENT
                    : EventTypes.isSurface(e.type()) && e.surfaceOp() != null ? Surface.SHADOWED : Surface.LOG_ONLY;
            out.add(new EventRecord(id, e.seq(), e.type(), e.time(), surface));
        }
        return List.copyOf(out);
    }

    private static SurfaceFold fold(String id, List<SessionEvent> events) {
        SurfaceFold fold = new SurfaceFold(events.isEmpty() ? 0 : events.getFirst().seq());
        try {
            events.forEach(fold::accept);
        } catch (RuntimeException e) {
            throw new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_INVALID_SURFACE,
                    "session \"" + id + "\" has an invalid surface: " + e.getMessage(), e);
        }
        return fold;
    }

    private Optional<LiveSession> liveSession(String id) {
        return live == null ? Optional.empty() : live.get(id);
    }

    private Optional<StoredSession> stored(String id) {
        if (store == null) return Optional.empty();
        try {
            return store.find(id);
        } catch (IOException | RuntimeException e) {
            throw new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_PERSISTENCE_FAILED,
                    "cannot look up session \"" + id + "\": " + e.getMessage(), e);
        }
    }

    private List<StoredSession> persisted() {
        if (store == null) return List.of();
        try {
            return store.list();
        } catch (IOException | RuntimeException e) {
            throw new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_PERSISTENCE_FAILED,
                    "cannot list sessions under " + store.root() + ": " + e.getMessage(), e);
        }
    }

    private static void requireSameHeader(SessionHeader live, SessionHeader persisted) {
        if (!live.equals(persisted)) {
            throw new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_SOURCE_CONFLICT,
                    "session \"" + live.id() + "\" has different headers live and on disk", null);
        }
    }

    private static SessionQueryException corrupt(String id, Exception e) {
        return new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_CORRUPT_SESSION,
                "session \"" + id + "\" is corrupt: " + e.getMessage(), e);
    }

    private static void checkAborted(Signal signal) {
        if (signal != null && signal.aborted()) {
            throw new SessionQueryException(SessionQueryException.Code.SESSION_QUERY_ABORTED,
                    "session query aborted: " + signal.reason(), null);
        }
    }
}
