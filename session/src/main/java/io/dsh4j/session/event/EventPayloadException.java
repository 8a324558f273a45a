package io.dsh4j.session.event;

/**
 * An event whose {@code data} does not have the shape its typed payload view needs (a missing or
 * mistyped field). The event itself stays intact and re-encodes unchanged; only the typed view fails.
 */
public final class EventPayloadException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    public EventPayloadException(String problem, String type, long seq, String field, Throwable cause) {
        super("malformed " + where(type, seq) + " payload" + (field == null ? "" : ", field " + field) + ": " + problem,
                type, seq, field, cause);
    }
}
