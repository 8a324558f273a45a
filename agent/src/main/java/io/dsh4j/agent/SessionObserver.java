package io.dsh4j.agent;

/**
 * Hears the live sessions service: every committed event (on the appending thread, while the
 * session's append lock is held, so notices arrive in seq order), and sessions entering and leaving
 * the service. The kernel glue turns these into {@code session/event} (contained),
 * {@code session/created} (a throw vetoes) and {@code session/disposed} (contained). An observer
 * must not block.
 */
public interface SessionObserver {

    /** An observer that hears nothing. */
    SessionObserver NONE = notice -> { };

    /** Called once per committed event; an exception is logged by the session and goes no further. */
    void committed(SessionNotice notice);

    /** A session was published; throwing vetoes it (it is removed again, nothing was written). */
    default void created(LiveSession session) {}

    /** A session left the service (its events were flushed first). */
    default void disposed(LiveSession session) {}
}
