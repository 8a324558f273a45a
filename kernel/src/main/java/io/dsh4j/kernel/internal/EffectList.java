package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.EffectInfo;
import io.dsh4j.kernel.KernelException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The effects one fiber owns, in registration order; an unload takes them all and disposes them in
 * reverse (spec §1.6.6). Its monitor also covers the fiber's move to {@code UNLOADING}, so that a
 * registration either lands before an unload (which then disposes it) or is refused with
 * {@code INACTIVE_EFFECT}. Thread-safe.
 */
final class EffectList {

    private final List<Disposer> items = new ArrayList<>();

    /**
     * Adds {@code disposer} if the owner {@code accepts} effects now.
     *
     * @throws KernelException {@code INACTIVE_EFFECT} otherwise
     */
    synchronized void add(Disposer disposer, BooleanSupplier accepts) {
        if (!accepts.getAsBoolean()) {
            throw KernelException.inactiveEffect();
        }
        items.add(disposer);
    }

    /** Adds what the plugin's own {@code apply} returned, once (no state check: the load owns it). */
    synchronized void addOnce(Disposer disposer) {
        for (Disposer existing : items) {
            if (existing == disposer) {
                return;
            }
        }
        items.add(disposer);
    }

    /** Removes {@code disposer} (the last registration of it), if present. */
    synchronized void remove(Disposer disposer) {
        for (int i = items.size() - 1; i >= 0; i--) {
            if (items.get(i) == disposer) {
                items.remove(i);
                return;
            }
        }
    }

    /** Runs {@code first} (the move to {@code UNLOADING}), then takes every effect, newest first. */
    synchronized List<Disposer> takeAll(Runnable first) {
        first.run();
        List<Disposer> taken = new ArrayList<>(items.reversed());
        items.clear();
        return taken;
    }

    /** The diagnostic tree of the live effects, oldest first. */
    synchronized List<EffectInfo> infos() {
        List<EffectInfo> infos = new ArrayList<>();
        for (Disposer d : items) {
            if (d instanceof EffectImpl e) {
                infos.add(e.info());
            }
        }
        return infos;
    }
}
