package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.MessageJson;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolException;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRestriction;
import io.dsh4j.tool.ToolRunContext;
import io.dsh4j.tool.ToolRuntime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * The model-facing delegation tool ({@code @deepseek-ai/dsh-tool-subagent}, spec §6.9) with DSH's name
 * ({@value #DEFAULT_NAME}) and argument schema ({@code description}, {@code prompt},
 * {@code run_in_background}), so recorded sessions that delegate replay. The tool exists only while its
 * provider is registered. Foreground runs only: {@code run_in_background: true} is refused (dsh4j has no
 * jobs service), as are continuable children.
 */
public final class SubagentTool {

    /** The default tool name. */
    public static final String DEFAULT_NAME = "subagent";
    /** The default {@code maxDepth}. */
    public static final long DEFAULT_MAX_DEPTH = 3;
    /** The error name of a failed run. */
    public static final String ERROR_NAME = "SubagentError";

    /**
     * The resolved configuration.
     *
     * @param maxDepth {@code null} for {@code 'provider-managed'}
     */
    public record Config(String provider, String toolName, boolean enableRunInBackground, AgentOptions agentOptions,
                         String persona, ToolRestriction toolFilter, Long maxDepth) {

        /**
         * Reads a raw config.
         *
         * @throws IllegalArgumentException naming the offending key
         */
        public static Config of(JsonNode raw) {
            if (raw == null || raw.isNull() || raw.isMissingNode()) raw = JsJson.nodes().objectNode();
            if (!raw.isObject()) throw new IllegalArgumentException("tool-subagent config must be an object");
            String provider = text(raw, "provider", null);
            if (provider == null || provider.isEmpty()) throw new IllegalArgumentException("tool-subagent provider is required");
            String toolName = text(raw, "toolName", DEFAULT_NAME);
            if (toolName.isEmpty()) throw new IllegalArgumentException("tool-subagent toolName must be non-empty");
            JsonNode bg = raw.get("enableRunInBackground");
            if (bg != null && !bg.isBoolean()) throw new IllegalArgumentException("tool-subagent enableRunInBackground must be a boolean");
            AgentOptions options = null;
            JsonNode ao = raw.get("agentOptions");
            if (ao != null) {
                if (!ao.isObject()) throw new IllegalArgumentException("tool-subagent agentOptions must be an object");
                JsonNode mt = ao.get("maxTokens");
                if (mt != null && !(mt.canConvertToExactIntegral() && mt.asLong() >= 1)) {
                    throw new IllegalArgumentException("tool-subagent agentOptions.maxTokens must be a positive integer");
                }
                options = new AgentOptions(text(ao, "provider", null), text(ao, "model", null), mt == null ? null : mt.asLong(), null, null);
            }
            ToolRestriction filter = null;
            JsonNode tf = raw.get("toolFilter");
            if (tf != null) {
                Set<String> allow = names(tf, "allow");
                Set<String> deny = names(tf, "deny");
                if (allow == null && deny == null) throw new IllegalArgumentException("tool-subagent toolFilter needs allow or deny");
                filter = new ToolRestriction(allow, deny);
            }
            Long maxDepth = DEFAULT_MAX_DEPTH;
            JsonNode md = raw.get("maxDepth");
            if (md != null) {
                if (md.isTextual() && md.textValue().equals("provider-managed")) maxDepth = null;
                else if (md.canConvertToExactIntegral() && md.asLong() >= 0) maxDepth = md.asLong();
                else throw new IllegalArgumentException("tool-subagent maxDepth must be a non-negative integer or 'provider-managed'");
            }
            return new Config(provider, toolName, bg == null || bg.booleanValue(), options, text(raw, "persona", null), filter, maxDepth);
        }

        private static String text(JsonNode obj, String key, String fallback) {
            JsonNode v = obj.get(key);
            if (v == null || v.isNull()) return fallback;
            if (!v.isTextual()) throw new IllegalArgumentException("tool-subagent " + key + " must be a string");
            return v.textValue();
        }

        private static Set<String> names(JsonNode obj, String key) {
            JsonNode v = obj.get(key);
            if (v == null) return null;
            if (!v.isArray()) throw new IllegalArgumentException("tool-subagent toolFilter." + key + " must be an array of names");
            Set<String> out = new LinkedHashSet<>();
            for (JsonNode n : v) {
                if (!n.isTextual() || n.textValue().isEmpty()) {
                    throw new IllegalArgumentException("tool-subagent toolFilter." + key + " entries must be non-empty strings");
                }
                out.add(n.textValue());
            }
            return out;
        }
    }

    /** The plugin; mount once per tool name ({@code subagent} on {@code spawn}, {@code subagent_fork} on {@code fork}). */
    public static final Plugin<JsonNode> PLUGIN = Plugin.named("tool-subagent")
            .inject(SubagentRuntime.KEY, ToolRuntime.KEY)
            .setup((ctx, raw) -> mount(ctx, Config.of(raw)));

    private SubagentTool() {}

    private static void mount(Context ctx, Config config) {
        SubagentRuntime runtime = ctx.require(SubagentRuntime.KEY);
        ToolRuntime tools = ctx.require(ToolRuntime.KEY);
        EffectHandle[] mounted = new EffectHandle[1];
        Runnable maybeMount = () -> {
            synchronized (mounted) {
                if (mounted[0] != null) return;
                runtime.getProvider(config.provider()).ifPresent(p -> {
                    if (config.maxDepth() != null && !p.capabilities().depthLimit()) {
                        throw new IllegalStateException("tool-subagent: provider \"" + p.name() + "\" has no depthLimit capability, "
                                + "so a numeric maxDepth cannot be enforced");
                    }
                    mounted[0] = tools.register(definition(config, p, runtime));
                });
            }
        };
        ctx.events().on(SubagentRuntime.PROVIDER_ADDED, p -> {
            if (p.name().equals(config.provider())) maybeMount.run();
        });
        ctx.events().on(SubagentRuntime.PROVIDER_REMOVED, name -> {
            if (name.equals(config.provider())) {
                synchronized (mounted) {
                    if (mounted[0] != null) mounted[0].dispose();
                    mounted[0] = null;
                }
            }
        });
        maybeMount.run();
    }

    /** The tool definition over {@code provider}. */
    static ToolDefinition definition(Config config, SubagentProvider provider, SubagentRuntime runtime) {
        ObjectNode params = JsJson.nodes().objectNode().put("type", "object");
        ObjectNode props = params.putObject("properties");
        props.putObject("description").put("type", "string")
                .put("description", "A short (3-5 word) label of the delegated task, shown to the user.");
        props.putObject("prompt").put("type", "string").put("description", provider.inheritsParentContext()
                ? "The task for the child agent. It starts from a copy of this conversation up to the last completed turn, "
                        + "so refer to earlier context directly and say what result to return."
                : "The complete task for the child agent. It sees nothing of this conversation, so include every fact, "
                        + "path and constraint it needs, and say what result to return.");
        if (config.enableRunInBackground()) {
            props.putObject("run_in_background").put("type", "boolean")
                    .put("description", "Run the child in the background instead of waiting for its result.");
        }
        params.set("required", JsJson.nodes().arrayNode().add("description").add("prompt"));
        ObjectNode output = (ObjectNode) JsJson.parse("""
                {"type":"object","properties":{"kind":{"type":"string","const":"foreground"},"runId":{"type":"string"},
                 "output":{"type":"array"}},"required":["kind","runId","output"]}""");
        String description = provider.inheritsParentContext()
                ? "Delegate a task to a child agent that starts from a copy of this conversation (completed turns only) and "
                        + "returns its final answer. The child works independently; only its final answer comes back."
                : "Delegate a self-contained task to a fresh child agent and get its final answer back. The child does not see "
                        + "this conversation; give it everything it needs in the prompt.";
        return ToolDefinition.builder(config.toolName())
                .description(description)
                .parameters(params)
                .output(ToolOutput.of(output, (args, value) -> render(value)))
                .parallelSafe()
                .body((args, exec) -> run(config, runtime, args, exec))
                .build();
    }

    private static List<ContentBlock> render(JsonNode value) {
        StringBuilder text = new StringBuilder();
        for (JsonNode block : value.path("output")) {
            if ("text".equals(block.path("type").textValue())) text.append(block.path("text").asText());
        }
        return List.of(new ContentBlock.Text(text.toString()));
    }

    private static JsonNode run(Config config, SubagentRuntime runtime, JsonNode args, ToolRunContext exec) throws Exception {
        if (!(exec.agent() instanceof Agent parent)) {
            throw new ToolException(ERROR_NAME, "NO_AGENT", config.toolName() + " requires a calling Agent");
        }
        if (args.path("run_in_background").asBoolean(false)) {
            throw new ToolException(ERROR_NAME, "BACKGROUND_UNAVAILABLE", "run_in_background is not available here: "
                    + "this host runs subagents in the foreground only; call " + config.toolName() + " again without it");
        }
        SubagentStartRequest request = new SubagentStartRequest(args.get("description").textValue(),
                List.of(new ContentBlock.Text(args.get("prompt").textValue())), parent, exec.signal(), config.agentOptions(), null,
                config.maxDepth(), config.toolFilter(), config.persona());
        SubagentRun run = runtime.start(config.provider(), request);
        SubagentResult result = null;
        Throwable resultFailure = null;
        Exception disposeFailure = null;
        try {
            result = run.result().get();
        } catch (ExecutionException e) {
            resultFailure = e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            resultFailure = e;
        } finally {
            try {
                run.dispose();
            } catch (Exception e) {
                disposeFailure = e;
            }
        }
        if (resultFailure != null) {
            RuntimeException failure = new IllegalStateException("subagent run failed: " + resultFailure.getMessage(), resultFailure);
            if (disposeFailure != null) failure.addSuppressed(disposeFailure);
            throw failure;
        }
        if (!result.stopReason().equals(SubagentResult.COMPLETED)) throw new IllegalStateException(failureMessage(result));
        if (disposeFailure != null) throw new IllegalStateException("subagent cleanup failed: " + disposeFailure.getMessage(), disposeFailure);
        ArrayNode output = JsJson.nodes().arrayNode();
        for (ContentBlock b : result.output()) {
            if (!(b instanceof ContentBlock.Reasoning)) output.add(MessageJson.write(b));
        }
        ObjectNode value = JsJson.nodes().objectNode().put("kind", "foreground").put("runId", run.id());
        value.set("output", output);
        return value;
    }

    /** The error text of a non-completed run: a headline per reason, then the diagnostic and any partial text. */
    public static String failureMessage(SubagentResult result) {
        String headline = switch (result.stopReason()) {
            case SubagentResult.ABORTED -> "subagent run was cancelled";
            case SubagentResult.ERROR -> "subagent run failed";
            case SubagentResult.MAX_TOKENS -> "subagent run hit its token limit before finishing";
            case SubagentResult.REFUSAL -> "subagent run declined the task";
            default -> "subagent run ended abnormally (" + result.stopReason() + ")";
        };
        List<String> parts = new ArrayList<>();
        parts.add(headline);
        if (result.diagnostic() != null && !result.diagnostic().isEmpty()) parts.add("Diagnostic: " + result.diagnostic());
        String partial = result.text();
        if (!partial.isEmpty()) parts.add("Partial output before the run ended:\n" + partial);
        return String.join("\n\n", parts);
    }
}
