package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.ServiceKey;

/** One provided service: Cordis's {@code Impl} record. The value may be replaced by its provider. */
final class ServiceRecord {

    final ServiceKey<?> key;
    final String name;
    final Object realm;
    final FiberImpl fiber;
    volatile Object value;

    ServiceRecord(ServiceKey<?> key, Object realm, Object value, FiberImpl fiber) {
        this.key = key;
        this.name = key.name();
        this.realm = realm;
        this.value = value;
        this.fiber = fiber;
    }
}
