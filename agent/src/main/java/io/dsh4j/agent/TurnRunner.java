package io.dsh4j.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.kernel.AbortedException;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.LlmException;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.ModelInfo;
import io.dsh4j.llm.RetryPolicy;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.AssembleContext;
import io.dsh4j.prompt.PromptAssembly;
import io.dsh4j.prompt.PromptRender;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.tool.ToolSchema;
import io.dsh4j.tool.ToolStepJournal;
import io.dsh4j.tool.ToolStepOutcome;
import io.dsh4j.tool.ToolStepRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The loop of spec kernel-and-agent §5.7, for one agent: {@link #turn} runs one turn — pre-step,
 * step, tool scheduling, turn-stopping with steer re-entry — and always closes it with
 * {@code turn/end}. Runs on the agent's driver thread only.
 */
final class TurnRunner {

    /** The plugin id of runtime-context snapshot messages (Appendix A). */
    static final String SNAPSHOT_PLUGIN = "@deepseek-ai/dsh-system-prompt";
    /** The message entered once when runtime contexts disappear after having existed (dsh4j's wording). */
    static final String NO_CONTEXT_TEXT = "Current runtime context: none. Earlier runtime-context snapshots no longer apply.";

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TurnRunner.class);

    private final LoopAgent agent;
    private final LoopServices services;
    private long lastTurn;
    private JsonNode lastHeader;
    private LlmCallConfig lastConfig;
    private JsonNode lastContext;

    TurnRunner(LoopAgent agent, LoopServices services, long lastTurn) {
        this.agent = agent;
        this.services = services;
        this.lastTurn = lastTurn;
        for (SessionEvent e : agent.session().events()) {
            if (e.type().equals(EventTypes.REQUEST_CONTEXT)) lastContext = e.data();
        }
    }

    /** Thrown to end a turn with an LLM failure. */
    static final class TurnFailure extends RuntimeException {
        final LlmFailure failure;

        TurnFailure(LlmFailure failure, Throwable cause) {
            super(failure.message(), cause);
            this.failure = failure;
        }
    }

    /**
     * Runs one turn. @return whether the inbox still has work (the driver runs another turn)
     * @throws RuntimeException after an error or cancellation (already logged in {@code turn/end})
     */
    boolean turn(Signal signal) {
        signal.throwIfAborted();
        LiveSession session = agent.session();
        long turn = ++lastTurn;
        session.append(new EventPayload.TurnStart(turn));
        TurnEndReason turnEnd = null;
        long steps = 0;
        long currentStep = 0;
        InboxTarget target = InboxTarget.NEXT_TURN;
        try {
            while (true) {
                long step = steps + 1;
                currentStep = step;
                Proposal p = preStep(target, turn, step, signal);
                if (p.decision instanceof PreStepDecision.Reject) {
                    turnEnd = new TurnEndReason.Blocked();
                    break;
                }
                List<Message.UserMessage> entering = ((PreStepDecision.Enter) p.decision).messages();
                if (turnEnd != null && entering.isEmpty()) break;
                if (steps == 0 && entering.isEmpty()) {
                    turnEnd = new TurnEndReason.Completed();
                    break;
                }
                session.append(new EventPayload.StepStart(turn, step));
                steps = step;
                try {
                    for (Message.UserMessage m : entering) {
                        session.append(new EventPayload.UserMessage(m), SurfaceOp.APPEND, null);
                    }
                    TurnEndReason r = step(turn, step, p.assembly, signal);
                    if (!(turnEnd instanceof TurnEndReason.MaxTokens)) turnEnd = r;
                } finally {
                    session.append(new EventPayload.StepEnd(turn, step));
                }
                if (turnEnd != null && agent.nextStepEmpty()) {
                    agent.events().serial(AgentEvents.TURN_STOPPING, new AgentEvents.TurnStoppingPayload(agent, turn, signal));
                    signal.throwIfAborted();
                }
                if (turnEnd != null && agent.nextStepEmpty()) break;
                target = InboxTarget.NEXT_STEP;
            }
        } catch (RuntimeException | Error e) {
            if (signal.aborted()) {
                turnEnd = new TurnEndReason.Aborted(AgentCancelCause.of(signal.reason()).toAbortCause());
            } else {
                turnEnd = new TurnEndReason.Error(failureOf(e));
                agent.events().emitContained(AgentEvents.ERROR, new AgentEvents.ErrorPayload(agent, turn, currentStep, e));
            }
            throw e;
        } finally {
            session.append(new EventPayload.TurnEnd(turn, turnEnd));
            try {
                session.checkpoint();
            } catch (RuntimeException e) {
                // the caller sees it too (pendingWrites() > 0); the stack trace is for debugging only
                LOG.error("agent {}: turn-end checkpoint failed: {}", agent.id(), e.getMessage());
                LOG.debug("turn-end checkpoint failure", e);
            }
        }
        return agent.hasPendingWork();
    }

    static LlmFailure failureOf(Throwable e) {
        if (e instanceof TurnFailure f) return f.failure;
        if (e instanceof LlmException l) return new LlmFailure(l.getMessage(), l.code(), null, null, null);
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return new LlmFailure(message, "UNKNOWN", null, null, null);
    }

    private record Proposal(PreStepDecision decision, PromptAssembly assembly) {}

    private Proposal preStep(InboxTarget target, long turn, long step, Signal signal) {
        List<Message.UserMessage> claimed = agent.claim(target, turn);
        agent.session().checkpoint();
        PromptAssembly assembly = services.prompt().assemble(AssembleContext.forAgent(agent, signal));
        signal.throwIfAborted();
        Message.UserMessage snapshot = runtimeContextSnapshot(assembly);
        List<Message.UserMessage> defaults = new ArrayList<>(claimed);
        if (snapshot != null) defaults.add(snapshot);
        PreStepDecision decision = agent.events().waterfall(AgentEvents.PRE_STEP,
                new AgentEvents.PreStepPayload(agent, List.copyOf(claimed), turn, step, signal),
                () -> new PreStepDecision.Enter(defaults));
        signal.throwIfAborted();
        if (decision == null) throw new IllegalStateException("an agent/pre-step listener returned no decision");
        return new Proposal(decision, assembly);
    }

    /** §4.5: one snapshot message when the rendered contexts differ from the last one on the surface. */
    private Message.UserMessage runtimeContextSnapshot(PromptAssembly assembly) {
        List<PromptAssembly.Part> parts = PromptRender.interpolated(assembly.contexts(), assembly.variables());
        String text = PromptRender.renderContexts(assembly);
        String last = null;
        List<SessionEvent> surface = agent.session().surface();
        for (int i = surface.size() - 1; i >= 0 && last == null; i--) {
            if (surface.get(i).payload() instanceof EventPayload.UserMessage u
                    && u.message().source() instanceof io.dsh4j.message.MessageSource.Plugin pl
                    && SNAPSHOT_PLUGIN.equals(pl.plugin())) {
                last = u.message().content().stream().filter(ContentBlock.Text.class::isInstance)
                        .map(b -> ((ContentBlock.Text) b).text()).findFirst().orElse("");
            }
        }
        if (text.isEmpty()) {
            if (last == null || last.equals(NO_CONTEXT_TEXT)) return null;
            text = NO_CONTEXT_TEXT;
        } else if (text.equals(last)) {
            return null;
        }
        List<io.dsh4j.message.MessageSource.Section> sections = parts.stream()
                .map(p -> new io.dsh4j.message.MessageSource.Section(p.name(), p.text())).toList();
        ObjectNode json = JsJson.nodes().objectNode().put("kind", "plugin").put("plugin", SNAPSHOT_PLUGIN).put("form", "snapshot");
        ArrayNode secs = json.putArray("sections");
        sections.forEach(s -> secs.addObject().put("name", s.name()).put("text", s.text()));
        io.dsh4j.message.MessageSource source = new io.dsh4j.message.MessageSource.Plugin(SNAPSHOT_PLUGIN, "snapshot", sections, null, json);
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), source);
    }

    private TurnEndReason step(long turn, long step, PromptAssembly assembly, Signal signal) {
        LiveSession session = agent.session();
        String system = PromptRender.render(assembly);
        List<io.dsh4j.llm.ToolSchema> tools = assembly.tools().stream()
                .map(t -> new io.dsh4j.llm.ToolSchema(t.name(), t.description(), t.parameters())).toList();
        int attempt = 0;
        while (true) {
            attempt++;
            LlmCallConfig config = agent.events().waterfall(AgentEvents.REQUEST,
                    new AgentEvents.RequestPayload(agent, turn, step, signal), this::defaultConfig);
            signal.throwIfAborted();
            if (config == null || config.provider() == null || config.model() == null) {
                throw new IllegalStateException("agent " + agent.id() + " has no model route: set AgentOptions.provider and"
                        + " AgentOptions.model, or supply them from an agent/request listener");
            }
            lastConfig = config;
            ModelInfo info = services.llm().resolveModel(config.provider(), config.model());
            logHeader(config, system, assembly.tools());
            logContext(config, info);
            session.checkpoint();
            ModelCall call = ModelCall.builder(config.provider(), config.model())
                    .reasoningEffort(config.reasoningEffort()).maxTokens(config.maxTokens())
                    .messages(session.deriveMessages()).system(system.isEmpty() ? null : system).tools(tools)
                    .sessionId(session.id()).build();
            BlockAssembler assembler = new BlockAssembler();
            List<Long> chunkSeqs = new ArrayList<>();
            int thisAttempt = attempt;
            String attemptId = session.id() + ":" + turn + ":" + step + ":" + attempt;
            agent.events().emitContained(AgentEvents.ASSISTANT_STREAM, new AgentEvents.AssistantStreamPayload(agent, turn,
                    step, thisAttempt, attemptId, AgentEvents.Frame.START, -1, null));
            try {
                services.llm().stream(call, cancelSignal(signal), chunk -> {
                    signal.throwIfAborted();
                    long seq = session.append(new EventPayload.AssistantChunk(turn, step, chunk)).seq();
                    chunkSeqs.add(seq);
                    assembler.accept(chunk);
                    agent.events().emitContained(AgentEvents.ASSISTANT_STREAM, new AgentEvents.AssistantStreamPayload(agent,
                            turn, step, thisAttempt, attemptId, AgentEvents.Frame.CHUNK, seq, chunk));
                });
                signal.throwIfAborted();
            } catch (RuntimeException e) {
                if (signal.aborted()) interrupted(turn, step, config, assembler, chunkSeqs);
                throw e;
            } finally {
                agent.events().emitContained(AgentEvents.ASSISTANT_STREAM, new AgentEvents.AssistantStreamPayload(agent, turn,
                        step, thisAttempt, attemptId, AgentEvents.Frame.END, -1, null));
            }
            FinishReason finish = assembler.finish().orElseThrow();
            LlmFailure failure = switch (finish) {
                case FinishReason.Error err -> err.failure();
                case FinishReason.Aborted ab -> ab.failure();
                default -> null;
            };
            if (failure != null) {
                RetryPolicy policy = services.llm().retryPolicy(config.provider()).orElse(RetryPolicy.normal());
                AgentEvents.Retry action = agent.events().waterfall(AgentEvents.REQUEST_ERROR,
                        new AgentEvents.RequestErrorPayload(agent, turn, step, config.provider(), failure, policy, signal),
                        () -> null);
                signal.throwIfAborted();
                if (action != null) continue;
                throw new TurnFailure(failure, null);
            }
            Message.AssistantMessage message = assembler.message(UUID.randomUUID().toString(), config.provider(), config.model());
            session.append(new EventPayload.AssistantMessage(turn, step, message, assembler.usage().orElse(null), false),
                    SurfaceOp.APPEND, chunkSeqs);
            if (finish instanceof FinishReason.MaxTokens) return new TurnEndReason.MaxTokens();
            List<ContentBlock.ToolCall> calls = message.content().stream()
                    .filter(ContentBlock.ToolCall.class::isInstance).map(ContentBlock.ToolCall.class::cast).toList();
            if (calls.isEmpty()) return new TurnEndReason.Completed();
            ToolStepOutcome outcome = services.tools().runStep(new ToolStepRequest(agent, turn, step, calls, signal,
                    services.maxParallelToolCalls(), journal(session)));
            if (outcome.aborted() || signal.aborted()) {
                signal.throwIfAborted();
                throw new AbortedException(AgentCancelCause.USER);
            }
            return outcome.concluded() ? new TurnEndReason.Completed() : null;
        }
    }

    private LlmCallConfig defaultConfig() {
        if (lastConfig != null) return lastConfig;
        AgentOptions o = agent.options();
        return new LlmCallConfig(o.provider(), o.model(), o.maxTokens(), o.reasoningEffort());
    }

    private void interrupted(long turn, long step, LlmCallConfig config, BlockAssembler assembler, List<Long> chunkSeqs) {
        if (assembler.interruptedBlocks().isEmpty()) return;
        Message.AssistantMessage partial = assembler.interruptedMessage(UUID.randomUUID().toString(), config.provider(),
                config.model());
        agent.session().append(new EventPayload.AssistantMessage(turn, step, partial, null, true), SurfaceOp.APPEND,
                List.copyOf(chunkSeqs));
    }

    private void logHeader(LlmCallConfig config, String system, List<ToolSchema> tools) {
        ObjectNode header = JsJson.nodes().objectNode();
        ObjectNode c = header.putObject("config").put("provider", config.provider()).put("model", config.model());
        if (config.maxTokens() != null) c.put("maxTokens", config.maxTokens());
        if (config.reasoningEffort() != null) c.put("reasoningEffort", config.reasoningEffort());
        if (!system.isEmpty()) header.put("system", system);
        if (!tools.isEmpty()) {
            ArrayNode arr = header.putArray("tools");
            for (ToolSchema t : tools) arr.addObject().put("name", t.name()).put("description", t.description())
                    .set("parameters", t.parameters());
        }
        String reason;
        if (lastHeader == null) {
            boolean earlier = agent.session().events().stream().anyMatch(e -> e.type().equals(EventTypes.REQUEST_HEADER));
            reason = earlier ? "resume" : "initial";
        } else if (!lastHeader.equals(header)) {
            reason = "change";
        } else {
            return;
        }
        lastHeader = header;
        ObjectNode data = JsJson.nodes().objectNode();
        data.set("header", header);
        data.put("reason", reason);
        agent.session().append(EventTypes.REQUEST_HEADER, data);
    }

    private void logContext(LlmCallConfig config, ModelInfo info) {
        ObjectNode data = JsJson.nodes().objectNode().put("provider", config.provider()).put("model", config.model());
        if (info != null && info.contextWindow() != null) data.put("contextWindow", info.contextWindow());
        if (data.equals(lastContext)) return;
        lastContext = data;
        agent.session().append(EventTypes.REQUEST_CONTEXT, data);
    }

    private ToolStepJournal journal(LiveSession session) {
        return new ToolStepJournal() {
            @Override
            public long appendCall(EventPayload.ToolCall call) {
                long seq = session.append(call).seq();
                session.checkpoint(); // the recorded tool/call is durable before the body runs
                return seq;
            }

            @Override
            public void appendResult(EventPayload.ToolResult result, long callSeq) {
                session.append(result, SurfaceOp.APPEND, callSeq < 0 ? null : List.of(callSeq));
            }

            @Override
            public void deferToNextStep(Message.UserMessage context) {
                agent.deferToNextStep(context);
            }
        };
    }

    static CancelSignal cancelSignal(Signal signal) {
        return new CancelSignal() {
            @Override
            public boolean cancelled() {
                return signal.aborted();
            }

            @Override
            public Registration onCancel(Runnable action) {
                Signal.Registration r = signal.onAbort(reason -> action.run());
                return r::close;
            }
        };
    }
}
