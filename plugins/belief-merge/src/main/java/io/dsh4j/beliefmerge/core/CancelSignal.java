package io.dsh4j.beliefmerge.core;

/**
 * A minimal cancellation signal for blocking model calls: the engine checks it before each call and a
 * {@link TextModel} should stop promptly once it is raised.
 *
 * <p>A stand-in for the kernel's {@code Signal}, kept to one method so that adapting one to the other
 * is a one-line lambda. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface CancelSignal {

    /** A signal that is never raised. */
    CancelSignal NEVER = () -> false;

    /** True once cancellation was requested. */
    boolean isCancelled();
}
