package io.dsh4j.kernel.internal;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Scope parent links (DSH's {@code bindScopeParent}), process-wide like the original's module-level
 * {@code WeakMap}: keys compare by identity and are held weakly, so a link never keeps a scope alive.
 */
public final class ScopeLinks {

    private static final Map<IdentityRef, WeakReference<Object>> PARENTS = new HashMap<>();
    private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();

    private ScopeLinks() {}

    /** Links {@code key} to {@code parent}; fails if {@code key} already has a parent or on a cycle. */
    public static synchronized void bind(Object key, Object parent) {
        expunge();
        if (PARENTS.containsKey(new IdentityRef(key, null))) {
            throw new IllegalStateException("dsh-scope: scope key is already bound to a parent; "
                    + "re-linking requires the binding returned by the original bind");
        }
        link(key, parent);
    }

    /** Sets {@code key}'s parent, replacing any; fails on a cycle. */
    public static synchronized void link(Object key, Object parent) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(parent, "parent");
        expunge();
        for (Object cursor = parent; cursor != null; cursor = parent(cursor)) {
            if (cursor == key) {
                throw new IllegalStateException("dsh-scope: scope parent link would form a cycle");
            }
        }
        PARENTS.put(new IdentityRef(key, QUEUE), new WeakReference<>(parent));
    }

    /** The parent of {@code key}, or {@code null}. */
    public static synchronized Object parent(Object key) {
        if (key == null) {
            return null;
        }
        WeakReference<Object> ref = PARENTS.get(new IdentityRef(key, null));
        return ref == null ? null : ref.get();
    }

    /** {@code [key, parent, …]}; empty for {@code null}. */
    public static synchronized List<Object> chain(Object key) {
        List<Object> chain = new ArrayList<>();
        for (Object cursor = key; cursor != null; cursor = parent(cursor)) {
            chain.add(cursor);
        }
        return List.copyOf(chain);
    }

    private static void expunge() {
        for (Object ref; (ref = QUEUE.poll()) != null; ) {
            PARENTS.remove(ref);
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
