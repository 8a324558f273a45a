package io.dsh4j.session.event;

/**
 * Base of the typed errors of session-log reading and writing. Each names what is wrong and where:
 * the event {@link #type()} (or {@code null}), its {@link #seq()} (or -1) and the offending
 * {@link #field()} (or {@code null}); the message states all three in words.
 */
public abstract sealed class SessionLogException extends RuntimeException
        permits CorruptRecordException, InvalidEventException, UnsupportedFormatException,
                SessionHeaderException, EventPayloadException, NotLosslessEventException {

    private static final long serialVersionUID = 1L;

    private final String type;
    private final long seq;
    private final String field;

    protected SessionLogException(String message, String type, long seq, String field, Throwable cause) {
        super(message, cause);
        this.type = type;
        this.seq = seq;
        this.field = field;
    }

    /** The event or record type concerned, {@code null} when unknown. */
    public String type() {
        return type;
    }

    /** The seq of the event concerned, -1 when unknown. */
    public long seq() {
        return seq;
    }

    /** The offending field (a path such as {@code data.chunk.index}), {@code null} when not one field. */
    public String field() {
        return field;
    }

    /** "event turn/end at seq 12" style location phrase for messages. */
    static String where(String type, long seq) {
        StringBuilder s = new StringBuilder();
        s.append(type == null ? "record" : type);
        if (seq >= 0) s.append(" at seq ").append(seq);
        return s.toString();
    }
}
