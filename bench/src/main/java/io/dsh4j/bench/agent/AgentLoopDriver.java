package io.dsh4j.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentLoopPlugin;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.SessionsPlugin;
import io.dsh4j.agent.WindowScheduler;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issue 11's agent-runtime figures, on this machine:
 * <ul>
 *   <li><b>loop overhead per step</b>: a zero-latency model that asks for one trivial tool call per
 *       step ({@code STEPS} steps per turn, then a text answer); time per step, model time ≈ 0,
 *       session in memory;</li>
 *   <li><b>cancel latency</b>: a model that hangs mid-stream; time from {@code cancel()} to the agent
 *       being idle with {@code turn/end {aborted}} logged;</li>
 *   <li><b>append throughput</b>: events/s into a persisted live session with the 200 ms write-behind
 *       window (zstd frames, fsync per batch), including the final checkpoint.</li>
 * </ul>
 * Usage: {@code AgentLoopDriver [turns=200] [steps=10] [cancels=200] [events=200000]}.
 */
public final class AgentLoopDriver {

    private AgentLoopDriver() {}

    public static void main(String[] args) throws Exception {
        int turns = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int cancels = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        int events = args.length > 3 ? Integer.parseInt(args[3]) : 200_000;
        loopOverhead(turns, steps); // warm-up: as many turns as measured, so C2 has compiled the step path
        double[] perStep = loopOverhead(turns, steps);
        System.out.printf("loop overhead: %.3f ms per step wall, %.3f ms per step CPU (all threads of this JVM)"
                + " (%d turns x %d steps, zero-latency model, memory session)%n", perStep[0], perStep[1], turns, steps + 1);
        cancelLatency(cancels / 5);
        double[] c = cancelLatency(cancels);
        System.out.printf("cancel latency: median %.3f ms, p99 %.3f ms, max %.3f ms (%d cancels)%n", c[0], c[1], c[2], cancels);
        double perSecond = appendThroughput(events);
        System.out.printf("append throughput: %.0f events/s (%d events, 200 ms write-behind, zstd, fsync per batch)%n",
                perSecond, events);
    }

    private record Runtime(Kernel kernel, AgentRegistry agents) implements AutoCloseable {
        @Override
        public void close() {
            kernel.close();
        }
    }

    private static Runtime boot(ModelAdapter model) {
        Kernel kernel = Kernel.create();
        Context root = kernel.root();
        root.plugin(SessionsPlugin.PLUGIN, Map.of("persist", false)).await();
        root.plugin(SystemPromptService.PLUGIN).await();
        root.plugin(ModelRoutesPlugin.REGISTRY).await();
        root.plugin(ToolRuntimePlugin.PLUGIN).await();
        root.plugin(AgentLoopPlugin.PLUGIN).await();
        kernel.awaitIdle();
        root.get(ModelRoutesPlugin.LLM).orElseThrow().register(List.of("bench"), model);
        JsonNode schema = JsJson.parse("{\"type\":\"object\"}");
        root.get(ToolRuntime.KEY).orElseThrow().register(ToolDefinition.builder("noop").description("does nothing")
                .parameters(schema).output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"),
                        (a, v) -> List.of(new ContentBlock.Text(v.asText()))))
                .body((a, exec) -> JsJson.nodes().textNode("ok")).build());
        return new Runtime(kernel, root.get(AgentRegistry.KEY).orElseThrow());
    }

    private static Message.UserMessage user(String text) {
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), MessageSource.user());
    }

    /** CPU time of this JVM so far (every thread, GC and compiler included), in nanoseconds. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Wall and CPU milliseconds per step. CPU time is the steadier figure on a shared machine. */
    private static double[] loopOverhead(int turns, int steps) throws Exception {
        AtomicInteger call = new AtomicInteger();
        ModelAdapter model = (c, cancel, sink) -> {
            int n = call.getAndIncrement() % (steps + 1);
            if (n < steps) {
                sink.accept(new StreamChunk.BlockStart(0, "tool-call"));
                sink.accept(new StreamChunk.BlockEnd(0, new ContentBlock.ToolCall("c" + n + "-" + UUID.randomUUID(), "noop", "{}")));
                sink.accept(new StreamChunk.Finish(new FinishReason.ToolCalls(), null));
            } else {
                sink.accept(new StreamChunk.BlockStart(0, "text"));
                sink.accept(new StreamChunk.TextDelta(0, "done"));
                sink.accept(new StreamChunk.BlockEnd(0, new ContentBlock.Text("done")));
                sink.accept(new StreamChunk.Finish(new FinishReason.Stop(), null));
            }
        };
        try (Runtime rt = boot(model)) {
            long start = System.nanoTime();
            long cpu = processCpuNanos();
            for (int t = 0; t < turns; t++) {
                Agent a = rt.agents().create(AgentRegistry.CreateRequest.in("/bench", AgentOptions.of("bench", "m"))).agent();
                a.followup(user("go"));
                a.whenIdle().get();
            }
            double n = (double) turns * (steps + 1);
            return new double[] {(System.nanoTime() - start) / 1e6 / n, (processCpuNanos() - cpu) / 1e6 / n};
        }
    }

    private static double[] cancelLatency(int n) throws Exception {
        CountDownLatch[] streaming = new CountDownLatch[1];
        ModelAdapter model = (c, cancel, sink) -> {
            sink.accept(new StreamChunk.BlockStart(0, "text"));
            sink.accept(new StreamChunk.TextDelta(0, "partial"));
            CountDownLatch stop = new CountDownLatch(1);
            try (CancelSignal.Registration r = cancel.onCancel(stop::countDown)) {
                streaming[0].countDown();
                stop.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sink.accept(new StreamChunk.Finish(new FinishReason.Aborted(new LlmFailure("aborted", "ABORTED", null, null, null)), null));
        };
        double[] ms = new double[n];
        try (Runtime rt = boot(model)) {
            Agent a = rt.agents().create(AgentRegistry.CreateRequest.in("/bench", AgentOptions.of("bench", "m"))).agent();
            for (int i = 0; i < n; i++) {
                streaming[0] = new CountDownLatch(1);
                a.followup(user("go"));
                streaming[0].await();
                long t0 = System.nanoTime();
                a.cancel(AgentCancelCause.USER, false);
                a.whenIdle().get();
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        java.util.Arrays.sort(ms);
        return new double[] {ms[n / 2], ms[Math.min(n - 1, (int) Math.ceil(n * 0.99) - 1)], ms[n - 1]};
    }

    private static double appendThroughput(int events) throws Exception {
        Path dir = Files.createTempDirectory("dsh4j-append-bench");
        LiveSessions sessions = new LiveSessions(SessionStore.open(dir, LogEncoding.ZSTD), LiveSessions.DEFAULT_WINDOW_MILLIS,
                WindowScheduler.daemon(), System::currentTimeMillis);
        LiveSession s = sessions.create(LiveSessions.CreateOptions.in("/bench"));
        StreamChunk delta = new StreamChunk.TextDelta(0, "token ");
        long start = System.nanoTime();
        s.append(new EventPayload.TurnStart(1));
        s.append(new EventPayload.StepStart(1, 1));
        for (int i = 0; i < events - 2; i++) s.append(new EventPayload.AssistantChunk(1, 1, delta));
        s.checkpoint();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("  (%d batches written)%n", s.writtenBatches());
        sessions.close();
        return events / seconds;
    }
}
