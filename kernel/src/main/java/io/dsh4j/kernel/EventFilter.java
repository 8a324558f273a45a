package io.dsh4j.kernel;

/**
 * A dispatch receiver that admits only some listeners (Cordis's {@code [Context.filter]}). Pass it as
 * the first argument of a dispatch; a listener registered with {@link ListenOptions#global()} is
 * always admitted, a receiver-less ({@code null}) dispatch admits everyone.
 *
 * <p>{@link #admits} runs on the dispatching thread, once per listener and dispatch: it must be quick,
 * side-effect free and must not throw — an exception propagates out of the dispatch, contained or not.
 */
@FunctionalInterface
public interface EventFilter {

    /** Whether the listener registered through {@code listenerContext} hears this dispatch. */
    boolean admits(Context listenerContext);
}
