package io.dsh4j.session.internal;

/** A record that is not valid storage (DSH: a parse or decode failure); the scanner decides torn or corrupt. */
public final class MalformedRecordException extends RuntimeException {
    public MalformedRecordException(String message) {
        super(message);
    }

    public MalformedRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
