package io.dsh4j.kernel;

/**
 * A named event and the shape of its listeners. Listeners are kept per {@link #name()}, in
 * registration order ({@link ListenOptions#prepend()} puts one first); the emitter picks the dispatch
 * mode its shape allows. The three kinds:
 *
 * <ul>
 *   <li>{@link Notification} — {@code emit}, {@code emitContained}, {@code parallel};
 *   <li>{@link Query} — listeners return a value; {@code bail} and {@code serial} stop at the first
 *       bail value (anything but {@code null} and {@code false});
 *   <li>{@link Waterfall} — listeners wrap the rest of the chain through {@link Next}.
 * </ul>
 *
 * <p>A type carries its payload (and answer) classes. A kernel holds one type per name: registering a
 * listener, or dispatching, with an event type of the same name but another kind or other classes
 * fails with {@link KernelException.Code#TYPE_CONFLICT}. Keep one constant per event.
 *
 * @param <L> the listener type
 */
public sealed interface EventType<L> permits Notification, Query, Waterfall {

    /** The DSH event name, e.g. {@code agent/pre-step}. */
    String name();
}
