package io.dsh4j.session.event;

/**
 * A well-formed record whose content DSH refuses when it loads a log: surface metadata on a
 * non-surface type, a message event without an identified, well-shaped message, a malformed
 * pre-identity (legacy) shape, or a hard-rejected legacy event ({@code request/header-delta},
 * {@code mode/set}, {@code request/header} with reason {@code fallback}).
 */
public final class InvalidEventException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    public InvalidEventException(String problem, String type, long seq, String field) {
        super("invalid session event (" + where(type, seq) + (field == null ? "" : ", field " + field) + "): " + problem,
                type, seq, field, null);
    }
}
