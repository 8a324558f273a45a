package io.dsh4j.session.event;

/**
 * A first line that is not a valid session header (not JSON, not an object, wrong {@code type},
 * a missing or mistyped field, a retired key). Corruption of the whole log; names the field.
 */
public final class SessionHeaderException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    public SessionHeaderException(String problem, String field, Throwable cause) {
        super("corrupt session log: invalid header" + (field == null ? "" : " field " + field) + ": " + problem,
                "session", -1, field, cause);
    }
}
