package io.dsh4j.kernel;

/**
 * Thrown by {@link Signal#throwIfAborted()} (DOM's {@code AbortError}): the work was cancelled; the
 * {@link #reason()} is what the canceller passed to {@link AbortController#abort(Object)}.
 */
public final class AbortedException extends RuntimeException {

    private final transient Object reason;

    public AbortedException(Object reason) {
        super("aborted: " + reason, reason instanceof Throwable t ? t : null);
        this.reason = reason;
    }

    /** The abort reason, never {@code null}. */
    public Object reason() {
        return reason;
    }
}
