package io.dsh4j.llm;

import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Routes calls to adapters by provider id (DSH's {@code ctx.llm}). Route ids are exclusive: registering
 * one twice is {@code DUPLICATE_ADAPTER}. {@link #stream} is the one place where adapter misbehaviour
 * is normalised: a missing route, an adapter exception and a stream that ends without a finish all
 * become a terminal {@code finish{error}} (or {@code aborted} when the call was cancelled), and
 * anything an adapter pushes after its finish is dropped. Thread-safe (copy-on-write).
 */
public final class AdapterRegistry {

    private volatile Map<String, ModelAdapter> routes = Map.of();

    /**
     * Registers {@code adapter} for every id of {@code providers}, all or none.
     *
     * @return a registration that removes exactly these routes (idempotent)
     * @throws LlmException {@code DUPLICATE_ADAPTER} when a route is taken or named twice
     */
    public synchronized CancelSignal.Registration register(List<String> providers, ModelAdapter adapter) {
        Map<String, ModelAdapter> next = new LinkedHashMap<>(routes);
        for (String p : providers) {
            if (next.putIfAbsent(p, adapter) != null)
                throw new LlmException(LlmCodes.DUPLICATE_ADAPTER, "an adapter is already registered for provider \"" + p + "\"");
        }
        routes = java.util.Collections.unmodifiableMap(next);
        List<String> mine = List.copyOf(providers);
        return () -> {
            synchronized (this) {
                Map<String, ModelAdapter> after = new LinkedHashMap<>(routes);
                for (String p : mine) after.remove(p, adapter);
                routes = java.util.Collections.unmodifiableMap(after);
            }
        };
    }

    /** The registered route ids, in registration order. */
    public List<String> providers() {
        return new ArrayList<>(routes.keySet());
    }

    /** The adapter serving {@code provider}. */
    public Optional<ModelAdapter> adapter(String provider) {
        return Optional.ofNullable(routes.get(provider));
    }

    /** The models listed for {@code provider} by its adapter; empty for an unknown route. */
    public List<ModelInfo> models(String provider) {
        return adapter(provider).map(a -> a.catalog().models(provider)).orElse(List.of());
    }

    /** What is known about {@code model} on {@code provider}; {@link ModelInfo#bare} for an unknown route. */
    public ModelInfo resolveModel(String provider, String model) {
        return adapter(provider).map(a -> a.catalog().resolve(provider, model)).orElseGet(() -> ModelInfo.bare(provider, model));
    }

    /** The retry policy of {@code provider}'s adapter. */
    public Optional<RetryPolicy> retryPolicy(String provider) {
        return adapter(provider).map(ModelAdapter::retryPolicy);
    }

    /**
     * Streams {@code call} through its route's adapter with the guarantees of {@link ModelAdapter#stream}
     * enforced: exactly one terminal finish reaches {@code sink}, whatever the adapter does. Exceptions
     * thrown by {@code sink} propagate unchanged.
     */
    public void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) {
        ModelAdapter adapter = routes.get(call.provider());
        if (adapter == null) {
            sink.accept(new StreamChunk.Finish(new FinishReason.Error(LlmFailure.of(
                    "no model adapter is registered for provider \"" + call.provider() + "\"", LlmCodes.NO_ADAPTER)), null));
            return;
        }
        streamGuarded(adapter, call, cancel, sink);
    }

    /** Runs one adapter with the finish guarantees of {@link #stream}; usable without a registry. */
    public static void streamGuarded(ModelAdapter adapter, ModelCall call, CancelSignal cancel,
                                     Consumer<? super StreamChunk> sink) {
        Guard guard = new Guard(sink);
        try {
            adapter.stream(call, cancel, guard);
        } catch (SinkFailure e) {
            throw e.unwrap();
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError vme) throw vme;
            if (!guard.finished) guard.finishWith(failureOf(e, cancel));
            return;
        }
        if (!guard.finished) {
            guard.finishWith(cancel.cancelled()
                    ? new FinishReason.Aborted(LlmFailure.of("the model call was cancelled", LlmCodes.ABORTED))
                    : new FinishReason.Error(LlmFailure.of("the model adapter ended the stream without a finish chunk", LlmCodes.UNKNOWN)));
        }
    }

    private static FinishReason failureOf(Throwable e, CancelSignal cancel) {
        String message = e.getMessage() == null || e.getMessage().isEmpty() ? e.getClass().getSimpleName() : e.getMessage();
        if (cancel.cancelled()) return new FinishReason.Aborted(LlmFailure.of(message, LlmCodes.ABORTED));
        String code = e instanceof LlmException le ? le.code() : LlmCodes.UNKNOWN;
        return new FinishReason.Error(LlmFailure.of(message, code));
    }

    private static final class Guard implements Consumer<StreamChunk> {
        private final Consumer<? super StreamChunk> sink;
        boolean finished;

        Guard(Consumer<? super StreamChunk> sink) {
            this.sink = sink;
        }

        @Override
        public void accept(StreamChunk chunk) {
            if (finished) return;
            if (chunk instanceof StreamChunk.Finish) finished = true;
            try {
                sink.accept(chunk);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        void finishWith(FinishReason reason) {
            finished = true;
            sink.accept(new StreamChunk.Finish(reason, null));
        }
    }

    /** Carries a sink's exception through the adapter so that it is told apart from the adapter's own. */
    private static final class SinkFailure extends RuntimeException {
        SinkFailure(RuntimeException cause) {
            super(cause.getMessage(), cause, false, false);
        }

        RuntimeException unwrap() {
            return (RuntimeException) getCause();
        }
    }
}
