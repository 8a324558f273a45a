package io.dsh4j.agent.subagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.AgentHandle;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.PreStepDecision;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.prompt.PromptSection;
import io.dsh4j.prompt.PromptText;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.tool.ApprovalPolicy;
import io.dsh4j.tool.ToolRuntime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The shared in-process driver ({@code startInProcessRun}, spec §6.5) used by spawn, fork and any
 * provider that builds its own seed (mid-fork): the depth guard, the child created through the agent
 * registry with lineage ({@code parentSession}, {@code origin: subagent}, {@code delegationDepth},
 * {@code seedLength}), the delegated approval policy, the child's composition (runtime context
 * {@value #DELEGATION_CONTEXT}, persona, tool filter, structured output), the
 * {@code subagent/descriptor} event on the first entered step, cancellation from the request's signal,
 * and the result read from the child's own events.
 */
public final class InProcessDriver {

    /** The runtime-context entry telling the child its permissions are fixed. */
    public static final String DELEGATION_CONTEXT = "subagent:delegation";
    /** Its order. */
    public static final double DELEGATION_CONTEXT_ORDER = 120;
    /** Origin written in the child's header. */
    public static final String ORIGIN = "subagent";
    /** The rejection of a start whose signal is already aborted. */
    public static final String ABORTED_BEFORE_PUBLICATION = "aborted before child publication";
    /** The most bytes of a diagnostic. */
    public static final int MAX_DIAGNOSTIC_BYTES = 4096;

    static final String DELEGATION_TEXT = "You are a delegated subagent working for another agent. Your permissions "
            + "(sandbox and approvals) were fixed when you were started and cannot be changed from here. Finish the "
            + "delegated task and reply with its result.";

    private final AgentRegistry agents;
    private final Context owner;

    /** A driver whose runs are released only by their holders. */
    public InProcessDriver(AgentRegistry agents) {
        this(agents, null);
    }

    /**
     * A driver whose runs are also released when their parent agent is disposed (DSH's structural
     * ownership: the child belongs to the parent), listening through {@code owner}.
     */
    public InProcessDriver(AgentRegistry agents, Context owner) {
        this.agents = java.util.Objects.requireNonNull(agents, "agents");
        this.owner = owner;
    }

    /**
     * The parent's delegation depth: the larger of its header's {@code delegationDepth} (a monotone
     * floor) and its options' {@code subagentDepth}.
     */
    public static long depthOf(Agent parent) {
        Long header = parent.session().header().delegationDepth();
        Long options = parent.options().subagentDepth();
        return Math.max(header == null ? 0 : header, options == null ? 0 : options);
    }

    /**
     * Checks the depth a child of {@code parent} would have against {@code maxDepth}.
     *
     * @return the child's depth
     * @throws SubagentDepthException {@code subagent depth <n> exceeds maxDepth <m>}
     */
    public static long childDepth(Agent parent, Long maxDepth) {
        long parentDepth = depthOf(parent);
        if (parentDepth >= 9007199254740991L) throw new ArithmeticException("subagent depth is not representable");
        long child = parentDepth + 1;
        if (maxDepth != null && child > maxDepth) throw new SubagentDepthException(child, maxDepth);
        return child;
    }

    /**
     * The fork seed (spec §6.7): the parent's events from seq 0 through its last {@code turn/end};
     * empty before any completed turn.
     */
    public static List<SessionEvent> completedTurnPrefix(List<SessionEvent> events) {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).type().equals(EventTypes.TURN_END)) return List.copyOf(events.subList(0, i + 1));
        }
        return List.of();
    }

    /**
     * Starts one child (spec §6.5).
     *
     * @param seed the child's inherited history ({@code []} for spawn)
     * @throws SubagentException {@code CANCELLED} when the signal is aborted before publication
     * @throws SubagentDepthException when the child would exceed {@code maxDepth}
     */
    public SubagentRun start(SubagentStartRequest request, ObjectNode descriptor, List<SessionEvent> seed) {
        SubagentRuntime.validateMaxDepth(request.maxDepth());
        Signal signal = request.signal();
        if (signal.aborted()) throw new SubagentException(SubagentException.CANCELLED, ABORTED_BEFORE_PUBLICATION);
        Agent parent = request.parent();
        long depth = childDepth(parent, request.maxDepth());
        String childId = UUID.randomUUID().toString();
        boolean approvalPinned = parent.ctx().get(ApprovalPolicy.KEY).isPresent();
        AgentOptions inherited = parent.options();
        AgentOptions override = request.agentOptions();
        AgentOptions options = new AgentOptions(
                override != null && override.provider() != null ? override.provider() : inherited.provider(),
                override != null && override.model() != null ? override.model() : inherited.model(),
                override != null && override.maxTokens() != null ? override.maxTokens() : inherited.maxTokens(),
                override != null && override.reasoningEffort() != null ? override.reasoningEffort() : inherited.reasoningEffort(),
                depth);
        StructuredOutput[] structured = new StructuredOutput[1];
        AgentRegistry.CreateRequest create = new AgentRegistry.CreateRequest(childId, parent.session().header().cwd(), seed, options,
                childCtx -> compose(childCtx, request, descriptor, approvalPinned, structured),
                new AgentRegistry.Lineage(parent.id(), ORIGIN, depth));
        AgentHandle handle = agents.create(create);
        InProcessRun run = new InProcessRun(handle, structured[0], request.outputSchema() != null);
        if (signal.aborted()) {
            run.disposeQuietly();
            throw new SubagentException(SubagentException.CANCELLED, ABORTED_BEFORE_PUBLICATION);
        }
        if (owner != null) {
            run.ownedBy(owner.events().on(AgentEvents.DISPOSED, p -> {
                if (p.agent() == parent) Thread.ofVirtual().start(run::disposeQuietly);
            }));
        }
        run.begin(request);
        return run;
    }

    private static void compose(Context childCtx, SubagentStartRequest request, ObjectNode descriptor, boolean approvalPinned,
                                StructuredOutput[] structured) {
        Agent child = childCtx.meta(AgentRegistry.AGENT).orElseThrow();
        if (approvalPinned) {
            child.session().append(EventTypes.APPROVAL_POLICY,
                    JsJson.nodes().objectNode().put("policy", "never").put("source", "delegation"));
        }
        SystemPrompt prompt = childCtx.require(SystemPrompt.KEY);
        prompt.context(PromptSection.of(DELEGATION_CONTEXT, DELEGATION_CONTEXT_ORDER, DELEGATION_TEXT));
        if (request.persona() != null) {
            prompt.section(new PromptSection(SystemPrompt.PERSONA_SECTION, 0, PromptText.of(request.persona()), false));
        }
        if (request.toolFilter() != null) childCtx.require(ToolRuntime.KEY).restrict(request.toolFilter());
        if (request.outputSchema() != null) structured[0] = StructuredOutput.attach(childCtx, request.outputSchema());
        AtomicBoolean described = new AtomicBoolean();
        childCtx.events().on(AgentEvents.PRE_STEP, (payload, next) -> {
            PreStepDecision decision = next.proceed();
            if (decision instanceof PreStepDecision.Enter && described.compareAndSet(false, true)) {
                payload.agent().session().append(EventTypes.SUBAGENT_DESCRIPTOR, descriptor);
            }
            return decision;
        });
    }

    /** One published in-process run. */
    static final class InProcessRun implements SubagentRun {
        private final AgentHandle handle;
        private final Agent child;
        private final StructuredOutput structured;
        private final boolean schemaRequested;
        private final long boundary;
        private final CompletableFuture<SubagentResult> result = new CompletableFuture<>();
        private final AtomicBoolean cancelled = new AtomicBoolean();
        private final AtomicBoolean disposed = new AtomicBoolean();
        /** Completes when the first {@link #dispose()} has released the child (exceptionally if it failed). */
        private final CompletableFuture<Void> released = new CompletableFuture<>();
        private volatile Thread disposer;
        private volatile Signal.Registration abortListener;
        private volatile io.dsh4j.kernel.EffectHandle ownership;

        InProcessRun(AgentHandle handle, StructuredOutput structured, boolean schemaRequested) {
            this.handle = handle;
            this.child = handle.agent();
            this.structured = structured;
            this.schemaRequested = schemaRequested;
            Long seedLength = child.session().header().seedLength();
            this.boundary = seedLength == null ? 0 : seedLength;
        }

        void ownedBy(io.dsh4j.kernel.EffectHandle listener) {
            ownership = listener;
            if (disposed.get()) listener.dispose();
        }

        void begin(SubagentStartRequest request) {
            abortListener = request.signal().onAbort(reason -> cancel());
            if (request.signal().aborted()) cancel();
            if (cancelled.get()) {
                settle();
                return;
            }
            try {
                child.followup(new Message.UserMessage(UUID.randomUUID().toString(), request.prompt(), MessageSource.user()));
            } catch (RuntimeException e) {
                if (!cancelled.get()) {
                    result.completeExceptionally(e);
                    return;
                }
            }
            child.whenIdle().whenComplete((v, failure) -> {
                if (failure != null) result.completeExceptionally(failure);
                else settle();
            });
        }

        private void cancel() {
            if (cancelled.compareAndSet(false, true)) child.cancel(new AgentCancelCause.Parent(), true);
        }

        private void settle() {
            try {
                result.complete(read());
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        }

        private SubagentResult read() {
            List<SessionEvent> own = ownEvents();
            TurnEndReason last = lastConsumedTurnEnd(own);
            String stop = last == null ? SubagentResult.ERROR : switch (last.kind()) {
                case "completed" -> SubagentResult.COMPLETED;
                case "max-tokens" -> SubagentResult.MAX_TOKENS;
                case "aborted" -> SubagentResult.ABORTED;
                case "blocked" -> SubagentResult.REFUSAL;
                default -> SubagentResult.ERROR;
            };
            boolean wasCancelled = cancelled.get();
            if (wasCancelled && !stop.equals(SubagentResult.COMPLETED)) stop = SubagentResult.ABORTED;
            JsonNode value = structured == null ? null : structured.captured();
            String diagnostic = null;
            if (schemaRequested && value == null && stop.equals(SubagentResult.COMPLETED)) {
                stop = wasCancelled ? SubagentResult.ABORTED : SubagentResult.ERROR;
                diagnostic = "the child finished without calling " + StructuredOutput.TOOL;
            } else if (last instanceof TurnEndReason.Error err && !wasCancelled) {
                diagnostic = bound("the child's turn ended with a model error"
                        + (err.error() != null && err.error().code() != null ? " (" + err.error().code() + ")" : ""));
            }
            return new SubagentResult(output(own), value, diagnostic, stop);
        }

        private List<SessionEvent> ownEvents() {
            List<SessionEvent> all = child.session().events();
            return all.subList((int) Math.min(boundary, all.size()), all.size());
        }

        /** The last turn/end of a turn that opened a step, or that claimed input and ended abnormally. */
        static TurnEndReason lastConsumedTurnEnd(List<SessionEvent> events) {
            Set<Long> stepped = new HashSet<>();
            TurnEndReason last = null;
            for (SessionEvent e : events) {
                switch (e.type()) {
                    case EventTypes.STEP_START -> stepped.add(e.payload(EventPayload.StepStart.class).turn());
                    case EventTypes.TURN_END -> {
                        EventPayload.TurnEnd end = e.payload(EventPayload.TurnEnd.class);
                        String kind = end.reason() == null ? "" : end.reason().kind();
                        boolean abnormal = switch (kind) {
                            case "blocked", "aborted", "error", "interrupted" -> true;
                            default -> false;
                        };
                        if (stepped.contains(end.turn()) || abnormal) last = end.reason();
                    }
                    default -> { }
                }
            }
            return last;
        }

        static List<ContentBlock> output(List<SessionEvent> events) {
            for (int i = events.size() - 1; i >= 0; i--) {
                SessionEvent e = events.get(i);
                if (e.type().equals(EventTypes.ASSISTANT_MESSAGE)) {
                    List<ContentBlock> content = e.payload(EventPayload.AssistantMessage.class).message().content();
                    if (!content.isEmpty()) return content;
                }
            }
            StringBuilder streamed = new StringBuilder();
            for (SessionEvent e : events) {
                if (e.type().equals(EventTypes.ASSISTANT_CHUNK)
                        && e.payload(EventPayload.AssistantChunk.class).chunk() instanceof StreamChunk.TextDelta d) {
                    streamed.append(d.text());
                }
            }
            return streamed.isEmpty() ? List.of() : List.of(new ContentBlock.Text(streamed.toString()));
        }

        private static String bound(String s) {
            byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (utf8.length <= MAX_DIAGNOSTIC_BYTES) return s;
            return new String(utf8, 0, MAX_DIAGNOSTIC_BYTES - 3, java.nio.charset.StandardCharsets.UTF_8) + "...";
        }

        @Override public String id() { return child.id(); }
        @Override public Optional<Agent> localAgent() { return Optional.of(child); }
        @Override public CompletableFuture<SubagentResult> result() { return result; }

        @Override
        public void dispose() throws Exception {
            if (!disposed.compareAndSet(false, true)) {
                // another caller is releasing the child (the parent's disposal does, on its own thread):
                // wait until it has, as the contract says; the disposing thread itself returns at once
                if (disposer != Thread.currentThread()) {
                    try {
                        released.get();
                    } catch (ExecutionException e) {
                        if (e.getCause() instanceof Exception cause) throw cause;
                        throw e;
                    }
                }
                return;
            }
            disposer = Thread.currentThread();
            try {
                release();
                released.complete(null);
            } catch (Exception | Error e) {
                released.completeExceptionally(e);
                throw e;
            }
        }

        private void release() throws Exception {
            Signal.Registration l = abortListener;
            if (l != null) l.close();
            io.dsh4j.kernel.EffectHandle o = ownership;
            if (o != null) o.dispose();
            cancel();
            Exception failure = null;
            try {
                handle.dispose();
            } catch (RuntimeException e) {
                failure = e;
            }
            if (!result.isDone()) settle();
            try {
                result.get();
            } catch (ExecutionException | InterruptedException e) {
                if (e instanceof InterruptedException) Thread.currentThread().interrupt();
                // a result failure is reported through result(), not by dispose
            }
            if (failure != null) throw failure;
        }

        void disposeQuietly() {
            try {
                dispose();
            } catch (Exception e) {
                // the start is failing anyway; the cause it reports is the abort
            }
        }
    }
}
