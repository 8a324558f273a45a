package io.dsh4j.bench.llm;

import io.dsh4j.llm.deepseek.DeepSeekAdapter;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.StreamChunk;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * SSE parse + chunk translation of the DeepSeek adapter: one call translates a whole recorded-style
 * response body (reasoning deltas, text deltas, two interleaved tool calls, finish, usage, {@code [DONE]},
 * as DeepSeek frames them: one JSON chunk of ~230 bytes per event) from bytes to {@link StreamChunk}s.
 *
 * <p>Read the figures as: MB/s of SSE text = ops/s × {@link #bytes} / 1e6 (printed at setup); allocation per
 * chunk = {@code gc.alloc.rate.norm} (with {@code -prof gc}) / {@link #chunks}.
 *
 * <pre>java -jar bench/target/benchmarks.jar SseTranslationBenchmark -f 1 -wi 3 -i 5 -prof gc</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SseTranslationBenchmark {

    /** Deltas per block kind in the generated answer. */
    static final int DELTAS = 2_000;

    byte[] body;
    /** Bytes of SSE text per operation. */
    public long bytes;
    /** Chunks produced per operation. */
    public long chunks;
    private final DeepSeekConfig config = DeepSeekConfig.deepSeek();

    /** A DeepSeek-style response: DELTAS reasoning, DELTAS text and DELTAS tool-call argument deltas. */
    static String response() {
        String head = "data: {\"id\":\"8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b\",\"object\":\"chat.completion.chunk\","
                + "\"created\":1764600000,\"model\":\"deepseek-v4-flash\",\"system_fingerprint\":\"fp_ffc7281d48_prod0820_fp8_kvcache\","
                + "\"choices\":[{\"index\":0,\"delta\":";
        String tail = ",\"logprobs\":null,\"finish_reason\":null}]}\n\n";
        StringBuilder b = new StringBuilder();
        b.append(head).append("{\"role\":\"assistant\",\"content\":null,\"reasoning_content\":\"\"}").append(tail);
        for (int i = 0; i < DELTAS; i++)
            b.append(head).append("{\"content\":null,\"reasoning_content\":\" the user asks \\u2014 step ").append(i % 10).append("\"}").append(tail);
        for (int i = 0; i < DELTAS; i++)
            b.append(head).append("{\"content\":\" Hello, wörld ").append(i % 10).append(".\",\"reasoning_content\":null}").append(tail);
        b.append(head).append("{\"tool_calls\":[{\"index\":0,\"id\":\"call_00_fkbBRJsUrGKd1pWVc4Gn8233\",\"type\":\"function\","
                + "\"function\":{\"name\":\"bash\",\"arguments\":\"\"}}]}").append(tail);
        for (int i = 0; i < DELTAS; i++)
            b.append(head).append("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"command\\\": \\\"ec\"}}]}").append(tail);
        b.append("data: {\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"},"
                + "\"finish_reason\":\"tool_calls\"}],\"usage\":{\"prompt_tokens\":3091,\"completion_tokens\":23,\"total_tokens\":3114,"
                + "\"prompt_tokens_details\":{\"cached_tokens\":2816},\"completion_tokens_details\":{\"reasoning_tokens\":17},"
                + "\"prompt_cache_hit_tokens\":2816,\"prompt_cache_miss_tokens\":275}}\n\n");
        b.append("data: [DONE]\n\n");
        return b.toString();
    }

    @Setup(Level.Trial)
    public void setup() {
        body = response().getBytes(StandardCharsets.UTF_8);
        bytes = body.length;
        long[] n = {0};
        DeepSeekAdapter.translateRecorded(new ByteArrayInputStream(body), config, c -> n[0]++);
        chunks = n[0];
        System.out.printf("%nSSE body: %,d bytes, %,d chunks per operation%n", bytes, chunks);
    }

    @Benchmark
    public void translate(Blackhole bh) {
        DeepSeekAdapter.translateRecorded(new ByteArrayInputStream(body), config, bh::consume);
    }
}
