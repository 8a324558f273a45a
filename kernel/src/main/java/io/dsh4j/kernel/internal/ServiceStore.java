package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.FiberState;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/** The service store, keyed by (name, isolation realm). Thread-safe. */
final class ServiceStore {

    record Slot(String name, Object realm) {}

    private final ConcurrentHashMap<Slot, ServiceRecord> records = new ConcurrentHashMap<>();

    /** The record in {@code realm}; with {@code strict}, only while its provider is ACTIVE. */
    ServiceRecord get(String name, Object realm, boolean strict) {
        ServiceRecord r = records.get(new Slot(name, realm));
        if (r == null || (strict && r.fiber.state() != FiberState.ACTIVE)) {
            return null;
        }
        return r;
    }

    /** Stores {@code r} unless its slot is taken; returns the occupant, or {@code null} on success. */
    ServiceRecord putIfAbsent(ServiceRecord r) {
        return records.putIfAbsent(new Slot(r.name, r.realm), r);
    }

    void remove(ServiceRecord r) {
        records.remove(new Slot(r.name, r.realm), r);
    }

    /** The records provided by {@code fiber}. */
    List<ServiceRecord> providedBy(FiberImpl fiber) {
        return records.values().stream().filter(r -> r.fiber == fiber).toList();
    }
}
