package io.dsh4j.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** §5.1 registry: exclusive routes and the finish normalisation of {@code stream}. */
class AdapterRegistryTest {

    private final AdapterRegistry registry = new AdapterRegistry();
    private final ModelCall call = ModelCall.of("p", "m", List.of());

    private List<StreamChunk> stream(ModelCall c) {
        List<StreamChunk> out = new ArrayList<>();
        registry.stream(c, CancelSignal.never(), out::add);
        return out;
    }

    private static String code(StreamChunk c) {
        return switch (((StreamChunk.Finish) c).reason()) {
            case FinishReason.Error e -> e.failure().code();
            case FinishReason.Aborted a -> a.failure().code();
            default -> "none";
        };
    }

    @Test
    void a_route_id_taken_twice_is_DUPLICATE_ADAPTER_and_registers_nothing() {
        registry.register(List.of("p"), (c, s, k) -> { });

        assertThatThrownBy(() -> registry.register(List.of("q", "p"), (c, s, k) -> { }))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.code()).isEqualTo(LlmCodes.DUPLICATE_ADAPTER));
        assertThat(registry.providers()).containsExactly("p");
    }

    @Test
    void closing_a_registration_frees_its_routes() {
        var r = registry.register(List.of("p", "q"), (c, s, k) -> { });
        r.close();

        assertThat(registry.providers()).isEmpty();
        registry.register(List.of("p"), (c, s, k) -> { });
        assertThat(registry.adapter("p")).isPresent();
    }

    @Test
    void a_call_to_an_unregistered_route_finishes_NO_ADAPTER() {
        assertThat(stream(call)).singleElement().satisfies(c -> assertThat(code(c)).isEqualTo(LlmCodes.NO_ADAPTER));
    }

    @Test
    void an_adapter_exception_becomes_a_terminal_error_after_the_chunks_it_pushed() {
        registry.register(List.of("p"), (c, s, sink) -> {
            sink.accept(new StreamChunk.TextDelta(0, "a"));
            throw new LlmException("UNSUPPORTED_CONTENT", "no images");
        });

        List<StreamChunk> out = stream(call);
        assertThat(out.getFirst()).isEqualTo(new StreamChunk.TextDelta(0, "a"));
        assertThat(code(out.getLast())).isEqualTo("UNSUPPORTED_CONTENT");
    }

    @Test
    void an_unexpected_adapter_exception_is_UNKNOWN_with_its_message() {
        registry.register(List.of("p"), (c, s, sink) -> { throw new IllegalStateException("boom"); });

        StreamChunk.Finish f = (StreamChunk.Finish) stream(call).getLast();
        assertThat(((FinishReason.Error) f.reason()).failure().message()).isEqualTo("boom");
        assertThat(code(f)).isEqualTo(LlmCodes.UNKNOWN);
    }

    @Test
    void an_adapter_that_returns_without_finish_gets_one() {
        registry.register(List.of("p"), (c, s, sink) -> sink.accept(new StreamChunk.TextDelta(0, "a")));

        assertThat(code(stream(call).getLast())).isEqualTo(LlmCodes.UNKNOWN);
    }

    @Test
    void a_cancelled_call_whose_adapter_throws_finishes_aborted() {
        registry.register(List.of("p"), (c, s, sink) -> { throw new IllegalStateException("interrupted read"); });
        CancelSource cancel = new CancelSource();
        cancel.cancel();
        List<StreamChunk> out = new ArrayList<>();

        registry.stream(call, cancel, out::add);

        assertThat(((StreamChunk.Finish) out.getLast()).reason()).isInstanceOf(FinishReason.Aborted.class);
    }

    @Test
    void chunks_after_the_finish_are_dropped() {
        registry.register(List.of("p"), (c, s, sink) -> {
            sink.accept(new StreamChunk.Finish(new FinishReason.Stop(), null));
            sink.accept(new StreamChunk.TextDelta(0, "late"));
            sink.accept(new StreamChunk.Finish(new FinishReason.Stop(), null));
        });

        assertThat(stream(call)).containsExactly(new StreamChunk.Finish(new FinishReason.Stop(), null));
    }

    @Test
    void a_sink_exception_reaches_the_caller_unchanged() {
        registry.register(List.of("p"), (c, s, sink) -> sink.accept(new StreamChunk.TextDelta(0, "a")));
        RuntimeException stop = new RuntimeException("stop");

        assertThatThrownBy(() -> registry.stream(call, CancelSignal.never(), c -> { throw stop; })).isSameAs(stop);
    }

    @Test
    void models_and_retry_policy_come_from_the_adapter_and_unknown_models_pass_through() {
        ModelInfo flash = new ModelInfo("p", "flash", "Flash", 1000L, 10L, List.of(), null, List.of("text"));
        registry.register(List.of("p"), new ModelAdapter() {
            @Override public void stream(ModelCall c, CancelSignal s, java.util.function.Consumer<? super StreamChunk> k) { }
            @Override public ModelCatalog catalog() { return ModelCatalog.builder().add(flash).build(); }
            @Override public RetryPolicy retryPolicy() { return RetryPolicy.always(); }
        });

        assertThat(registry.models("p")).containsExactly(flash);
        assertThat(registry.resolveModel("p", "flash")).isEqualTo(flash);
        assertThat(registry.resolveModel("p", "other")).isEqualTo(ModelInfo.bare("p", "other"));
        assertThat(registry.resolveModel("nope", "x")).isEqualTo(ModelInfo.bare("nope", "x"));
        assertThat(registry.retryPolicy("p")).contains(RetryPolicy.always());
    }
}
