package io.dsh4j.kernel;

import java.util.Optional;

/**
 * The event bus as seen from one context ({@link Context#events()}): listeners registered here are
 * effects on that context's fiber, and receivers see that context as the listener's.
 *
 * <pre>{@code
 * static final Notification<AgentStatus> STATUS = Notification.of("agent/status", AgentStatus.class);
 *
 * ctx.events().on(STATUS, status -> log(status));                       // undone on unload
 * ctx.events().emitContained(STATUS, new AgentStatus(agent, "idle"));   // every listener
 * ctx.events().to(Scopes.target(ctx, null, agent)).emitContained(STATUS, s); // agent's listeners
 * }</pre>
 *
 * <p>Listeners run on the emitting thread ({@code parallel}: on virtual threads), over a snapshot of
 * the list taken when the dispatch starts: a listener added meanwhile does not run in it, one removed
 * meanwhile still does. A receiver ({@link #to}) admits only some listeners; those registered with
 * {@link ListenOptions#GLOBAL} hear every dispatch. A listener may register, dispatch and dispose
 * freely; it must not block a dispatch made on the lifecycle executor.
 *
 * <p>One name, one {@link EventType}: registering or dispatching an event type whose name the kernel
 * knows with another kind or other classes throws {@link KernelException.Code#TYPE_CONFLICT}.
 * Thread-safe. Not for implementation outside the kernel.
 */
public interface Events extends Dispatch {

    /** Registers {@code listener} for {@code event} (appended, filtered) as an effect on this fiber. */
    default <L> EffectHandle on(EventType<L> event, L listener) {
        return on(event, listener, ListenOptions.DEFAULT);
    }

    /**
     * Registers {@code listener} for {@code event} as an effect on this context's fiber; disposing the
     * handle (or unloading the fiber) removes it. The same listener registered twice runs twice.
     *
     * @throws KernelException {@code INACTIVE_EFFECT} on a disposed or unloading fiber,
     *     {@code TYPE_CONFLICT} if the kernel knows {@code event}'s name with another type
     */
    <L> EffectHandle on(EventType<L> event, L listener, ListenOptions options);

    /** Like {@link #on(EventType, Object)}, but the registration removes itself before the first call. */
    default <L> EffectHandle once(EventType<L> event, L listener) {
        return once(event, listener, ListenOptions.DEFAULT);
    }

    /** Like {@link #on(EventType, Object, ListenOptions)}, but removes itself before the first call. */
    <L> EffectHandle once(EventType<L> event, L listener, ListenOptions options);

    /**
     * Dispatches with a receiver (Cordis's {@code thisArg}): only listeners {@code receiver} admits
     * hear them, plus the global ones. A {@link Service} admits its isolation realm;
     * {@link Scopes#target} admits an agent's listeners.
     */
    Dispatch to(EventFilter receiver);
}
