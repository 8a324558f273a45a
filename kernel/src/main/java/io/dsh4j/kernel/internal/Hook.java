package io.dsh4j.kernel.internal;

/** One registered listener: the registering context (for filters), the listener, and {@code global}. */
record Hook(ContextImpl ctx, Object listener, boolean global) {

    // Identity: the same listener may be registered twice, and each registration is removed alone.
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
