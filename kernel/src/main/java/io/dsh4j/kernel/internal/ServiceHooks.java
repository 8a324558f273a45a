package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Context;

/** What {@link io.dsh4j.kernel.Service} needs from the machinery: realms (§1.12) and re-announcing. */
public final class ServiceHooks {

    private ServiceHooks() {}

    /** Whether {@code a} and {@code b} map service {@code name} to the same realm. */
    public static boolean sameRealm(Context a, Context b, String name) {
        return ((ContextImpl) a).realmOf(name) == ((ContextImpl) b).realmOf(name);
    }

    /**
     * Re-checks every fiber that injects service {@code name} in {@code origin}'s realm (Cordis's
     * {@code reflect.notify}); on the lifecycle executor, after what is queued there.
     */
    public static void recheck(Context origin, String name) {
        ContextImpl ctx = (ContextImpl) origin;
        KernelRuntime kernel = ctx.kernelRuntime();
        Object realm = ctx.realmOf(name);
        kernel.executor().runOrExecute(() -> kernel.notify(name, realm));
    }
}
