package io.dsh4j.agent;

import io.dsh4j.session.SessionLogWriter;
import io.dsh4j.session.event.SessionEvent;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write-behind controller of one live session (spec sessions-llm-http §1.7). The first event
 * queued into an idle controller opens a fixed window; when it expires the queued prefix is written as
 * one batch (one zstd frame, synced, truncated back on failure by {@link SessionLogWriter}). Events
 * arriving during a write form the next batch. {@link #flush()} calls the window off and drains
 * everything: the semantic checkpoint, which fails closed. A background failure is logged once, the
 * batch is kept, and the next event (or an explicit flush) retries it.
 *
 * <p>Thread-safe. A {@code null} writer keeps the session in memory only.
 */
final class WriteBehind {

    private static final Logger LOG = LoggerFactory.getLogger(WriteBehind.class);

    private final SessionLogWriter writer;
    private final long windowMillis;
    private final WindowScheduler scheduler;
    private final Object queueLock = new Object();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ArrayDeque<SessionEvent> queue = new ArrayDeque<>();
    private WindowScheduler.Cancellable window;
    private boolean failureLogged;
    private long batches;

    WriteBehind(SessionLogWriter writer, long windowMillis, WindowScheduler scheduler) {
        this.writer = writer;
        this.windowMillis = windowMillis;
        this.scheduler = scheduler;
    }

    /** Queues one committed event; opens the window if none is open. */
    void enqueue(SessionEvent event) {
        synchronized (queueLock) {
            queue.add(event);
            if (window == null && writer != null) {
                window = scheduler.schedule(this::windowExpired, windowMillis);
            }
        }
        if (writer == null) {
            synchronized (queueLock) {
                queue.clear();
            }
        }
    }

    /** Events committed but not yet durable. */
    int pending() {
        synchronized (queueLock) {
            return queue.size();
        }
    }

    /** Batches written so far (each one frame in zstd mode). */
    long batches() {
        synchronized (queueLock) {
            return batches;
        }
    }

    /**
     * The checkpoint: calls the window off and writes everything queued, returning once it is synced.
     *
     * @throws IOException when a batch cannot be written; it stays queued, the file is as before it
     */
    void flush() throws IOException {
        synchronized (queueLock) {
            if (window != null) {
                window.cancel();
                window = null;
            }
        }
        drain();
    }

    private void windowExpired() {
        synchronized (queueLock) {
            window = null;
        }
        try {
            drain();
        } catch (IOException | RuntimeException e) {
            boolean first;
            synchronized (queueLock) {
                first = !failureLogged;
                failureLogged = true;
            }
            if (first) {
                LOG.warn("session {}: background write failed; the batch is kept and retried on the next event or flush: {}",
                        writer.header().id(), e.toString());
            }
        }
    }

    private void drain() throws IOException {
        if (writer == null) return;
        writeLock.lock();
        try {
            while (true) {
                List<SessionEvent> batch;
                synchronized (queueLock) {
                    if (queue.isEmpty()) return;
                    batch = new ArrayList<>(queue);
                    queue.clear();
                }
                try {
                    writer.append(batch);
                } catch (IOException | RuntimeException e) {
                    synchronized (queueLock) {
                        List<SessionEvent> later = new ArrayList<>(queue);
                        queue.clear();
                        queue.addAll(batch);
                        queue.addAll(later);
                    }
                    throw e;
                }
                synchronized (queueLock) {
                    batches++;
                    failureLogged = false;
                }
            }
        } finally {
            writeLock.unlock();
        }
    }
}
