package io.dsh4j.session;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;

/**
 * Folds a streamed log into its {@link SessionStats} (what {@code sessions stats} does): pass it to
 * {@link SessionLogReader#stream}, then read {@link #totals()}. Memory stays flat as the log grows.
 * One log per instance; not thread-safe.
 */
public final class StatsVisitor implements SessionLogVisitor {

    private SessionStats stats;

    @Override
    public void header(SessionHeader header) {
        stats = new SessionStats(header);
    }

    @Override
    public void event(SessionEvent event) {
        stats.accept(event);
    }

    /** Whether a header was read (without one there are no figures). */
    public boolean hasHeader() {
        return stats != null;
    }

    /**
     * The figures of the events seen so far.
     *
     * @throws IllegalStateException when no header was read
     */
    public StatsTotals totals() {
        if (stats == null) throw new IllegalStateException("no session header was read");
        return stats.totals();
    }

    /**
     * The accumulator itself: lineage ({@code parentSession}, {@code seedLength}) and
     * {@link SessionStats#ownTotals()}.
     *
     * @throws IllegalStateException when no header was read
     */
    public SessionStats stats() {
        if (stats == null) throw new IllegalStateException("no session header was read");
        return stats;
    }
}
