package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.LogSink;
import io.dsh4j.kernel.Service;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What one fiber injects and which provider satisfies each name now (spec §1.6.4), summed up as the
 * epoch: {@link #INACTIVE} while a name is unsatisfied, else {@code ":" + providerUid} per name in
 * declaration order ({@code ""} for a fiber that injects nothing). Lifecycle executor only, except
 * {@link #names()}.
 */
final class Dependencies {

    /** The epoch of a fiber with an unsatisfied dependency. */
    static final String INACTIVE = "\u0000inactive";

    private final List<String> names;
    private final Map<String, ServiceRecord> satisfied = new HashMap<>();
    /**
     * Whether the first check ran. Until then service notifications skip the fiber — that check reads
     * the store as it is when it runs, so nothing is missed, and a notification cannot load the fiber
     * once more before it.
     */
    private boolean tracked;

    Dependencies(List<String> names) {
        this.names = List.copyOf(names);
    }

    /** The injected names, in declaration order. Any thread. */
    List<String> names() {
        return names;
    }

    boolean declares(String name) {
        return names.contains(name);
    }

    /** Whether a change of service {@code name} concerns the fiber now. */
    boolean tracks(String name) {
        return tracked && names.contains(name);
    }

    /** The first check: every name, against the store as it is now; notifications count from here. */
    void checkAll(Function<String, ServiceRecord> lookup, KernelRuntime kernel) {
        tracked = true;
        names.forEach(name -> check(name, lookup.apply(name), kernel));
    }

    /**
     * Re-checks {@code name}: satisfied when {@code record} (the store's record in the fiber's realm,
     * provider {@code ACTIVE}) exists and, for a {@link Service}, its {@code check()} says yes. A
     * throwing check is logged under the provider and counts as unsatisfied.
     */
    void check(String name, ServiceRecord record, KernelRuntime kernel) {
        if (record != null && record.value instanceof Service service) {
            try {
                if (!service.check()) {
                    record = null;
                }
            } catch (RuntimeException e) {
                kernel.log(LogSink.Level.ERROR, record.fiber.name(), "check of service \"" + name + "\" failed", e);
                record = null;
            }
        }
        if (record == null) {
            satisfied.remove(name);
        } else {
            satisfied.put(name, record);
        }
    }

    /** The epoch the satisfied providers give now. */
    String epoch() {
        StringBuilder epoch = new StringBuilder();
        for (String name : names) {
            ServiceRecord record = satisfied.get(name);
            if (record == null) {
                return INACTIVE;
            }
            epoch.append(':').append(record.fiber.uid());
        }
        return epoch.toString();
    }

    /** The satisfied records, for the fiber's loaded snapshot. */
    Map<String, ServiceRecord> snapshot() {
        return new ConcurrentHashMap<>(satisfied);
    }
}
