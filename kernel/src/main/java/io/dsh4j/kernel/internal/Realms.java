package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Context;

/** Isolation realms (spec §1.12): which slot of the store a context reads and writes for a name. */
public final class Realms {

    private Realms() {}

    /** Whether {@code a} and {@code b} map service {@code name} to the same realm. */
    public static boolean sameRealm(Context a, Context b, String name) {
        return ((ContextImpl) a).realmOf(name) == ((ContextImpl) b).realmOf(name);
    }
}
