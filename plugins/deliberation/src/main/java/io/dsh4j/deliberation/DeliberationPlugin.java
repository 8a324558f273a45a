package io.dsh4j.deliberation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.subagent.InProcessDriver;
import io.dsh4j.agent.subagent.SubagentProvider;
import io.dsh4j.agent.subagent.SubagentRun;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.agent.subagent.SubagentStartRequest;
import io.dsh4j.deliberation.core.BranchAcceptance;
import io.dsh4j.deliberation.core.BranchOutcome;
import io.dsh4j.deliberation.core.BranchPlanner;
import io.dsh4j.deliberation.core.BranchPrompt;
import io.dsh4j.deliberation.core.CapabilityProfile;
import io.dsh4j.deliberation.core.DeliberateTool;
import io.dsh4j.deliberation.core.DeliberationConfig;
import io.dsh4j.deliberation.core.DeliberationOutput;
import io.dsh4j.deliberation.core.DeliberationRequest;
import io.dsh4j.deliberation.core.History;
import io.dsh4j.deliberation.core.ImageGate;
import io.dsh4j.deliberation.core.MidForkProjectionException;
import io.dsh4j.deliberation.core.MidForkProjector;
import io.dsh4j.deliberation.core.ProviderInfo;
import io.dsh4j.deliberation.core.StartFailure;
import io.dsh4j.deliberation.core.UnsupportedChildImageInputException;
import io.dsh4j.deliberation.core.run.BranchRunner;
import io.dsh4j.deliberation.core.run.CancelSignal;
import io.dsh4j.deliberation.core.run.ChildLauncher;
import io.dsh4j.deliberation.core.run.Deadlines;
import io.dsh4j.deliberation.core.run.DeliberationAbortedException;
import io.dsh4j.deliberation.core.run.PlannedBranch;
import io.dsh4j.deliberation.core.run.StartRefusedException;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.PromptSection;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolException;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRunContext;
import io.dsh4j.tool.ToolRuntime;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code tool-deliberation} plugin (spec deliberation §1–§8): mounts the {@code deliberate} tool
 * while the fresh, fork and the whole mid-fork family of providers are registered (validated on
 * mount), registers the policy section {@code tool:<toolName>:policy} at order 116.75 (text only
 * where the tool is visible), runs a call's branches in parallel on virtual threads with per-branch
 * deadlines ({@link BranchRunner}), and — when {@code autoReview.enabled} — installs the automatic
 * masked review ({@link AutoReviewHook}).
 */
public final class DeliberationPlugin {

    private static final Logger LOG = LoggerFactory.getLogger(DeliberationPlugin.class);

    /** The plugin ({@code tool-deliberation}); config per spec §2. */
    public static final Plugin<JsonNode> PLUGIN = Plugin.named(DeliberationConfig.PLUGIN_NAME)
            .inject(SubagentRuntime.KEY, ToolRuntime.KEY, SystemPrompt.KEY)
            .setup((ctx, raw) -> new DeliberationPlugin(ctx, DeliberationConfig.resolve(raw), LOG::warn).install());

    private final Context ctx;
    private final DeliberationConfig config;
    private final DeliberateTool tool;
    private final BranchPlanner planner;
    private final BranchPrompt prompts = BranchPrompt.english();
    private final BranchAcceptance acceptance = BranchAcceptance.english();
    private final ImageGate gate = ImageGate.english();
    private final SubagentRuntime subagents;
    private final ToolRuntime tools;
    private final Consumer<String> warn;
    private final ThreadFactory threads;
    private final Deadlines deadlines;
    private EffectHandle mounted;

    DeliberationPlugin(Context ctx, DeliberationConfig config, Consumer<String> warn) {
        this(ctx, config, warn, BranchRunner.virtualThreads(), Thread.ofVirtual().name("deliberation-deadline-", 0).factory());
    }

    /** @param threads makes the branch threads; {@code timers} the deadline threads (both virtual in production) */
    DeliberationPlugin(Context ctx, DeliberationConfig config, Consumer<String> warn, ThreadFactory threads, ThreadFactory timers) {
        this.threads = threads;
        this.deadlines = Deadlines.virtualThreads(timers);
        this.ctx = ctx;
        this.config = config;
        this.tool = new DeliberateTool(config);
        this.planner = new BranchPlanner(config);
        this.subagents = ctx.require(SubagentRuntime.KEY);
        this.tools = ctx.require(ToolRuntime.KEY);
        this.warn = warn;
    }

    void install() {
        List<String> required = config.requiredProviders();
        ctx.events().on(SubagentRuntime.PROVIDER_ADDED, p -> {
            if (required.contains(p.name())) maybeMount();
        });
        ctx.events().on(SubagentRuntime.PROVIDER_REMOVED, name -> {
            if (required.contains(name)) unmount();
        });
        maybeMount();
        for (String name : required) {
            if (subagents.getProvider(name).isEmpty()) {
                LOG.info("tool-deliberation: provider {} is not registered yet; {} registers when it appears", JsJson.quote(name), config.toolName());
            }
        }
        ctx.require(SystemPrompt.KEY).section(PromptSection.of(tool.policySectionName(), DeliberateTool.POLICY_ORDER,
                assembly -> tool.policyText(tools.get(config.toolName(), assembly.scope()).isPresent())));
        if (config.autoReview().enabled()) new AutoReviewHook(ctx, config, subagents, deadlines, warn).install();
    }

    /** The provider's descriptive facts, as the core validates them. */
    static ProviderInfo info(SubagentProvider p) {
        return new ProviderInfo(p.name(), p.inheritsParentContext(), p.capabilities().outputSchema(), p.capabilities().depthLimit(),
                p.capabilities().toolFilter());
    }

