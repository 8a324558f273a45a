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
 * <p>Every method is thread-safe. Registrations fail with {@link KernelException.Code#INACTIVE_EFFECT}
 * once the fiber is disposed or while it unloads. Not for implementation outside the kernel.
 */
public interface Context {

    // ---- identity and metadata ---------------------------------------------------------------

    Kernel kernel();

    Context root();

    /** The fiber that owns this context (the root fiber for the root and its derivations). */
    Fiber fiber();

    /** A logger named after the fiber ({@code dsh4j.plugin.<name>}). */
    Logger logger();

    /** A child context carrying {@code key = value}; this one is not changed. */
    <T> Context extend(ContextKey<T> key, T value);

    /** The nearest value of {@code key} on this context's chain. */
    <T> Optional<T> meta(ContextKey<T> key);

    /** A child in which service {@code name} lives in a private realm of its own (§1.12). */
    Context isolate(String name);

    /** A child in which service {@code name} lives in the realm shared by every {@code label}. */
    Context isolate(String name, String label);

    /** A child carrying intercept config for service {@code name} (§1.8 {@code resolveConfig}). */
    Context intercept(String name, Object config);

    /** The intercept configs for {@code name} on this context's chain, root-most first. */
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
    <C> Fiber plugin(Plugin<C> plugin);

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
    EffectHandle effect(EffectBody body);

    /**
     * Registers an effect on this fiber: {@code body} runs now, on the calling thread, and what it
     * returns is undone when the handle is disposed or the fiber unloads. If {@code body} throws, what
     * it collected is rolled back and the exception propagates.
     */
    EffectHandle effect(EffectBody body, String label);

    /** A step effect ({@code ctx.effect(sink -> { sink.add(…); … })}), the generator form. */
    EffectHandle effect(Effect.Steps body);

    /** A labelled step effect. */
    EffectHandle effect(Effect.Steps body, String label);

    // ---- events ------------------------------------------------------------------------------

    /** Registers {@code listener} for {@code event} (appended, filtered) as an effect. */
    <L> EffectHandle on(EventType<L> event, L listener);

    <L> EffectHandle on(EventType<L> event, L listener, ListenOptions options);

    /** Like {@link #on}, but the registration removes itself before the first call. */
    <L> EffectHandle once(EventType<L> event, L listener);

    <L> EffectHandle once(EventType<L> event, L listener, ListenOptions options);

    /**
     * Raw emit: calls each listener in order; the first exception propagates and later listeners do
     * not run.
     */
    <P> void emit(Notification<P> event, P payload);

    /** Raw emit to the listeners {@code receiver} admits (if it is an {@link EventFilter}). */
    <P> void emit(Object receiver, Notification<P> event, P payload);

    /** DSH's notification style: every listener runs; failures are logged as warnings. */
    <P> void emitContained(Notification<P> event, P payload);

    <P> void emitContained(Object receiver, Notification<P> event, P payload);

    /**
     * Runs every listener concurrently (virtual threads) and waits for all; then, if any failed,
     * throws {@link AggregateException}.
     */
    <P> void parallel(Notification<P> event, P payload);

    <P> void parallel(Object receiver, Notification<P> event, P payload);

    /** Calls listeners in order until one returns a bail value; an exception propagates. */
    <P, R> Optional<R> bail(Query<P, R> event, P payload);

    <P, R> Optional<R> bail(Object receiver, Query<P, R> event, P payload);

    /**
     * Like {@link #bail}, for listeners that may block: call it from a virtual thread. (In Cordis the
     * asynchronous twin of {@code bail}; with blocking listeners the two differ only in intent.)
     */
    <P, R> Optional<R> serial(Query<P, R> event, P payload);

    <P, R> Optional<R> serial(Object receiver, Query<P, R> event, P payload);

    /** Runs the waterfall around {@code inner} and returns the outermost listener's result. */
    <P, R> R waterfall(Waterfall<P, R> event, P payload, Next<R> inner);

    <P, R> R waterfall(Object receiver, Waterfall<P, R> event, P payload, Next<R> inner);

    // ---- bodies ------------------------------------------------------------------------------

    /** The body of {@link #effect(EffectBody, String)}. */
    @FunctionalInterface
    interface EffectBody {
        Effect run() throws Exception;
    }

    /** The body of {@link #inject}. */
    @FunctionalInterface
    interface InjectBody {
        void apply(Context ctx) throws Exception;
    }
}
