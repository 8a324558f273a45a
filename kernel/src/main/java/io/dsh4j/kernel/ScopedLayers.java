package io.dsh4j.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SequencedMap;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * The store of a scope-aware registry (spec §1.15.2) — tools, system-prompt sections, commands: one
 * global layer and, lazily, one layer per scope key. A registration made through a context goes to
 * the layer of that context's scope ({@link Scopes#of}; untagged: the global layer) and is an effect
 * on that context's fiber, so it disappears when the fiber unloads or the scope is disposed. Undoing
 * the last entry of a scope layer reclaims the layer.
 *
 * <pre>{@code
 * final class ToolLayer implements ScopedLayers.Layer {
 *     final NamedEntries<ToolDefinition> tools;
 *     ToolLayer(Object scope) {
 *         tools = new NamedEntries<>(name -> new IllegalStateException(scope == null
 *                 ? "tool \"" + name + "\" is already registered (register per agent through agent.ctx)"
 *                 : "tool \"" + name + "\" is already registered in this scope"));
 *     }
 *     public boolean isEmpty() { return tools.isEmpty(); }
 * }
 * ScopedLayers<ToolLayer> layers = new ScopedLayers<>(ctx, ToolLayer::new,
 *         () -> ctx.events().emit(TOOLS_CHANGE, null));
 * EffectHandle h = layers.register(caller, "tools.register", layer -> layer.tools.insert(def.name(), def));
 * Map<String, ToolDefinition> visible = layers.merge(agent, layer -> layer.tools); // scope wins a name
 * }</pre>
 *
 * <p>Reading never creates a layer. A layer of a scope is seen by that scope and, through
 * {@link Scopes#bindParent parent links}, by its descendants ({@link #chain}, {@link #merge}); the
 * nearest scope wins a name.
 *
 * <p>Thread-safe. Choosing or creating the layer, the change and its undo with the reclaim run under
 * one lock of this store, so keep changes short (insert into tables; no I/O, no dispatch). The change
 * notification runs after, outside the lock, on the thread that registered or disposed — during an
 * unload the lifecycle executor: it must not block.
 *
 * @param <L> the layer type: the registry's tables of one scope
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ScopedLayers<L extends ScopedLayers.Layer> {

    /** The tables one scope contributes to a registry. */
    public interface Layer {
        /** Whether every table of the layer is empty (an empty scope layer is reclaimed). */
        boolean isEmpty();
    }

    private final Object lock = new Object();
    private final Context owner;
    private final Function<Object, ? extends L> newLayer;
    private final Runnable onChange;
    private final L global;
    private final Map<Object, L> scoped = new IdentityHashMap<>();

    /**
     * @param owner the registry's own context: its kernel holds the scope parent links, and only
     *     contexts of that kernel may register
     * @param newLayer makes a layer for a scope key, or for {@code null}: the global layer, made now
     * @param onChange the registry's change notification, run after each registration and each undo
     *     of one that notifies ({@code tools/change}, {@code system-prompt/change}, …)
     */
    public ScopedLayers(Context owner, Function<Object, ? extends L> newLayer, Runnable onChange) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.newLayer = Objects.requireNonNull(newLayer, "newLayer");
        this.onChange = Objects.requireNonNull(onChange, "onChange");
        this.global = Objects.requireNonNull(newLayer.apply(null), "the global layer");
    }

    /** The global layer, made with the store. */
    public L global() {
        return global;
    }

    /**
     * The layer of exactly {@code scope}, if it has one (no ancestor's: for what a scope itself
     * contributed, such as its own restrictions). Never creates one.
     */
    public Optional<L> peek(Object scope) {
        if (scope == null) {
            return Optional.empty();
        }
        synchronized (lock) {
            return Optional.ofNullable(scoped.get(scope));
        }
    }

    /**
     * The existing layers of {@code scope} and its ancestors ({@link Scopes#chainOf}, in the owner's
     * kernel), farthest
     * ancestor first and {@code scope}'s own last, so that applying them in order gives the nearest
     * the last word. Empty for {@code null}; the global layer is not included.
     */
    public List<L> chain(Object scope) {
        List<Object> keys = Scopes.chainOf(owner, scope);
        List<L> layers = new ArrayList<>(keys.size());
        synchronized (lock) {
            for (Object key : keys.reversed()) {
                L layer = scoped.get(key);
                if (layer != null) {
                    layers.add(layer);
                }
            }
        }
        return layers;
    }

    /**
     * What {@code scope} sees of one named table: the global entries, then those of its
     * {@link #chain}; a name keeps the place it first had and the value of the nearest layer that has
     * it. {@code null} scope: the global entries. An unmodifiable snapshot.
     */
    public <V> SequencedMap<String, V> merge(Object scope, Function<? super L, NamedEntries<V>> table) {
        SequencedMap<String, V> merged = new LinkedHashMap<>();
        synchronized (lock) {
            table.apply(global).copyInto(merged);
            for (L layer : chain(scope)) {
                table.apply(layer).copyInto(merged);
            }
        }
        return Collections.unmodifiableSequencedMap(merged);
    }

    /**
     * Registers a change of the caller's layer as an effect on the caller's fiber, then notifies.
     *
     * <p>The layer is the one of {@code Scopes.of(caller)} — created if needed — or the global layer.
     * {@code change} mutates it and returns its undo. Disposing the returned handle (or unloading the
     * caller's fiber, or disposing its scope) runs the undo once, reclaims the scope layer if that left
     * it empty, and notifies. If {@code change} throws, nothing is registered (a layer created for it is
     * dropped again) and the exception propagates; if the notification throws, the registration is
     * undone and the exception propagates.
     *
     * @param caller the context that owns the registration and whose scope picks the layer
     * @param label the effect's label ({@code tools.register})
     * @param change the mutation, run under this store's lock: quick, no I/O, no dispatch
     * @return the effect's handle — hand it to an {@link EffectSink} to order it inside a step effect
     * @throws KernelException {@code INACTIVE_EFFECT} if the caller's fiber is disposed or unloading
     * @throws IllegalArgumentException if the caller belongs to another kernel than the owner
     */
    public EffectHandle register(Context caller, String label, Function<? super L, Runnable> change) {
        return register(caller, label, change, true);
    }

    /** {@link #register} without the change notification (for contributions nobody watches). */
    public EffectHandle registerQuietly(Context caller, String label, Function<? super L, Runnable> change) {
        return register(caller, label, change, false);
    }

    private EffectHandle register(Context caller, String label, Function<? super L, Runnable> change,
                                  boolean notify) {
        Objects.requireNonNull(change, "change");
        if (caller.kernel() != owner.kernel()) {
            throw new IllegalArgumentException(label + ": the caller belongs to another kernel than the registry");
        }
        Object scope = Scopes.of(caller).orElse(null);
        return caller.effect(sink -> {
            L layer;
            Runnable undo;
            synchronized (lock) {
                layer = scope == null ? global : scoped.get(scope);
                boolean created = layer == null;
                if (created) {
                    layer = Objects.requireNonNull(newLayer.apply(scope), "layer");
                    scoped.put(scope, layer);
                }
                try {
                    undo = Objects.requireNonNull(change.apply(layer), "undo");
                } catch (RuntimeException | Error e) {
                    if (created && layer.isEmpty()) {
                        scoped.remove(scope);
                    }
                    throw e;
                }
            }
            L registered = layer;
            sink.add(() -> {
                synchronized (lock) {
                    undo.run();
                    if (scope != null && registered.isEmpty() && scoped.get(scope) == registered) {
                        scoped.remove(scope);
                    }
                }
                if (notify) {
                    onChange.run();
                }
            });
            if (notify) {
                onChange.run(); // a throw here rolls the registration back (step effect)
            }
        }, label);
    }
}
