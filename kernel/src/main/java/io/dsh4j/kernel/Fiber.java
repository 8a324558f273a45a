package io.dsh4j.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One live instance of a plugin ({@link Context#plugin}). It loads when every injected service is
 * available, unloads and reloads when one disappears or is replaced, and is owned by the fiber of the
 * context it was loaded from: disposing that one disposes this one.
 *
 * <p>Thread-safe. Transitions run one at a time on the kernel's lifecycle executor; the futures
 * returned here complete there. Not for implementation outside the kernel.
 */
public interface Fiber {

    /** Registry-unique id: 0 for the root, 1 for the first plugin, … Kept after disposal. */
    long uid();

    /** Whether {@link #dispose()} was called (Cordis's {@code uid === null}); the state follows. */
    boolean isDisposed();

    /** The plugin's name, else the nearest named ancestor's, else {@code root}. */
    String name();

    FiberState state();

    /** The plugin context: {@code parent().extend(fiber)}. */
    Context context();

    /** The context the plugin was loaded from. */
    Context parent();

    /** The plugin; {@code null} for the root fiber. */
    Plugin<?> plugin();

    /** Injected service names, in declaration order (the plugin's, then a loader row's). */
    List<String> inject();

    /** Injected services that are not available now, in declaration order (empty when loaded). */
    List<String> waitingFor();

    /** The validated config the plugin received on its last load, or {@code null} before one. */
    Object config();

    /** The raw config, validated again at every load. */
    JsonNode rawConfig();

    /** The error of the last load, while the fiber is {@link FiberState#FAILED}. */
    Optional<Throwable> error();

    /**
     * Completes when no transition is in flight — immediately for a fiber pending on a missing
     * service — with this fiber, or exceptionally with the last load's error.
     */
    CompletableFuture<Fiber> settled();

    /**
     * Blocks until {@link #settled()} and returns this fiber; throws the load's error (unwrapped) if
     * the fiber failed. Must not be called on the lifecycle executor (inside {@code apply} or a
     * disposer): that would wait for itself; use {@link #settled()} there.
     */
    Fiber await();

    /**
     * Disposes the fiber: its effects and children unload in reverse order, then it is
     * {@link FiberState#DISPOSED} for good. Idempotent; completes when the unload finished.
     */
    CompletableFuture<Void> dispose();

    /**
     * Unloads and loads again with the current config; completes when settled (exceptionally with a
     * load error). Asked during a transition, it takes effect when that ends: a load in flight is
     * undone and run again.
     *
     * @throws KernelException {@code INACTIVE_EFFECT} once the fiber is disposed
     */
    CompletableFuture<Fiber> restart();

    /**
     * Replaces the raw config (a Jackson tree, a map, a record, or {@code null}). An
     * {@link FiberState#ACTIVE} fiber validates it first — throwing before anything restarts — then
     * restarts; any other fiber loads with it when its services allow (a load in flight is undone and
     * run again). Completes when settled.
     *
     * @throws io.dsh4j.kernel.config.ConfigValidationException an active fiber's invalid config
     * @throws KernelException {@code INACTIVE_EFFECT} once the fiber is disposed
     */
    CompletableFuture<Fiber> update(Object rawConfig);

    /**
     * The handle the owning fiber holds for this one (to move it into a step effect, say); disposing
     * it is {@link #dispose()}.
     *
     * @throws UnsupportedOperationException for the root fiber, which has no owner
     */
    EffectHandle handle();

    /** Diagnostic tree of the live effects, top level first. */
    List<EffectInfo> effects();
}
