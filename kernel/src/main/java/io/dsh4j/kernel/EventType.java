package io.dsh4j.kernel;

/**
 * A named event and the shape of its listeners. Listeners are kept per {@link #name()}, in
 * registration order ({@link ListenOptions#prepend()} puts one first); the emitter picks the dispatch
 * mode. The three kinds:
 *
 * <ul>
 *   <li>{@link Notification} — {@code emit}, {@code emitContained}, {@code parallel};
 *   <li>{@link Query} — listeners return a value; {@code bail} and {@code serial} stop at the first
 *       bail value (anything but {@code null} and {@code false}); also usable with {@code emit};
 *   <li>{@link Waterfall} — listeners wrap the rest of the chain through {@link Next}.
 * </ul>
 *
 * @param <L> the listener type
 */
public sealed interface EventType<L> permits Notification, Query, Waterfall {

    /** The DSH event name, e.g. {@code agent/pre-step}. */
    String name();
}
