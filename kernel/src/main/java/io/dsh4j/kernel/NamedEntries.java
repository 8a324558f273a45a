package io.dsh4j.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SequencedMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * An insertion-ordered table of uniquely named entries: one table of one {@link ScopedLayers} layer
 * (the tools of a scope, the prompt sections of a scope). A name appears at most once per table; the
 * same name in another layer is a different entry (a scope's entry shadows the global one).
 *
 * <p>Thread-safe. Reads return snapshots (Cordis hands out live iterators; a snapshot cannot be
 * disturbed by a registration on another thread). Values are held as given, not copied.
 *
 * @param <V> the entry type
 */
@API(status = API.Status.EXPERIMENTAL)
public final class NamedEntries<V> {

    private final Function<String, ? extends RuntimeException> duplicate;
    private final LinkedHashMap<String, V> entries = new LinkedHashMap<>();

    /**
     * @param duplicate makes the exception {@link #insert} throws for a name already present (the
     *     registry words it: {@code tool "x" is already registered in this scope})
     */
    public NamedEntries(Function<String, ? extends RuntimeException> duplicate) {
        this.duplicate = Objects.requireNonNull(duplicate, "duplicate");
    }

    /**
     * Adds {@code value} under {@code name}, after the entries already there.
     *
     * @return the undo of exactly this insertion: it removes the entry once; later calls, and calls
     *     after the name was inserted again by someone else, do nothing
     * @throws RuntimeException the {@code duplicate} exception when {@code name} is present
     */
    public synchronized Runnable insert(String name, V value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        if (entries.containsKey(name)) {
            throw duplicate.apply(name);
        }
        entries.put(name, value);
        AtomicBoolean live = new AtomicBoolean(true);
        return () -> {
            if (live.compareAndSet(true, false)) {
                remove(name);
            }
        };
    }

    private synchronized void remove(String name) {
        entries.remove(name);
    }

    /** The entry named {@code name}. */
    public synchronized Optional<V> get(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    public synchronized boolean has(String name) {
        return entries.containsKey(name);
    }

    /** The names, in insertion order (a snapshot). */
    public synchronized List<String> names() {
        return List.copyOf(entries.sequencedKeySet());
    }

    /** The values, in insertion order (a snapshot). */
    public synchronized List<V> values() {
        return List.copyOf(entries.sequencedValues());
    }

    /** Name → value, in insertion order (an unmodifiable snapshot). */
    public synchronized SequencedMap<String, V> entries() {
        return Collections.unmodifiableSequencedMap(new LinkedHashMap<>(entries));
    }

    /** Copies the entries, in order, into {@code target} ({@code put}: a name there keeps its place). */
    synchronized void copyInto(SequencedMap<String, V> target) {
        target.putAll(entries);
    }

    public synchronized boolean isEmpty() {
        return entries.isEmpty();
    }

    public synchronized int size() {
        return entries.size();
    }

    @Override
    public synchronized String toString() {
        return "NamedEntries" + new ArrayList<>(entries.keySet());
    }
}
