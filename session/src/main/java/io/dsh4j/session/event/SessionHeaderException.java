package io.dsh4j.session.event;

/**
 * A first line that is not a valid session header (not JSON, not an object, wrong {@code type},
 * a missing or mistyped field, a retired key). Corruption of the whole log. The message is
 * {@code "invalid session header: <problem>"}, the problem naming the field; {@link #field()} gives
 * it too.
 */
public final class SessionHeaderException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    public SessionHeaderException(String problem, String field, Throwable cause) {
        super("invalid session header: " + problem, "session", -1, field, cause);
    }
}
