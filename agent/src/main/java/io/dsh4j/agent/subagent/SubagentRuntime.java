package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.JsonSchemaException;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code ctx.subagents} (spec kernel-and-agent §6.3): the provider registry and one-shot
 * {@link #start}. Thread-safe; {@link #start} blocks while the provider publishes the child, so call
 * it from a virtual thread (a tool body, a hook), never from the kernel's lifecycle executor.
 * Continuable children (§6.3, last item) are not provided.
 */
public final class SubagentRuntime {

    /** The service key. */
    public static final ServiceKey<SubagentRuntime> KEY = ServiceKey.of("subagents", SubagentRuntime.class);

    /** {@code subagent/provider-added}: plain emit (a throw rolls the registration back). */
    public static final Notification<SubagentProvider> PROVIDER_ADDED = Notification.of("subagent/provider-added", SubagentProvider.class);
    /** {@code subagent/provider-removed}: contained, with the name. */
    public static final Notification<String> PROVIDER_REMOVED = Notification.of("subagent/provider-removed", String.class);
    /** {@code subagent/start}: contained, scoped to the delegating parent. */
    public static final Notification<StartEvent> START = Notification.of("subagent/start", StartEvent.class);
    /** {@code subagent/end}: contained, scoped to the delegating parent. */
    public static final Notification<EndEvent> END = Notification.of("subagent/end", EndEvent.class);

    /** {@code subagent/descriptor} data version. */
    public static final int DESCRIPTOR_VERSION = 2;

    /** Payload of {@link #START}. */
    public record StartEvent(String runId, String provider, String id, boolean local, Agent parent) {}

    /** Payload of {@link #END}; {@code lastAssistantMessage} is the result's output text, or {@code null}. */
    public record EndEvent(String runId, String provider, String id, boolean local, String stopReason,
                           String lastAssistantMessage, Agent parent) {}

    /** The service plugin ({@code @deepseek-ai/dsh-subagent}). */
    public static final Plugin<JsonNode> PLUGIN = Plugin.named("subagents").setup((ctx, config) -> {
        SubagentRuntime runtime = new SubagentRuntime(ctx);
        ctx.provide(KEY, runtime);
    });

    private final Context ctx;
    private final Map<String, SubagentProvider> providers = new LinkedHashMap<>();

    public SubagentRuntime(Context ctx) {
        this.ctx = ctx;
    }

    /**
     * Registers {@code provider} as an effect of {@code caller}'s fiber, then emits
     * {@link #PROVIDER_ADDED}. Undone (with {@link #PROVIDER_REMOVED}) when the handle is disposed or the
     * caller unloads; runs already returned are not revoked.
     *
     * @throws SubagentException {@code DUPLICATE_PROVIDER} for a taken name
     */
    public EffectHandle registerProvider(Context caller, SubagentProvider provider) {
        String name = provider.name();
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("subagent provider name must be non-empty");
        return caller.effect(() -> {
            synchronized (providers) {
                if (providers.containsKey(name)) {
                    throw new SubagentException(SubagentException.DUPLICATE_PROVIDER, "subagent provider \"" + name + "\" is already registered");
                }
                providers.put(name, provider);
            }
            try {
                ctx.events().emit(PROVIDER_ADDED, provider);
            } catch (RuntimeException e) {
                synchronized (providers) {
                    providers.remove(name, provider);
                }
                throw e;
            }
            return Effect.of(() -> {
                boolean removed;
                synchronized (providers) {
                    removed = providers.remove(name, provider);
                }
                if (removed) ctx.events().emitContained(PROVIDER_REMOVED, name);
            });
        }, "subagents.registerProvider(" + name + ")");
    }

    public Optional<SubagentProvider> getProvider(String name) {
        synchronized (providers) {
            return Optional.ofNullable(providers.get(name));
        }
    }

    /** Every provider, in registration order. */
    public List<SubagentProvider> list() {
        synchronized (providers) {
            return new ArrayList<>(providers.values());
        }
    }

    /**
     * Starts a one-shot run with provider {@code name} (spec §6.3 steps 1–6).
     *
     * @throws SubagentException {@code NO_PROVIDER}, {@code UNSUPPORTED_CAPABILITY}
     * @throws IllegalArgumentException {@code subagent maxDepth must be a non-negative safe integer}
     * @throws JsonSchemaException for an output schema outside the enforced subset
     * @throws Exception whatever the provider's start threw (it rolled back)
     */
    public SubagentRun start(String name, SubagentStartRequest request) throws Exception {
        SubagentProvider provider = getProvider(name)
                .orElseThrow(() -> new SubagentException(SubagentException.NO_PROVIDER, "subagent provider \"" + name + "\" is not registered"));
        SubagentCapabilities caps = provider.capabilities();
        requireCapability(provider, request.outputSchema() != null, caps.outputSchema(), "outputSchema");
        requireCapability(provider, request.maxDepth() != null, caps.depthLimit(), "depthLimit");
        requireCapability(provider, request.toolFilter() != null, caps.toolFilter(), "toolFilter");
        requireCapability(provider, request.persona() != null, caps.persona(), "persona");
        validateMaxDepth(request.maxDepth());
        if (request.outputSchema() != null) validateOutputSchema(request.outputSchema());
        ObjectNode descriptor = JsJson.nodes().objectNode().put("version", DESCRIPTOR_VERSION).put("mode", "one-shot").put("provider", name);
        if (request.label() != null) descriptor.put("label", request.label());
        SubagentRun run = provider.start(request, descriptor);
        if (run == null) throw new IllegalStateException("subagent provider \"" + name + "\" returned no run");
        String runId = UUID.randomUUID().toString();
        boolean local = run.localAgent().isPresent();
        Agent parent = request.parent();
        ctx.events().to(Scopes.target(ctx, null, parent)).emitContained(START, new StartEvent(runId, name, run.id(), local, parent));
        run.result().whenComplete((result, failure) -> {
            String stop = failure != null || result == null ? SubagentResult.ERROR : result.stopReason();
            String text = result == null ? null : result.text();
            ctx.events().to(Scopes.target(ctx, null, parent)).emitContained(END,
                    new EndEvent(runId, name, run.id(), local, stop, text == null || text.isEmpty() ? null : text, parent));
        });
        return run;
    }

    private static void requireCapability(SubagentProvider p, boolean needed, boolean has, String capability) {
        if (needed && !has) {
            throw new SubagentException(SubagentException.UNSUPPORTED_CAPABILITY,
                    "subagent provider \"" + p.name() + "\" does not support " + capability);
        }
    }

    /** @throws IllegalArgumentException unless {@code null} or a non-negative safe integer */
    static void validateMaxDepth(Long maxDepth) {
        if (maxDepth != null && (maxDepth < 0 || maxDepth > 9007199254740991L)) {
            throw new IllegalArgumentException("subagent maxDepth must be a non-negative safe integer");
        }
    }

    /** @throws JsonSchemaException unless an object-rooted schema in the enforced subset */
    static void validateOutputSchema(ObjectNode schema) {
        if (!"object".equals(schema.path("type").textValue())) {
            throw new JsonSchemaException("subagent outputSchema", List.of("outputSchema: the root must be {\"type\":\"object\"}"));
        }
        // the tool runtime checks the subset when a definition is built
        ToolDefinition.builder("structured_output").description("check").parameters(schema)
                .output(ToolOutput.of(JsJson.parse("{\"type\":\"object\"}"), (a, v) -> List.<ContentBlock>of()))
                .body((a, e) -> a).build();
    }
}
