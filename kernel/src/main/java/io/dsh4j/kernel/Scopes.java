package io.dsh4j.kernel;

import io.dsh4j.kernel.internal.ScopeLinks;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * DSH's scopes (spec §1.15.1): a scope key — any object, compared by identity; DSH uses the agent —
 * tags a context; registries pick a per-scope layer from the caller's tag ({@link ScopedLayers}), and
 * scoped dispatch ({@link #target}) reaches untagged listeners plus those tagged with the key or one
 * of its ancestors. Registry visibility goes down the parent chain, event admission goes up it.
 *
 * <p>Thread-safe. Parent links belong to a kernel (DSH keeps one module-level map; here a link made in
 * one kernel is not seen by another) and hold keys weakly: a link never keeps a key alive.
 */
public final class Scopes {

    private static final ContextKey<Object> TAG = ContextKey.of("dsh.scope", Object.class);
    private static final Plugin<com.fasterxml.jackson.databind.JsonNode> SCOPE =
            Plugin.named("scope").apply((ctx, config) -> Effect.none());

    private Scopes() {}

    /**
     * Creates a scope for {@code key} under {@code ctx}'s fiber: a child fiber owned by it (disposed
     * with it) whose context, tagged with {@code key}, is usable at once.
     *
     * @throws KernelException {@code INACTIVE_EFFECT} if {@code ctx}'s fiber is disposed or unloading
     */
    public static Scope create(Context ctx, Object key) {
        Objects.requireNonNull(key, "key");
        Fiber fiber = ctx.plugin(SCOPE);
        Context scoped = fiber.context().extend(TAG, key);
        return new Created(key, scoped, fiber);
    }

    /** Creates a scope for {@code key} whose parent key is {@code parent} (see {@link #bindParent}). */
    public static Scope create(Context ctx, Object key, Object parent) {
        bindParent(ctx, key, parent);
        return create(ctx, key);
    }

    /** The nearest scope tag on {@code ctx}'s chain; empty means global. */
    public static Optional<Object> of(Context ctx) {
        return ctx.meta(TAG);
    }

    /**
     * Links {@code key} to {@code parent} once, in {@code ctx}'s kernel.
     *
     * @throws IllegalStateException if the link would form a cycle, or {@code key} already has a
     *     parent (re-link with the returned binding)
     */
    public static ParentBinding bindParent(Context ctx, Object key, Object parent) {
        ScopeLinks links = ScopeLinks.of(ctx);
        links.bind(key, parent);
        return next -> links.link(key, next);
    }

    /** The parent key of {@code key} in {@code ctx}'s kernel. */
    public static Optional<Object> parentOf(Context ctx, Object key) {
        return Optional.ofNullable(ScopeLinks.of(ctx).parent(key));
    }

    /** {@code [key, parent, grandparent, …]} in {@code ctx}'s kernel; empty for {@code null}. */
    public static List<Object> chainOf(Context ctx, Object key) {
        return ScopeLinks.of(ctx).chain(key);
    }

    /**
     * A dispatch receiver for scope {@code key} ({@code null}: only untagged listeners) that also applies
     * {@code base}'s filter, if any (a service as receiver: its isolation filter). The key's parent
     * chain (in {@code ctx}'s kernel) is read when the receiver is made: make one per dispatch.
     */
    public static EventFilter target(Context ctx, EventFilter base, Object key) {
        EventFilter baseFilter = base;
        Object[] chain = ScopeLinks.of(ctx).chain(key).toArray(); // one receiver serves one dispatch
        return listenerContext -> {
            if (baseFilter != null && !baseFilter.admits(listenerContext)) {
                return false;
            }
            Object tag = listenerContext.meta(TAG).orElse(null);
            if (tag == null) {
                return true;
            }
            for (Object cursor : chain) {
                if (cursor == tag) {
                    return true;
                }
            }
            return false;
        };
    }

    /** Re-links a bound scope key. */
    @FunctionalInterface
    public interface ParentBinding {
        void rebind(Object parent);
    }

    private static final class Created implements Scope {
        private final Object key;
        private final Context context;
        private final Fiber fiber;
        private CompletableFuture<Void> disposing;

        Created(Object key, Context context, Fiber fiber) {
            this.key = key;
            this.context = context;
            this.fiber = fiber;
        }

        @Override
        public Object key() {
            return key;
        }

        @Override
        public Context context() {
            return context;
        }

        @Override
        public EffectHandle handle() {
            return fiber.handle();
        }

        @Override
        public synchronized CompletableFuture<Void> dispose() {
            if (disposing == null) {
                disposing = fiber.dispose().thenCompose(v -> fiber.settled().handle((f, e) -> null));
            }
            return disposing;
        }
    }
}
