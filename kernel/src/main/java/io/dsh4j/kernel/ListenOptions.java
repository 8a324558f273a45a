package io.dsh4j.kernel;

/**
 * How a listener is registered.
 *
 * @param prepend put the listener in front of the existing ones instead of behind them
 * @param global receive every dispatch, even those whose receiver filters listeners out
 *     ({@link EventFilter}, scoped dispatch)
 */
public record ListenOptions(boolean prepend, boolean global) {

    /** Appended, filtered: the default. */
    public static final ListenOptions DEFAULT = new ListenOptions(false, false);
    /** In front of the existing listeners. */
    public static final ListenOptions PREPEND = new ListenOptions(true, false);
    /** Past every receiver filter. */
    public static final ListenOptions GLOBAL = new ListenOptions(false, true);
}
