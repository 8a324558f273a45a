package io.dsh4j.bench.deliberation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentLoopPlugin;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.SessionsPlugin;
import io.dsh4j.agent.subagent.InProcessProviders;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.deliberation.DeliberationPlugin;
import io.dsh4j.deliberation.MidForkProvider;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.SystemPromptService;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolExecutionInput;
import io.dsh4j.tool.ToolExecutionResult;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * End-to-end wall time of one {@code deliberate} call on the agent runtime: three branches (fresh,
 * fork, masked review), each a real child agent whose model takes 100, 200 and 300 ms before calling
 * {@code structured_output} with a valid packet. The all-settled barrier should cost about the
 * slowest branch (300 ms), not the sum (600 ms); the excess is the host's cost of three children
 * (create, seed, run, dispose). Usage: {@code DeliberateWallTimeDriver [rounds]} (default 20).
 */
public final class DeliberateWallTimeDriver {

    static final String ARGS = """
            {"goal":"Pick the fix","incumbent":"Plan A",
             "context":{"observations":[],"constraints":[],"unknowns":[]},
             "branches":[
              {"label":"alt","role":"independent-alternative","route":"fresh","capability":"reason-only","focus":"another fix"},
              {"label":"audit","role":"trajectory-audit","route":"fork","capability":"reason-only","focus":"falsify plan A"},
              {"label":"review","role":"masked-review","route":"review","capability":"reason-only","focus":"recheck","recentSteps":1}]}""";

    private DeliberateWallTimeDriver() {}

    /** A model that waits {@code delayMs}, then records {@code packet} through {@code structured_output}. */
    record SlowPacketModel(long delayMs, String packet) implements ModelAdapter {
        @Override
        public void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) {
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sink.accept(new StreamChunk.BlockStart(0, "tool-call"));
            sink.accept(new StreamChunk.BlockEnd(0, new ContentBlock.ToolCall("so-" + UUID.randomUUID(), "structured_output", packet)));
            sink.accept(new StreamChunk.Usage(TokenUsage.of(1, 1)));
            sink.accept(new StreamChunk.Finish(new FinishReason.ToolCalls(), null));
        }
    }

    /** A model that answers one tool call of {@code note} and then text, forever. */
    record NoteModel() implements ModelAdapter {
        @Override
        public void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) {
            boolean noted = call.messages().stream().anyMatch(m -> m instanceof Message.ToolResultMessage);
            if (!noted) {
                sink.accept(new StreamChunk.BlockStart(0, "tool-call"));
                sink.accept(new StreamChunk.BlockEnd(0, new ContentBlock.ToolCall("n1", "note", "{\"text\":\"cache is cold\"}")));
                sink.accept(new StreamChunk.Finish(new FinishReason.ToolCalls(), null));
            } else {
                sink.accept(new StreamChunk.BlockStart(0, "text"));
                sink.accept(new StreamChunk.BlockEnd(0, new ContentBlock.Text("ok")));
                sink.accept(new StreamChunk.Finish(new FinishReason.Stop(), null));
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        ObjectNode config = (ObjectNode) JsJson.parse("""
                {"maxBranches":3,"maxDepth":1,"branchTimeoutMs":600000,
                 "routes":[{"name":"fresh","description":"fresh","provider":"fresh-model","model":"f"},
                           {"name":"fork","description":"fork","provider":"fork-model","model":"k"},
                           {"name":"review","description":"review","provider":"review-model","model":"r"}],
                 "capabilityProfiles":[{"name":"reason-only","description":"no tools","allow":[]}]}""");
        try (Kernel kernel = Kernel.create()) {
            var root = kernel.root();
            root.plugin(SessionsPlugin.PLUGIN, Map.of("persist", false)).await();
            root.plugin(SystemPromptService.PLUGIN, Map.of()).await();
            root.plugin(ModelRoutesPlugin.REGISTRY).await();
            root.plugin(ToolRuntimePlugin.PLUGIN).await();
            root.plugin(AgentLoopPlugin.PLUGIN).await();
            root.plugin(SubagentRuntime.PLUGIN).await();
            root.plugin(InProcessProviders.SPAWN_PLUGIN).await();
            root.plugin(InProcessProviders.FORK_PLUGIN).await();
            root.plugin(MidForkProvider.PLUGIN, Map.of()).await();
            root.plugin(DeliberationPlugin.PLUGIN, config).await();
            ToolRuntime tools = root.get(ToolRuntime.KEY).orElseThrow();
            tools.register(ToolDefinition.builder("note").description("Take a note.")
                    .parameters(JsJson.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}"))
                    .output(ToolOutput.of(JsJson.parse("{\"type\":\"object\"}"), (a, v) -> List.of(new ContentBlock.Text("noted"))))
                    .body((a, e) -> JsJson.nodes().objectNode()).build());
            kernel.awaitIdle();
            var llm = root.get(ModelRoutesPlugin.LLM).orElseThrow();
            llm.register(List.of("parent"), new NoteModel());
            llm.register(List.of("fresh-model"), new SlowPacketModel(100,
                    "{\"role\":\"independent-alternative\",\"status\":\"no_update\"}"));
            llm.register(List.of("fork-model"), new SlowPacketModel(200, "{\"role\":\"trajectory-audit\",\"status\":\"no_update\"}"));
            llm.register(List.of("review-model"), new SlowPacketModel(300, "{\"role\":\"masked-review\",\"status\":\"no_update\"}"));
            Agent parent = root.get(AgentRegistry.KEY).orElseThrow()
                    .create(AgentRegistry.CreateRequest.in("/bench", AgentOptions.of("parent", "p"))).agent();
            parent.followup(new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text("note it")),
                    MessageSource.user()));
            parent.whenIdle().get(60, TimeUnit.SECONDS);
            JsonNode args0 = JsJson.parse(ARGS);
            long[] wall = new long[rounds];
            for (int i = -3; i < rounds; i++) {
                long t0 = System.nanoTime();
                ToolExecutionResult r = tools.execute(new ToolExecutionInput("d" + i, null, "deliberate", args0, parent, Signal.never()));
                long t = System.nanoTime() - t0;
                if (r.isError() || !r.content().toString().contains("\"stopReason\":\"completed\"")) {
                    throw new IllegalStateException("round " + i + " failed: " + r.content());
                }
                if (i >= 0) wall[i] = t;
            }
            Arrays.sort(wall);
            System.out.printf("deliberate, 3 real child agents taking 100/200/300 ms: median %.1f ms, min %.1f ms, max %.1f ms over %d rounds"
                    + " (slowest branch 300 ms, sum 600 ms)%n", wall[rounds / 2] / 1e6, wall[0] / 1e6, wall[rounds - 1] / 1e6, rounds);
        }
    }
}
