package io.dsh4j.bench.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import io.dsh4j.tool.builtin.BuiltinConfig;
import io.dsh4j.tool.builtin.BuiltinTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Start/cancel cycles of {@code bash}: each cycle starts a command that forks a tree
 * ({@code sleep} in the background and a subshell with another), waits until the tree is up,
 * cancels the call, and waits for its result. After all cycles it reports the cancel latency (abort
 * to result, median and worst), the processes still alive under this JVM, and the live threads
 * against the count before the first cycle.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.dsh4j.bench.tool.BashCancelDriver [cycles=1000]</pre>
 */
public final class BashCancelDriver {

    private BashCancelDriver() {}

    public static void main(String[] argv) throws Exception {
        int cycles = argv.length > 0 ? Integer.parseInt(argv[0]) : 1000;
        Path dir = Files.createTempDirectory("bash-cancel");
        ToolAgent agent = new ToolAgent() {
            @Override public String id() { return "driver"; }
            @Override public Optional<Path> workingDirectory() { return Optional.of(dir); }
            @Override public void appendEvent(String type, JsonNode data) { }
        };
        long[] latencies = new long[cycles];
        int threadsBefore;
        try (Kernel kernel = Kernel.create((level, source, message, error) -> { })) {
            kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
            ToolRuntime tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
            new BuiltinTools(BuiltinConfig.defaults("")).definitions().forEach(tools::register);
            threadsBefore = Thread.activeCount();
            for (int i = 0; i < cycles; i++) {
                Path marker = dir.resolve("up-" + i);
                AbortController cancel = new AbortController();
                JsonNode args = JsJson.parse("{\"command\":\"sleep 600 & (sleep 600 & wait) & touch up-" + i
                        + "; wait\",\"description\":\"tree\"}");
                String callId = "c" + i;
                CompletableFuture<ToolExecutionResult> call = CompletableFuture.supplyAsync(() ->
                        tools.execute(ToolExecutionInput.of(callId, "bash", args, agent, cancel.signal())));
                while (!Files.exists(marker)) {
                    Thread.sleep(1); // a driver on a shared machine: poll gently
                }
                long start = System.nanoTime();
                cancel.abort("user");
                call.get(60, TimeUnit.SECONDS);
                latencies[i] = System.nanoTime() - start;
                Files.delete(marker);
            }
        }
        long alive = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count();
        java.util.Arrays.sort(latencies);
        System.out.printf("cycles %d, cancel latency median %.1f ms, worst %.1f ms, live child processes %d, "
                        + "platform threads before %d after %d%n", cycles, latencies[cycles / 2] / 1e6, latencies[cycles - 1] / 1e6,
                alive, threadsBefore, Thread.activeCount());
    }
}
