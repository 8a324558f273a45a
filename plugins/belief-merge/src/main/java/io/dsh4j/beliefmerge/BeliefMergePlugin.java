package io.dsh4j.beliefmerge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.ModelRoutesPlugin;
import io.dsh4j.agent.PreStepDecision;
import io.dsh4j.beliefmerge.controls.Candidate;
import io.dsh4j.beliefmerge.controls.MergeCommandLine;
import io.dsh4j.beliefmerge.controls.MergeControls;
import io.dsh4j.beliefmerge.controls.MergeSessionsTool;
import io.dsh4j.beliefmerge.controls.SourceState;
import io.dsh4j.beliefmerge.core.Injection;
import io.dsh4j.beliefmerge.core.Texts;
import io.dsh4j.command.CommandDefinition;
import io.dsh4j.command.CommandResult;
import io.dsh4j.command.Commands;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.ListenOptions;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.sessionquery.SessionQuery;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.slf4j.Logger;

/**
 * BeliefMerge as a kernel plugin on the agent runtime (spec belief-merge §1.3–§1.10, kernel-and-agent
 * §7.2): the runtime source layer ({@code sources.json} under the home), the {@code merge_sessions}
 * tool and the {@code /merge} command sharing one {@link MergeControls#run}, and the outermost
 * {@code agent/pre-step} listener that appends the merged block — one plugin-sourced {@code user/message}
 * at step 1 of each turn — built from the other sessions' surfaces read through
 * {@code ctx.sessionQuery}.
 *
 * <p>Injects {@code sessionQuery}, {@code tools}, {@code commands} and {@code llm}: the fiber stays
 * pending until all four are there and restarts when one is replaced. With no source selected the
 * listener does nothing (mounted but inert); the tool and the command are registered regardless.
 */
public final class BeliefMergePlugin {

    /** The plugin id, also the {@code source.plugin} of the injected message. */
    public static final String NAME = Injection.PLUGIN;
    /** The loader specifier (the original's package name). */
    public static final String SPECIFIER = "dsh-belief-merge";
    /** The row id in a profile (what {@code --no-plugin} and patches name). */
    public static final String ROW_ID = "belief-merge";
    /** The command name. */
    public static final String COMMAND = "merge";

    public static final Plugin<BeliefMergeConfig> PLUGIN = Plugin.named(NAME, BeliefMergeConfig.SCHEMA)
            .inject(SessionQuery.KEY, ToolRuntime.KEY, Commands.KEY, ModelRoutesPlugin.LLM)
            .setup((ctx, config) -> new BeliefMergePlugin(ctx, config).mount(ctx));

    private final BeliefMergeConfig config;
    private final Texts texts;
    private final Logger log;
    private final SourceState state;
    private final SessionQuery query;
    private final Context ctx;
    private final LiveMerge merge;
    private final Map<Object, MergeControls> controls = new WeakHashMap<>();

    BeliefMergePlugin(Context ctx, BeliefMergeConfig config) {
        this.ctx = ctx;
        this.config = config;
        this.texts = Texts.of(config.locale());
        this.log = ctx.logger();
        this.query = ctx.require(SessionQuery.KEY);
        this.state = new SourceState(config.stateFilePath(), config.sources(), this::warn, texts);
        this.merge = new LiveMerge(config, query, this::warn, this::debug);
    }

    private void mount(Context ctx) {
        ctx.require(ToolRuntime.KEY).register(tool());
        ctx.require(Commands.KEY).as(ctx).register(command());
        ctx.events().on(AgentEvents.PRE_STEP, (payload, next) -> {
            PreStepDecision decision = next.proceed();
            return inject(payload, decision);
        }, ListenOptions.PREPEND);
    }

