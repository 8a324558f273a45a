package io.dsh4j.kernel;

/** Carries a checked exception thrown by an effect body out of {@link Context#effect}. */
public final class SetupException extends RuntimeException {

    public SetupException(Throwable cause) {
        super(cause.toString(), cause);
    }
}
