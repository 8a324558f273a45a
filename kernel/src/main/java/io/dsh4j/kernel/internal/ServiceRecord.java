package io.dsh4j.kernel.internal;

/** One provided service: Cordis's {@code Impl} record. The value may be replaced by its provider. */
final class ServiceRecord {

    final String name;
    final Object realm;
    final FiberImpl fiber;
    volatile Object value;

    ServiceRecord(String name, Object realm, Object value, FiberImpl fiber) {
        this.name = name;
        this.realm = realm;
        this.value = value;
        this.fiber = fiber;
    }
}
