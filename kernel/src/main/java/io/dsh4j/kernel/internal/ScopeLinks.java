package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Scope parent links (DSH's {@code bindScopeParent}) of one kernel. DSH keeps them in a module-level
 * {@code WeakMap}; here each kernel has its own, so links never leak between kernels (tests,
 * subagent kernels). Keys compare by identity and are held weakly, so a link never keeps a scope alive.
 */
public final class ScopeLinks {

    private final Map<IdentityRef, WeakReference<Object>> parents = new HashMap<>();
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();

    ScopeLinks() {}

    /** The links of {@code ctx}'s kernel. */
    public static ScopeLinks of(Context ctx) {
        return of(ctx.kernel());
    }

    /** The links of {@code kernel}. */
    public static ScopeLinks of(Kernel kernel) {
        if (!(kernel instanceof KernelRuntime runtime)) {
            throw new IllegalArgumentException("not a dsh4j kernel: " + kernel);
        }
        return runtime.scopeLinks();
    }

    /** Links {@code key} to {@code parent}; fails if {@code key} already has a parent or on a cycle. */
    public synchronized void bind(Object key, Object parent) {
        expunge();
        if (parents.containsKey(new IdentityRef(key, null))) {
            throw new IllegalStateException("dsh-scope: scope key is already bound to a parent; "
                    + "re-linking requires the binding returned by the original bind");
        }
        link(key, parent);
    }

    /** Sets {@code key}'s parent, replacing any; fails on a cycle. */
    public synchronized void link(Object key, Object parent) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(parent, "parent");
        expunge();
        for (Object cursor = parent; cursor != null; cursor = parent(cursor)) {
            if (cursor == key) {
                throw new IllegalStateException("dsh-scope: scope parent link would form a cycle");
            }
        }
        parents.put(new IdentityRef(key, queue), new WeakReference<>(parent));
    }

    /** The parent of {@code key}, or {@code null}. */
    public synchronized Object parent(Object key) {
        if (key == null) {
            return null;
        }
        WeakReference<Object> ref = parents.get(new IdentityRef(key, null));
        return ref == null ? null : ref.get();
    }

    /** {@code [key, parent, …]}; empty for {@code null}. */
    public synchronized List<Object> chain(Object key) {
        List<Object> chain = new ArrayList<>();
        for (Object cursor = key; cursor != null; cursor = parent(cursor)) {
            chain.add(cursor);
        }
        return List.copyOf(chain);
    }

    private void expunge() {
        for (Object ref; (ref = queue.poll()) != null; ) {
            parents.remove(ref);
        }
    }

    /** A weak key comparing its referent by identity. */
    private static final class IdentityRef extends WeakReference<Object> {
        private final int hash;

        IdentityRef(Object referent, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.hash = System.identityHashCode(referent);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            return o instanceof IdentityRef other && get() != null && get() == other.get();
        }
    }
}
