package io.dsh4j.session.internal;

/** A well-formed record this harness refuses to interpret (another format version, an unknown event type). */
public final class RecordRefusedException extends RuntimeException {
    public RecordRefusedException(String message) {
        super(message);
    }

    public RecordRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
