package io.dsh4j.llm.deepseek;

import static io.dsh4j.llm.deepseek.Sse.KEY;
import static io.dsh4j.llm.deepseek.Sse.adapter;
import static io.dsh4j.llm.deepseek.Sse.hello;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.llm.CancelSource;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Cancellation closes the HTTP stream itself: the server sees the connection close. */
class CancelTest {

    private static final String ONE_DELTA = "data: {\"choices\":[{\"delta\":{\"content\":\"partial\"}}]}\n\n";

    @Test
    void cancelling_mid_stream_closes_the_connection_and_finishes_aborted() throws Exception {
        try (RawSseServer raw = new RawSseServer(ONE_DELTA, false);
             DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(raw.baseUrl()), Map.of("DEEPSEEK_API_KEY", KEY))) {
            CancelSource cancel = new CancelSource();
            CountDownLatch firstDelta = new CountDownLatch(1);
            List<StreamChunk> chunks = new CopyOnWriteArrayList<>();
            Thread consumer = Thread.ofVirtual().start(() -> a.stream(hello(), cancel, c -> {
                chunks.add(c);
                if (c instanceof StreamChunk.TextDelta) firstDelta.countDown();
            }));

            assertThat(firstDelta.await(10, TimeUnit.SECONDS)).isTrue();
            cancel.cancel();

            assertThat(raw.closedByClient.await(10, TimeUnit.SECONDS)).as("server saw the connection close").isTrue();
            assertThat(consumer.join(java.time.Duration.ofSeconds(10))).isTrue();
            assertThat(chunks).startsWith(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "partial"));
            StreamChunk.Finish finish = (StreamChunk.Finish) chunks.getLast();
            assertThat(finish.reason()).isInstanceOfSatisfying(FinishReason.Aborted.class,
                    r -> assertThat(r.failure().code()).isEqualTo(LlmCodes.ABORTED));
            assertThat(chunks).filteredOn(c -> c instanceof StreamChunk.Finish).hasSize(1);
        }
    }

    @Test
    void cancelling_before_the_response_head_closes_the_connection_and_finishes_aborted() throws Exception {
        try (RawSseServer raw = new RawSseServer("", true);
             DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(raw.baseUrl()), Map.of("DEEPSEEK_API_KEY", KEY))) {
            CancelSource cancel = new CancelSource();
            List<StreamChunk> chunks = new CopyOnWriteArrayList<>();
            Thread consumer = Thread.ofVirtual().start(() -> a.stream(hello(), cancel, chunks::add));

            assertThat(raw.prefixSent.await(10, TimeUnit.SECONDS)).isTrue();
            cancel.cancel();

            assertThat(raw.closedByClient.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(consumer.join(java.time.Duration.ofSeconds(10))).isTrue();
            assertThat(chunks).singleElement().isInstanceOfSatisfying(StreamChunk.Finish.class,
                    f -> assertThat(f.reason()).isInstanceOf(FinishReason.Aborted.class));
        }
    }

    @Test
    void an_already_cancelled_call_sends_nothing_and_finishes_aborted() throws Exception {
        try (RawSseServer raw = new RawSseServer(ONE_DELTA, false);
             DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(raw.baseUrl()), Map.of("DEEPSEEK_API_KEY", KEY))) {
            CancelSource cancel = new CancelSource();
            cancel.cancel();
            List<StreamChunk> chunks = new CopyOnWriteArrayList<>();

            a.stream(hello(), cancel, chunks::add);

            assertThat(chunks).singleElement().isInstanceOfSatisfying(StreamChunk.Finish.class,
                    f -> assertThat(f.reason()).isInstanceOf(FinishReason.Aborted.class));
            assertThat(raw.prefixSent.getCount()).isEqualTo(1);
        }
    }

    @Test
    void a_sink_that_throws_closes_the_connection_and_the_exception_reaches_the_caller_unchanged() throws Exception {
        try (RawSseServer raw = new RawSseServer(ONE_DELTA, false);
             DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(raw.baseUrl()), Map.of("DEEPSEEK_API_KEY", KEY))) {
            IllegalStateException stop = new IllegalStateException("consumer gave up");

            assertThatThrownBy(() -> a.stream(hello(), new CancelSource(), c -> {
                if (c instanceof StreamChunk.TextDelta) throw stop;
            })).isSameAs(stop);
            assertThat(raw.closedByClient.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
