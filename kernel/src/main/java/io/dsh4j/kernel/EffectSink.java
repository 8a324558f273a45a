package io.dsh4j.kernel;

/**
 * Where a step-by-step effect body ({@link Effect#steps}, {@link Effect#asyncSteps}) hands over its
 * disposers, the Java form of a generator effect's {@code yield}.
 */
@FunctionalInterface
public interface EffectSink {

    /**
     * Collects one disposer and returns it. A handle returned by a registration of the same fiber
     * ({@link Events#on(EventType, Object)}, {@link Context#effect}, …) is <em>moved</em>: it leaves the fiber's top level
     * and is disposed at this position of this effect instead.
     *
     * <p>In an {@link Effect#asyncSteps} body, adding after the effect was disposed collects the
     * disposer (it is disposed right away with the rest) and then stops the body by throwing a
     * {@link java.util.concurrent.CancellationException}, which the kernel absorbs.
     */
    <D extends Disposer> D add(D disposer);
}
