package io.dsh4j.session.event;

/**
 * A log this build must not interpret because a newer (or older) harness wrote it: a header
 * {@code version} other than {@link SessionHeader#FORMAT_VERSION}, or an event type outside
 * {@link EventTypes#KNOWN} without {@code "ignorable": true}. Not corruption: the user should
 * upgrade the harness. The message names the version or the type and seq.
 */
public final class UnsupportedFormatException extends SessionLogException {

    private static final long serialVersionUID = 1L;

    public UnsupportedFormatException(String message, String type, long seq) {
        super(message, type, seq, null, null);
    }
}
