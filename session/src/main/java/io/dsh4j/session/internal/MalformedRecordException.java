package io.dsh4j.session.internal;

/**
 * A record that is not valid storage (DSH: a parse or decode failure); the scanner decides torn or
 * corrupt. The message says what is wrong; {@link #location()} where inside the record, when known.
 */
public final class MalformedRecordException extends RuntimeException {

    private final String location;

    public MalformedRecordException(String message) {
        this(message, null, null);
    }

    public MalformedRecordException(String message, Throwable cause) {
        this(message, null, cause);
    }

    /** @param location where inside the record ({@code "text-chunks at seq 4, field data.dt"}), or {@code null} */
    public MalformedRecordException(String message, String location, Throwable cause) {
        super(message, cause);
        this.location = location;
    }

    /** Where inside the record the problem is, or {@code null} when not known. */
    public String location() {
        return location;
    }
}
