package io.dsh4j.session.event;

/**
 * An event a writer refuses because its data would not survive JSON unchanged ({@code -0},
 * non-finite numbers, non-JSON nodes). Names the event type, seq and the JSON path.
 */
public final class NotLosslessEventException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    public NotLosslessEventException(String problem, String type, long seq, String field, Throwable cause) {
        super("event " + where(type, seq) + " is not lossless JSON" + (field == null ? "" : " at " + field) + ": " + problem,
                type, seq, field, cause);
    }
}
