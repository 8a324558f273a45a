package io.dsh4j.deliberation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.subagent.InProcessDriver;
import io.dsh4j.agent.subagent.SubagentCapabilities;
import io.dsh4j.agent.subagent.SubagentProvider;
import io.dsh4j.agent.subagent.SubagentRun;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.agent.subagent.SubagentStartRequest;
import io.dsh4j.deliberation.core.ImageGate;
import io.dsh4j.deliberation.core.MidForkProjection;
import io.dsh4j.deliberation.core.MidForkProjector;
import io.dsh4j.deliberation.core.MidForkProviderConfig;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.message.ContentBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The mid-fork provider (spec deliberation §3.3): projects the parent's completed Steps of its window
 * with the configured mask ({@link MidForkProjector}; a refusal throws
 * {@link io.dsh4j.deliberation.core.MidForkProjectionException} before anything exists), puts the
 * snapshot blocks before the caller's prompt in one user message, runs the image gate over the real
 * seed and prompt, and starts the child on the shared in-process driver with the projection's seed.
 * The parent session is only read.
 */
public final class MidForkProvider implements SubagentProvider {

    /** The provider plugin ({@code subagent-mid-fork-in-process}); config per spec §2.7. */
    public static final Plugin<JsonNode> PLUGIN = Plugin.named(MidForkProviderConfig.PLUGIN_NAME)
            .inject(SubagentRuntime.KEY, AgentRegistry.KEY)
            .setup((ctx, raw) -> {
                List<MidForkProviderConfig.ProviderSpec> specs = MidForkProviderConfig.resolve(raw);
                InProcessDriver driver = new InProcessDriver(ctx.require(AgentRegistry.KEY), ctx);
                SubagentRuntime subagents = ctx.require(SubagentRuntime.KEY);
                for (MidForkProviderConfig.ProviderSpec spec : specs) {
                    subagents.registerProvider(ctx, new MidForkProvider(spec, driver, () -> ctx.get(ModelRoutesPlugin.LLM).orElse(null)));
                }
            });

    private final MidForkProviderConfig.ProviderSpec spec;
    private final InProcessDriver driver;
    private final Supplier<AdapterRegistry> llm;
    private final MidForkProjector projector = MidForkProjector.english();
    private final ImageGate gate = ImageGate.english();

    public MidForkProvider(MidForkProviderConfig.ProviderSpec spec, InProcessDriver driver, Supplier<AdapterRegistry> llm) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.driver = Objects.requireNonNull(driver, "driver");
        this.llm = Objects.requireNonNull(llm, "llm");
    }

    public MidForkProviderConfig.ProviderSpec spec() {
        return spec;
    }

    @Override public String name() { return spec.name(); }
    @Override public SubagentCapabilities capabilities() { return SubagentCapabilities.ALL; }
    @Override public boolean inheritsParentContext() { return true; }

    @Override
    public SubagentRun start(SubagentStartRequest request, ObjectNode descriptor) {
        Agent parent = request.parent();
        MidForkProjection projection = projector.project(parent.session().events(), HostBridge.surfaceSeqs(parent.session().surface()),
                spec.window(), spec.mask(), spec.limits());
        List<ContentBlock> prompt = new ArrayList<>(HostBridge.blocks(projection.snapshotContent()));
        prompt.addAll(request.prompt());
        gate.check(ImageGate.inspect(HostBridge.surfaceOf(projection.seed()), prompt),
                HostBridge.childRoute(parent, request.agentOptions()), HostBridge.modelInfo(llm.get()), () -> request.signal().aborted());
        return driver.start(request.withPrompt(prompt), descriptor, projection.seed());
    }

    @Override
    public String toString() {
        return "MidForkProvider[" + spec.name() + "]";
    }
}
