package io.dsh4j.kernel;

import java.util.List;

/**
 * Thrown by a {@code parallel} dispatch after every listener settled, when at least one failed; the
 * failures are in listener order, and also attached as suppressed exceptions.
 */
public final class AggregateException extends RuntimeException {

    private final List<Throwable> failures;

    public AggregateException(String message, List<Throwable> failures) {
        super(message + " (" + failures.size() + " failed)", failures.isEmpty() ? null : failures.get(0));
        this.failures = List.copyOf(failures);
        failures.forEach(this::addSuppressed);
    }

    /** Every listener failure, in listener order. */
    public List<Throwable> failures() {
        return failures;
    }
}
