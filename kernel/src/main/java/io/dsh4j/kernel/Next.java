package io.dsh4j.kernel;

/**
 * The rest of a waterfall chain, as seen by one listener. Calling {@link #proceed()} runs the
 * following listener (and finally the innermost default) with the same payload and returns its
 * result; an exception thrown further down propagates out of {@code proceed()}.
 */
@FunctionalInterface
public interface Next<R> {
    R proceed();
}
