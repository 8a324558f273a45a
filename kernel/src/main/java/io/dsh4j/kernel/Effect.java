package io.dsh4j.kernel;

import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * What an effect body or a plugin's {@code apply} hands back: the shapes Cordis accepts, as a closed
 * set. Create them with the static factories.
 *
 * <ul>
 *   <li>{@link #none()} — nothing to undo;
 *   <li>{@link #of(Disposer)} — one disposer;
 *   <li>{@link #steps(Steps)} — a generator: the body adds disposers one by one; if it throws, those
 *       already added are disposed in reverse order and the error propagates;
 *   <li>{@link #async(CompletionStage)} — a future disposer (a {@code null} result means nothing);
 *       an effect or a fiber stays in setup until it completes;
 *   <li>{@link #blocking(Setup)} — a blocking setup, run on a virtual thread of its own once the
 *       kernel runs the effect (building the value starts nothing), then handled as an async effect;
 *   <li>{@link #asyncSteps(Steps)} — an async generator: the steps run on a virtual thread and stop
 *       after the disposer in flight once the effect is disposed.
 * </ul>
 */
public sealed interface Effect {

    /** The effect that registers nothing. */
    static Effect none() {
        return None.INSTANCE;
    }

    /** One disposer. */
    static Effect of(Disposer disposer) {
        return new Single(Objects.requireNonNull(disposer, "disposer"));
    }

    /** A synchronous generator of disposers. */
    static Effect steps(Steps body) {
        return new SyncSteps(Objects.requireNonNull(body, "body"));
    }

    /** A disposer that arrives later; {@code null} completion means nothing to undo. */
    static Effect async(CompletionStage<? extends Disposer> later) {
        return new Async(Objects.requireNonNull(later, "later"));
    }

    /**
     * A blocking setup. Nothing runs when the value is built: when the kernel runs the effect it starts
     * {@code body} on a fresh virtual thread and collects its disposer ({@code null}: none). An effect
     * that is built and never handed to the kernel never runs.
     */
    static Effect blocking(Setup body) {
        return new Blocking(Objects.requireNonNull(body, "body"));
    }

    /** An asynchronous generator of disposers, run on a virtual thread. */
    static Effect asyncSteps(Steps body) {
        return new AsyncSteps(Objects.requireNonNull(body, "body"));
    }

    /** A step-by-step effect body. */
    @FunctionalInterface
    interface Steps {
        void run(EffectSink sink) throws Exception;
    }

    /** A blocking setup returning its disposer, or {@code null}. */
    @FunctionalInterface
    interface Setup {
        Disposer run() throws Exception;
    }

    /** See {@link #none()}. */
    enum None implements Effect { INSTANCE }

    /** See {@link #of(Disposer)}. */
    record Single(Disposer disposer) implements Effect {}

    /** See {@link #steps(Steps)}. */
    record SyncSteps(Steps body) implements Effect {}

    /** See {@link #async(CompletionStage)}. */
    record Async(CompletionStage<? extends Disposer> later) implements Effect {}

    /** See {@link #blocking(Setup)}. */
    record Blocking(Setup body) implements Effect {}

    /** See {@link #asyncSteps(Steps)}. */
    record AsyncSteps(Steps body) implements Effect {}
}