    private synchronized void maybeMount() {
        if (mounted != null) return;
        List<ProviderInfo> found = new ArrayList<>();
        List<History> histories = new ArrayList<>();
        List<String> required = config.requiredProviders();
        for (int i = 0; i < required.size(); i++) {
            Optional<SubagentProvider> p = subagents.getProvider(required.get(i));
            if (p.isEmpty()) return;
            found.add(info(p.get()));
            histories.add(i == 0 ? History.FRESH : i == 1 ? History.FORK : History.MID_FORK);
        }
        for (int i = 0; i < found.size(); i++) found.get(i).validateFor(histories.get(i));
        mounted = tools.register(definition());
    }

    private synchronized void unmount() {
        if (mounted == null) return;
        mounted.dispose();
        mounted = null;
    }

    ToolDefinition definition() {
        return ToolDefinition.builder(config.toolName())
                .description(tool.description())
                .parameters(tool.parameters())
                .output(ToolOutput.of(tool.outputSchema(), (args, value) -> List.of(new ContentBlock.Text(renderedText(value)))))
                .concurrency(args -> tool.isConcurrencySafe())
                .body(this::execute)
                .build();
    }

    /** The compact model-facing text of a canonical value (what {@link DeliberationOutput#renderedText()} gives). */
    static String renderedText(JsonNode canonical) {
        ObjectNode o = JsJson.nodes().objectNode();
        ArrayNode a = o.putArray("branches");
        for (JsonNode b : canonical.path("branches")) {
            ObjectNode r = a.addObject();
            r.set("label", b.get("label"));
            r.set("role", b.get("role"));
            r.set("stopReason", b.get("stopReason"));
            if (b.has("historyWindow")) r.set("historyWindow", b.get("historyWindow"));
            if (b.hasNonNull("packet")) r.set("packet", b.get("packet"));
            else if (b.has("diagnostic")) r.set("diagnostic", b.get("diagnostic"));
        }
        return JsJson.stringify(o);
    }

    private JsonNode execute(JsonNode args, ToolRunContext exec) {
        Agent parent = exec.agent() instanceof Agent a ? a : null;
        DeliberationRequest request = tool.validate(args, parent != null);
        List<SessionEvent> events = parent.session().events();
        List<BranchPlanner.Plan> plans = planner.plan(request, MidForkProjector.completedStepCount(events));
        Map<PlannedBranch, String> promptOf = new IdentityHashMap<>();
        Map<PlannedBranch, BranchPlanner.Plan> planOf = new IdentityHashMap<>();
        List<PlannedBranch> branches = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            BranchPlanner.Plan plan = plans.get(i);
            DeliberationRequest.BranchRequest b = request.branches().get(i);
            CapabilityProfile profile = config.profiles().get(b.capability());
            PlannedBranch pb = new PlannedBranch(plan.base(), plan.provider());
            branches.add(pb);
            planOf.put(pb, plan);
            if (plan.provider() != null) promptOf.put(pb, prompts.render(request, b, profile, plan.base().historyWindow()));
        }
        ChildLauncher launcher = (branch, signal) -> launch(parent, planOf.get(branch), promptOf.get(branch), signal);
        BranchRunner runner = new BranchRunner(launcher, acceptance, deadlines, threads, config.branchTimeoutMs(),
                DeliberationConfig.BRANCH_TIMEOUT_CODE, warn);
        List<Signal.Registration> links = new ArrayList<>();
        try {
            CancelSignal caller = HostBridge.coreSignal(exec.signal(), links);
            List<BranchOutcome> outcomes = runner.runAll(branches, caller);
            return new DeliberationOutput(outcomes).toJson();
        } catch (DeliberationAbortedException e) {
            throw new ToolException("DeliberationError", "DELIBERATION_ABORTED", e.getMessage());
        } finally {
            links.forEach(Signal.Registration::close);
        }
    }

    private io.dsh4j.deliberation.core.run.ChildRun launch(Agent parent, BranchPlanner.Plan plan, String prompt, CancelSignal signal)
            throws Exception {
        HostBridge.LinkedSignal link = HostBridge.kernelSignal(signal);
        try {
            List<ContentBlock> blocks = List.of(new ContentBlock.Text(prompt));
            SubagentStartRequest request = new SubagentStartRequest(plan.label(), blocks, parent, link.signal(),
                    HostBridge.agentOptions(plan.agentOptions()), plan.outputSchema(), plan.maxDepth(),
                    HostBridge.restriction(plan.toolFilter()), null);
            History history = plan.base().role().history();
            if (history != History.MID_FORK) {
                List<SessionEvent> seed = history == History.FORK ? InProcessDriver.completedTurnPrefix(parent.session().events()) : List.of();
                AdapterRegistry llm = ctx.get(ModelRoutesPlugin.LLM).orElse(null);
                gate.check(ImageGate.inspect(HostBridge.surfaceOf(seed), blocks), HostBridge.childRoute(parent, request.agentOptions()),
                        HostBridge.modelInfo(llm), signal::isCancelled);
            }
            SubagentRun run = subagents.start(plan.provider(), request);
            return HostBridge.childRun(run, link);
        } catch (UnsupportedChildImageInputException e) {
            link.close();
            throw new StartRefusedException(e.toStartFailure());
        } catch (MidForkProjectionException e) {
            link.close();
            throw new StartRefusedException(new StartFailure.Projection(e.code()));
        } catch (Exception | Error e) {
            link.close();
            throw e;
        }
    }
}
