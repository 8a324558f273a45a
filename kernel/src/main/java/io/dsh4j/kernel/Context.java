package io.dsh4j.kernel;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;

/**
 * Where plugin code lives: a context belongs to one {@link Fiber}, carries inherited metadata, resolves
 * services, and registers effects, listeners and child plugins on its fiber, so that they are undone
 * when the fiber unloads.
 *
 * <p>Every method is thread-safe and may be called from any thread: an agent loop on a virtual thread
 * registers and dispatches like a plugin's {@code apply} does. Arguments are non-null unless stated,
 * and nothing returns {@code null}. Registrations fail with {@link KernelException.Code#INACTIVE_EFFECT}
 * once the fiber is disposed or while it unloads.
 *
 * <p>Code the kernel calls — {@code apply}, an effect or inject body, a disposer, a listener of a
 * dispatch made on the lifecycle executor — runs on that executor and must not block it: no
 * {@link Fiber#await()}, {@link Kernel#awaitIdle()} or blocking I/O there; return
 * {@link Effect#blocking} or wrap the release in {@link Disposer#blocking}.
 *
 * <p>Not for implementation outside the kernel.
 */
public interface Context {

    // ---- identity and metadata ---------------------------------------------------------------

    Kernel kernel();

    Context root();

    /** The fiber that owns this context (the root fiber for the root and its derivations). */
    Fiber fiber();

    /** A logger named after the fiber ({@code dsh4j.plugin.<name>}). */
    Logger logger();

    /**
     * A child context carrying {@code key = value} (same fiber); this one is not changed. A
     * {@code null} value hides an ancestor's value of {@code key}.
     */
    <T> Context extend(ContextKey<T> key, T value);

    /** The nearest value of {@code key} on this context's chain. */
    <T> Optional<T> meta(ContextKey<T> key);

    /** A child in which service {@code name} lives in a private realm of its own (§1.12). */
    Context isolate(String name);

    /** A child in which service {@code name} lives in the realm shared by every {@code label}. */
    Context isolate(String name, String label);

    /** A child carrying intercept config (may be {@code null}) for service {@code name} (§1.8). */
    Context intercept(String name, Object config);

    /** The intercept configs for {@code name} on this context's chain, root-most first ({@code null}s kept). */
    List<Object> interceptConfigs(String name);

    // ---- services ----------------------------------------------------------------------------

    /**
     * The service, as the plugin's injections allow (spec §1.2.1): it is found in the loaded snapshot
     * of this context's fiber or of an ancestor fiber in the same isolation realm.
     *
     * @throws KernelException {@code cannot get property "<name>" without inject} when no fiber on
     *     the way injected it; {@code cannot get required service "<name>" in inactive context} when
     *     a fiber injects it but is not loaded
     */
    <T> T require(ServiceKey<T> key);

    /** The service if it exists and its provider is {@link FiberState#ACTIVE}; never throws. */
    <T> Optional<T> get(ServiceKey<T> key);

    /**
     * Provides {@code value} as service {@code key} — an effect on this fiber. Dependents see it while
     * this fiber is {@link FiberState#ACTIVE}; disposing the effect withdraws it after they unloaded.
     *
     * @throws KernelException {@code service "<name>" has been registered at <fiber>} if the slot of
     *     this realm is taken
     */
    <T> EffectHandle provide(ServiceKey<T> key, T value);

    /**
     * Replaces the value of a service this fiber provides (dependents are not restarted).
     *
     * @throws KernelException {@code cannot set property "<name>" without provide} or
     *     {@code cannot set property "<name>" in multiple fibers}
     */
    <T> void set(ServiceKey<T> key, T value);

    // ---- plugins and effects -----------------------------------------------------------------

    /** Loads {@code plugin} with no config; see {@link #plugin(Plugin, Object)}. */
    default <C> Fiber plugin(Plugin<C> plugin) {
        return plugin(plugin, null);
    }

    /**
     * Loads {@code plugin} as a child of this fiber and returns at once, before any plugin code runs.
     * The raw config (a Jackson tree, a map, a record, or {@code null}) is validated at each load.
     *
     * @throws KernelException {@code INVALID_PLUGIN} for {@code null}, {@code INACTIVE_EFFECT} on a
     *     disposed or unloading fiber
     */
    <C> Fiber plugin(Plugin<C> plugin, Object rawConfig);

    /**
     * Runs {@code body} in a child fiber whenever every service of {@code deps} is available, and
     * unloads it whenever one goes (DSH's idiom for optional, late-bound capabilities).
     */
    Fiber inject(Collection<ServiceKey<?>> deps, InjectBody body);

    /** Registers the effect {@code body} returns; see {@link #effect(EffectBody, String)}. */
    default EffectHandle effect(EffectBody body) {
        return effect(body, "anonymous");
    }

    /**
     * Registers an effect on this fiber: {@code body} runs now, on the calling thread, and what it
     * returns is undone when the handle is disposed or the fiber unloads. If {@code body} throws, what
     * it collected is rolled back and the exception propagates.
     */
    EffectHandle effect(EffectBody body, String label);

    /** A step effect ({@code ctx.effect(sink -> { sink.add(…); … })}), the generator form. */
    default EffectHandle effect(Effect.Steps body) {
        return effect(body, "anonymous");
    }

