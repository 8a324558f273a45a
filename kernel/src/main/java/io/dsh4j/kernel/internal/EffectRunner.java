package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.Disposer;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.EffectSink;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Runs one {@link Effect} shape against a collector (an effect handle, or a fiber's top level). */
final class EffectRunner {

    /** Where collected disposers go. */
    interface Target {
        /** Takes one disposer (moving a nested effect handle out of its owner's top level). */
        void collect(Disposer disposer);

        /** Whether an async generator should stop (its effect was disposed, its load went stale). */
        boolean stopped();
    }

    private EffectRunner() {}

    /**
     * Runs {@code effect}. Returns {@code null} if everything was collected synchronously, else a
     * future that completes when the asynchronous part has been collected (exceptionally if it failed).
     * A synchronous failure propagates; what was collected stays with the target for rollback.
     */
    static CompletableFuture<Void> run(Effect effect, Target target) throws Exception {
        if (effect == null) {
            return null;
        }
        return switch (effect) {
            case Effect.None none -> null;
            case Effect.Single single -> {
                target.collect(single.disposer());
                yield null;
            }
            case Effect.SyncSteps steps -> {
                steps.body().run(sinkOf(target, false));
                yield null;
            }
            case Effect.Async async -> async.later().toCompletableFuture().thenAccept(d -> {
                if (d != null) {
                    target.collect(d);
                }
            });
            case Effect.Blocking blocking -> {
                CompletableFuture<Disposer> later = new CompletableFuture<>();
                Thread.ofVirtual().name("dsh4j-effect-setup").start(() -> {
                    try {
                        later.complete(blocking.body().run());
                    } catch (Throwable t) {
                        later.completeExceptionally(t);
                    }
                });
                yield later.thenAccept(d -> {
                    if (d != null) {
                        target.collect(d);
                    }
                });
            }
            case Effect.AsyncSteps steps -> {
                CompletableFuture<Void> done = new CompletableFuture<>();
                Thread.ofVirtual().name("dsh4j-effect-steps").start(() -> {
                    try {
                        if (!target.stopped()) {
                            steps.body().run(sinkOf(target, true));
                        }
                        done.complete(null);
                    } catch (Stop stop) {
                        done.complete(null);
                    } catch (Throwable t) {
                        done.completeExceptionally(t);
                    }
                });
                yield done;
            }
        };
    }

    private static EffectSink sinkOf(Target target, boolean async) {
        return new EffectSink() {
            @Override
            public <D extends Disposer> D add(D disposer) {
                target.collect(java.util.Objects.requireNonNull(disposer, "disposer"));
                if (async && target.stopped()) {
                    throw new Stop();
                }
                return disposer;
            }
        };
    }

    /** Unwraps the {@link CompletionException} layers a future adds. */
    static Throwable unwrap(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** Stops an async generator after the effect was disposed. */
    private static final class Stop extends CancellationException {
        Stop() {
            super("effect disposed");
        }
    }
}
