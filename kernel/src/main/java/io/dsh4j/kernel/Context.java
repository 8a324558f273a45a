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
 * registers and dispatches like a plugin's {@code apply} does. Events are behind {@link #events()}.
 * Arguments are non-null unless stated,
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

    /**
     * The event bus as seen from this context: listeners registered through it are effects on this
     * fiber, and dispatch receivers see this context as theirs.
     */
    Events events();

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
