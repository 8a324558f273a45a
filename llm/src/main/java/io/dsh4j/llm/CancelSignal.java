package io.dsh4j.llm;

/**
 * The llm module's own cancellation type, so that it does not depend on the kernel: a read-only view
 * of "has the caller given up on this call?" plus a way to be told at once. The kernel's {@code Signal}
 * adapts to it in two lines (see the module README); {@link CancelSource} is the plain implementation.
 *
 * <p>Implementations are thread-safe. {@link #onCancel} actions run at most once, on the thread that
 * cancels (or at once on the registering thread when already cancelled); they must not block.
 */
public interface CancelSignal {

    /** Whether cancellation has been requested. */
    boolean cancelled();

    /**
     * Runs {@code action} once when cancellation is requested, or at once when it already was.
     *
     * @return a registration whose {@link Registration#close()} removes the action (idempotent)
     */
    Registration onCancel(Runnable action);

    /** A registered cancel action; closing it deregisters the action. */
    @FunctionalInterface
    interface Registration extends AutoCloseable {
        @Override void close();
    }

    /** A signal that is never cancelled. */
    static CancelSignal never() {
        return NeverCancelled.INSTANCE;
    }

    /** The never-cancelled signal. */
    enum NeverCancelled implements CancelSignal {
        INSTANCE;

        @Override public boolean cancelled() { return false; }

        @Override public Registration onCancel(Runnable action) { return () -> { }; }
    }
}
