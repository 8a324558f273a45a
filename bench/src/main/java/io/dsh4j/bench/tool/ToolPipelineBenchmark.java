package io.dsh4j.bench.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import io.dsh4j.tool.ToolStepJournal;
import io.dsh4j.tool.ToolStepRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The tool runtime's own cost, with a body that does nothing: {@code execute} is one call through the
 * whole pipeline (snapshot, pre-execute, guards, execute, argument validation, output validation,
 * render, post-execute, {@code tools/result}) with one listener on each waterfall; {@code step10}
 * is {@code runStep} of ten parallel-safe calls into a journal that only counts (virtual threads for
 * the bodies, ordered commits). Divide {@code step10} by ten for the scheduled cost per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ToolPipelineBenchmark {

    Kernel kernel;
    ToolRuntime tools;
    final JsonNode args = JsJson.parse("{\"text\":\"hello\",\"n\":3}");
    final ToolAgent agent = new ToolAgent() {
        @Override public String id() { return "bench"; }
        @Override public Optional<Path> workingDirectory() { return Optional.empty(); }
        @Override public void appendEvent(String type, JsonNode data) { }
    };
    List<ContentBlock.ToolCall> calls;
    long journalled;

    @Setup(Level.Trial)
    public void setUp() {
        kernel = Kernel.create((level, source, message, error) -> { });
        kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
        tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
        tools.register(ToolDefinition.builder("echo").description("echo")
                .parameters(JsJson.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},"
                        + "\"n\":{\"type\":\"integer\"}},\"required\":[\"text\"]}"))
                .output(ToolOutput.of(JsJson.parse("{\"type\":\"string\"}"),
                        (a, v) -> List.of(new ContentBlock.Text(v.textValue()))))
                .body((a, exec) -> a.get("text"))
                .parallelSafe()
                .build());
        kernel.root().events().on(io.dsh4j.tool.ToolEvents.PRE_EXECUTE, (exec, next) -> next.proceed());
        kernel.root().events().on(io.dsh4j.tool.ToolEvents.POST_EXECUTE, (p, next) -> next.proceed());
        calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(new ContentBlock.ToolCall("call_" + i, "echo", "{\"text\":\"hello\",\"n\":" + i + "}"));
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        kernel.close();
    }

    @Benchmark
    public Object execute() {
        return tools.execute(ToolExecutionInput.of("c", "echo", args, agent, Signal.never()));
    }

    @Benchmark
    public Object step10() {
        return tools.runStep(new ToolStepRequest(agent, 1, 1, calls, Signal.never(), 10, new ToolStepJournal() {
            @Override public long appendCall(EventPayload.ToolCall call) { return journalled++; }
            @Override public void appendResult(EventPayload.ToolResult result, long callSeq) { journalled++; }
            @Override public void deferToNextStep(Message.UserMessage context) { journalled++; }
        }));
    }
}
