package io.dsh4j.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An insertion-ordered list of unnamed entries of one {@link ScopedLayers} layer (a scope's tool
 * restrictions, its guards): every {@link #append} is its own registration, even of an equal value.
 *
 * <p>Thread-safe; {@link #values()} is a snapshot.
 *
 * @param <V> the entry type
 */
@API(status = API.Status.EXPERIMENTAL)
public final class AnonymousEntries<V> {

    private final List<Slot<V>> slots = new ArrayList<>();

    /** One registration; compared by identity. */
    private static final class Slot<V> {
        final V value;

        Slot(V value) {
            this.value = value;
        }
    }

    /**
     * Adds {@code value} after the entries already there.
     *
     * @return the undo of exactly this append (idempotent)
     */
    public synchronized Runnable append(V value) {
        Slot<V> slot = new Slot<>(Objects.requireNonNull(value, "value"));
        slots.add(slot);
        return () -> remove(slot);
    }

    private synchronized void remove(Slot<V> slot) {
        slots.removeIf(s -> s == slot);
    }

    /** The values, in insertion order (a snapshot). */
    public synchronized List<V> values() {
        List<V> values = new ArrayList<>(slots.size());
        slots.forEach(s -> values.add(s.value));
        return List.copyOf(values);
    }

    public synchronized boolean isEmpty() {
        return slots.isEmpty();
    }

    public synchronized int size() {
        return slots.size();
    }
}
