package io.dsh4j.sessionquery;

import java.util.Objects;

/** A session query failure with one of the closed set of codes of spec sessions-llm-http §3.1. */
public final class SessionQueryException extends RuntimeException {

    /** The error codes. */
    public enum Code {
        SESSION_QUERY_ABORTED,
        SESSION_QUERY_CORRUPT_SESSION,
        SESSION_QUERY_INVALID_SURFACE,
        SESSION_QUERY_PERSISTENCE_FAILED,
        SESSION_QUERY_SESSION_NOT_FOUND,
        SESSION_QUERY_SOURCE_CONFLICT
    }

    private final Code code;

    public SessionQueryException(Code code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** The code. */
    public Code code() {
        return code;
    }

    static SessionQueryException notFound(String id) {
        return new SessionQueryException(Code.SESSION_QUERY_SESSION_NOT_FOUND, "session \"" + id + "\" not found", null);
    }
}
