package io.dsh4j.kernel;

/**
 * Owns one {@link Signal} and aborts it. The first {@link #abort(Object)} wins: its reason sticks and
 * the signal's listeners run, once, on the aborting thread; later calls change nothing.
 */
public final class AbortController {

    private final Signal signal = new Signal();

    /** The signal this controller aborts; hand it to the work to cancel. */
    public Signal signal() {
        return signal;
    }

    /**
     * Aborts with {@code reason} (any object; DSH uses cancel causes such as {@code {kind:'hook'}}).
     *
     * @return {@code true} if this call aborted the signal, {@code false} if it was already aborted
     */
    public boolean abort(Object reason) {
        return signal.abort(reason);
    }

    /** Aborts with the reason {@code "aborted"}. */
    public boolean abort() {
        return abort(Signal.DEFAULT_REASON);
    }

    @Override
    public String toString() {
        return "AbortController[" + signal + "]";
    }
}