    /** A labelled step effect: {@code effect(() -> Effect.steps(body), label)}. */
    default EffectHandle effect(Effect.Steps body, String label) {
        java.util.Objects.requireNonNull(body, "body");
        return effect(() -> Effect.steps(body), label);
    }

    // ---- events ------------------------------------------------------------------------------
    //
    // Listeners run on the emitting thread (parallel: on virtual threads), over a snapshot of the
    // list taken when the dispatch starts: a listener added meanwhile does not run in it, one removed
    // meanwhile still does. A receiver ({@link EventFilter}; null: none) admits only some listeners;
    // those registered with ListenOptions.GLOBAL hear every dispatch. A listener may register,
    // dispatch and dispose freely; it must not block a dispatch made on the lifecycle executor.

    /** Registers {@code listener} for {@code event} (appended, filtered) as an effect on this fiber. */
    default <L> EffectHandle on(EventType<L> event, L listener) {
        return on(event, listener, ListenOptions.DEFAULT);
    }

    /**
     * Registers {@code listener} for {@code event} as an effect on this fiber; disposing the handle
     * (or unloading the fiber) removes it. The same listener registered twice runs twice.
     *
     * @throws KernelException {@code INACTIVE_EFFECT} on a disposed or unloading fiber
     */
    <L> EffectHandle on(EventType<L> event, L listener, ListenOptions options);

    /** Like {@link #on}, but the registration removes itself before the first call. */
    default <L> EffectHandle once(EventType<L> event, L listener) {
        return once(event, listener, ListenOptions.DEFAULT);
    }

    /** Like {@link #on(EventType, Object, ListenOptions)}, but removes itself before the first call. */
    <L> EffectHandle once(EventType<L> event, L listener, ListenOptions options);

    /** Raw emit to every listener; see {@link #emit(EventFilter, Notification, Object)}. */
    default <P> void emit(Notification<P> event, P payload) {
        emit(null, event, payload);
    }

    /**
     * Raw emit: calls each admitted listener in order; the first exception propagates and later
     * listeners do not run. Query listeners are called too (their answers ignored); a waterfall
     * listener makes it throw {@link IllegalStateException}.
     */
    <P> void emit(EventFilter receiver, Notification<P> event, P payload);

    /** DSH's notification style to every listener; see {@link #emitContained(EventFilter, Notification, Object)}. */
    default <P> void emitContained(Notification<P> event, P payload) {
        emitContained(null, event, payload);
    }

    /**
     * DSH's notification style: every admitted listener runs; a failing one is logged as a warning
     * (under its fiber's name) and does not stop the others. Never throws a listener's exception.
     */
    <P> void emitContained(EventFilter receiver, Notification<P> event, P payload);

    /** {@link #parallel(EventFilter, Notification, Object)} to every listener. */
    default <P> void parallel(Notification<P> event, P payload) {
        parallel(null, event, payload);
    }

    /**
     * Runs every admitted listener concurrently (virtual threads; the last on the calling thread) and
     * waits for all; then, if any failed, throws {@link AggregateException} with the failures in
     * listener order.
     */
    <P> void parallel(EventFilter receiver, Notification<P> event, P payload);

    /** {@link #bail(EventFilter, Query, Object)} over every listener. */
    default <P, R> Optional<R> bail(Query<P, R> event, P payload) {
        return bail(null, event, payload);
    }

    /**
     * Calls admitted listeners in order until one returns a bail value (anything but {@code null} and
     * {@link Boolean#FALSE}) and returns it; empty if none does. An exception propagates.
     */
    <P, R> Optional<R> bail(EventFilter receiver, Query<P, R> event, P payload);

    /** {@link #serial(EventFilter, Query, Object)} over every listener. */
    default <P, R> Optional<R> serial(Query<P, R> event, P payload) {
        return serial(null, event, payload);
    }

    /**
     * {@link #bail} for listeners that may block: call it from a virtual thread, never the lifecycle
     * executor. (In Cordis the asynchronous twin of {@code bail}; with blocking listeners the two
     * differ only in intent.)
     */
    default <P, R> Optional<R> serial(EventFilter receiver, Query<P, R> event, P payload) {
        return bail(receiver, event, payload);
    }

    /** {@link #waterfall(EventFilter, Waterfall, Object, Next)} over every listener. */
    default <P, R> R waterfall(Waterfall<P, R> event, P payload, Next<R> inner) {
        return waterfall(null, event, payload, inner);
    }

    /**
     * Runs the admitted listeners as a chain around {@code inner} and returns the outermost one's
     * result ({@code inner}'s own when there are none). An exception propagates to the caller of the
     * enclosing {@link Next#proceed()}.
     */
    <P, R> R waterfall(EventFilter receiver, Waterfall<P, R> event, P payload, Next<R> inner);

    // ---- bodies ------------------------------------------------------------------------------

    /**
     * The body of {@link #effect(EffectBody, String)}: sets something up, now, on the calling thread,
     * and returns how to undo it. A checked exception reaches the caller as a {@link SetupException}.
     */
    @FunctionalInterface
    interface EffectBody {
        Effect run() throws Exception;
    }

    /**
     * The body of {@link #inject}: runs like a plugin's {@code apply}, on the lifecycle executor, with
     * the child fiber's context; register through it. A throw leaves the child fiber FAILED.
     */
    @FunctionalInterface
    interface InjectBody {
        void apply(Context ctx) throws Exception;
    }
}
