package io.dsh4j.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.LosslessJsonException;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SurfaceOp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live session (spec kernel-and-agent §5.2): an append-only log with contiguous seqs from 0, its
 * header, its surface and the model history derived from it. {@link #append} checks the data is
 * lossless JSON and the surface metadata valid, commits synchronously, queues the event for the
 * write-behind batch, then tells the observer ({@code session/event}) on the appending thread.
 *
 * <p>Thread-safe: appends are serialized, so seqs and notices are in one order. An append made from
 * inside a notice of the same session on the same thread is refused with {@link #REENTRY} (DSH's
 * re-entrancy rule); other threads simply wait for the notice to finish.
 */
public final class LiveSession {

    /** The message of a re-entrant append (spec Appendix A). */
    public static final String REENTRY = "session append cannot reenter while another append is being published";

    private static final Logger LOG = LoggerFactory.getLogger(LiveSession.class);

    private final SessionHeader header;
    private final long firstLiveSeq;
    private final WriteBehind persistence;
    private final SessionObserver observer;
    private final LongSupplier clock;
    private final Path path;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<SessionEvent> events = new ArrayList<>();
    private SurfaceFold fold = new SurfaceFold();
    private boolean publishing;

    LiveSession(SessionHeader header, List<SessionEvent> stored, long firstLiveSeq, WriteBehind persistence,
                SessionObserver observer, LongSupplier clock, Path path) {
        this.header = header;
        this.firstLiveSeq = firstLiveSeq;
        this.persistence = persistence;
        this.observer = observer;
        this.clock = clock;
        this.path = path;
        for (SessionEvent e : stored) {
            fold.accept(e);
            events.add(e);
        }
    }

    /** The session id. */
    public String id() {
        return header.id();
    }

    /** The immutable header. */
    public SessionHeader header() {
        return header;
    }

    /** The seq of the first event this lifecycle appended itself (after a seed or a stored log). */
    public long firstLiveSeq() {
        return firstLiveSeq;
    }

    /** The transcript path, or empty for a session kept in memory only. */
    public Optional<Path> path() {
        return Optional.ofNullable(path);
    }

    /**
     * The session's append lock, shared by its agent's inbox and driver state so that one lock orders
     * everything that lands in this log (no lock-order inversion between agent and session).
     */
    ReentrantLock lock() {
        return lock;
    }

    /** How many events the log holds: the seq of the next append. */
    public long length() {
        lock.lock();
        try {
            return events.size();
        } finally {
            lock.unlock();
        }
    }

    /** A snapshot of every event, in seq order. */
    public List<SessionEvent> events() {
        lock.lock();
        try {
            return List.copyOf(events);
        } finally {
            lock.unlock();
        }
    }

    /** The event at {@code seq}. */
    public SessionEvent event(long seq) {
        lock.lock();
        try {
            return events.get(Math.toIntExact(seq));
        } finally {
            lock.unlock();
        }
    }

    /** The current surface events, in model-history order. */
    public List<SessionEvent> surface() {
        lock.lock();
        try {
            return fold.nodes();
        } finally {
            lock.unlock();
        }
    }

    /** The model history projected from the current surface ({@code deriveMessages()}). */
    public List<Message> deriveMessages() {
        lock.lock();
        try {
            return fold.history();
        } finally {
            lock.unlock();
        }
    }

    /** Appends a log-only event. See {@link #append(String, JsonNode, SurfaceOp, List)}. */
    public SessionEvent append(String type, JsonNode data) {
        return append(type, data, null, null);
    }

    /** Appends a typed event, its type taken from the payload. */
    public SessionEvent append(EventPayload payload, SurfaceOp surfaceOp, List<Long> sourceEventSeqs) {
        return commit(payload.type(), null, payload, surfaceOp, sourceEventSeqs);
    }

    /** Appends a typed log-only event. */
    public SessionEvent append(EventPayload payload) {
        return commit(payload.type(), null, payload, null, null);
    }

    /**
     * Commits one event: snapshot of {@code data} (lossless JSON), surface validation, seq = length.
     *
     * @param surfaceOp {@code null} for a log-only event
     * @param sourceEventSeqs {@code null} when absent
     * @return the committed event
     * @throws IllegalArgumentException when the data is not lossless JSON or the surface metadata is
     *     invalid (naming the type and seq); nothing is committed
     * @throws IllegalStateException {@link #REENTRY} from inside this session's own notice
     */
    public SessionEvent append(String type, JsonNode data, SurfaceOp surfaceOp, List<Long> sourceEventSeqs) {
        return commit(type, data.deepCopy(), null, surfaceOp, sourceEventSeqs);
    }

    private SessionEvent commit(String type, JsonNode data, EventPayload payload, SurfaceOp surfaceOp,
                                List<Long> sourceEventSeqs) {
        lock.lock();
        try {
            if (publishing) throw new IllegalStateException(REENTRY);
            long seq = events.size();
            SessionEvent.Builder b = SessionEvent.builder(type, seq, clock.getAsLong());
            if (payload != null) b.payload(payload);
            else b.data(data);
            if (sourceEventSeqs != null) b.sourceEventSeqs(List.copyOf(sourceEventSeqs));
            if (surfaceOp != null) b.surfaceOp(surfaceOp);
            SessionEvent event = b.build();
            try {
                JsJson.requireLossless(event.data());
            } catch (LosslessJsonException e) {
                throw new IllegalArgumentException("session " + id() + ": event " + type + " (seq " + seq
                        + ") is not lossless JSON: " + e.getMessage(), e);
            }
            try {
                fold.accept(event);
            } catch (RuntimeException e) {
                rebuildFold();
                throw new IllegalArgumentException("session " + id() + ": event " + type + " (seq " + seq
                        + ") rejected: " + e.getMessage(), e);
            }
            events.add(event);
            persistence.enqueue(event);
            publishing = true;
            try {
                observer.committed(new SessionNotice(this, event));
            } catch (RuntimeException e) {
                LOG.warn("session {}: session/event listener failed on {} (seq {})", id(), type, seq, e);
            } finally {
                publishing = false;
            }
            return event;
        } finally {
            lock.unlock();
        }
    }

    private void rebuildFold() {
        SurfaceFold fresh = new SurfaceFold();
        events.forEach(fresh::accept);
        fold = fresh;
    }

    /**
     * The semantic checkpoint: makes every committed event durable before returning (fails closed).
     *
     * @throws UncheckedIOException when the batch cannot be written; it stays queued
     */
    public void checkpoint() {
        try {
            persistence.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("session " + id() + ": checkpoint failed: " + e.getMessage(), e);
        }
    }

    /** Events committed but not yet durable. */
    public int pendingWrites() {
        return persistence.pending();
    }

    /** Batches written so far (one zstd frame each). */
    public long writtenBatches() {
        return persistence.batches();
    }
}