    /** The decision with the merged block appended, or {@code decision} itself (spec §1.9). */
    PreStepDecision inject(AgentEvents.PreStepPayload payload, PreStepDecision decision) {
        if (!(decision instanceof PreStepDecision.Enter enter)) return decision;
        Agent agent = payload.agent();
        Signal signal = payload.signal() == null ? Signal.never() : payload.signal();
        if (signal.aborted()) return decision;
        if (config.oncePerTurn() && payload.step() != 1) return decision;
        List<String> sources = state.get();
        String self = agent == null ? null : agent.session().id();
        if (sources.stream().allMatch(id -> id.equals(self))) return decision;
        AdapterRegistry llm = config.useLlmAlignment() ? ctx.get(ModelRoutesPlugin.LLM).orElse(null) : null;
        AgentTextModel model = config.useLlmAlignment() ? new AgentTextModel(llm, config, agent, signal) : null;
        List<Message> entering = new ArrayList<>(enter.messages());
        Injection.Outcome outcome = merge.plan(new Injection.Step(false, false, (int) Math.min(Integer.MAX_VALUE, payload.step()),
                entering, self), sources, model, signal);
        if (!(outcome instanceof Injection.Append append) || signal.aborted()) return decision;
        List<Message.UserMessage> out = new ArrayList<>(enter.messages());
        out.add((Message.UserMessage) append.message());
        return new PreStepDecision.Enter(out);
    }

    private ToolDefinition tool() {
        return ToolDefinition.builder(MergeSessionsTool.NAME)
                .description(MergeSessionsTool.DESCRIPTION)
                .parameters(JsJson.parse(MergeSessionsTool.PARAMETERS_SCHEMA))
                .output(ToolOutput.of(JsJson.parse(MergeSessionsTool.OUTPUT_SCHEMA),
                        (args, value) -> List.of(new ContentBlock.Text(value.path("message").asText()))))
                .body((args, exec) -> {
                    String self = exec.agent() == null ? null : exec.agent().id();
                    MergeControls.Result r = controlsFor(exec.agent()).run(MergeControls.Action.named(text(args, "action")),
                            strings(args.get("sessions")), self, text(args, "query"));
                    return json(r);
                })
                .build();
    }

    private CommandDefinition command() {
        return new CommandDefinition(COMMAND, texts.format("command.description"), MergeCommandLine.HINT, true, inv -> {
            MergeCommandLine.Parsed p = MergeCommandLine.parse(inv.rawInput());
            String self = inv.agent() == null ? null : inv.agent().session().id();
            MergeControls.Result r = controlsFor(inv.agent()).run(p.action(), p.inputs(), self, p.query());
            return r.ok() ? new CommandResult.Success(r.message(), null) : new CommandResult.Error(r.message());
        });
    }

    /** One controller per agent (its {@code #N} numbers refer to the list that agent saw last), sharing the state. */
    private MergeControls controlsFor(Object agent) {
        synchronized (controls) {
            Object key = agent == null ? this : agent;
            return controls.computeIfAbsent(key, k -> new MergeControls(state, this::candidates, System::currentTimeMillis, texts));
        }
    }

    /** Every session the query service lists, newest first, as merge candidates (title unknown, workspace = cwd). */
    List<Candidate> candidates() {
        return query.listSessions(Signal.never()).stream()
                .map(r -> new Candidate(r.header().id(), null, r.header().cwd(), r.live(), null, null)).toList();
    }

    /** The shared runtime source layer. */
    SourceState state() {
        return state;
    }

    private static ObjectNode json(MergeControls.Result r) {
        ObjectNode out = JsJson.nodes().objectNode().put("ok", r.ok()).put("message", r.message());
        r.sources().forEach(out.putArray("sources")::add);
        return out;
    }

    private static String text(JsonNode args, String field) {
        JsonNode v = args.get(field);
        return v != null && v.isTextual() ? v.textValue() : null;
    }

    private static List<String> strings(JsonNode array) {
        if (array == null || !array.isArray()) return List.of();
        List<String> out = new ArrayList<>();
        array.forEach(v -> {
            if (v.isTextual()) out.add(v.textValue());
        });
        return out;
    }

    private void warn(String line) {
        log.warn(line);
        debug(line);
    }

    private void debug(String line) {
        if (config.debug()) System.err.println("belief-merge[debug]: " + line);
    }
}
