package io.dsh4j.app.serve;

import io.dsh4j.session.event.SessionEvent;

/**
 * Where committed session events enter the console's live event stream ({@code GET /api/events}):
 * the agent runtime's {@code session/event} notices when {@code dsh4j serve} hosts the agents, or a
 * host that commits events elsewhere (the load driver). {@link #publish} never blocks and costs
 * nothing while no client listens to that session; each client has a bounded queue and is dropped
 * with a {@code lagged} marker when it falls behind. Thread-safe.
 */
public final class LiveFeed {

    final LiveEvents events;

    /** A feed with the default caps (256 clients, 2,048 events or 8 MiB queued per client). */
    public LiveFeed() {
        this(new LiveEvents(LiveEvents.Limits.DEFAULTS));
    }

    LiveFeed(LiveEvents events) {
        this.events = events;
    }

    /** Offers a committed event of {@code sessionId} to that session's clients. */
    public void publish(String sessionId, SessionEvent event) {
        if (events.listening(sessionId)) events.publish(sessionId, event.seq(), LiveAgents.frame(sessionId, event));
    }

    /** Event-stream clients connected now. */
    public int clients() {
        return events.clients();
    }

    /** Clients dropped as lagged since the start. */
    public long droppedClients() {
        return events.droppedClients();
    }

    /** Ends every stream (before the server stops). */
    public void shutdown() {
        events.shutdown();
    }
}
