package io.dsh4j.agent;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.ContextKey;
import io.dsh4j.kernel.EventFilter;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.prompt.SystemPrompt;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.tool.ToolRuntime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * {@code ctx.agents} (spec §5.4): the registry and the factory of the shipped loop. Thread-safe.
 * {@link #create} and {@link #resume} publish in DSH's order — session and agent entered,
 * {@code session/created}, {@code agent/created} (a throw vetoes and rolls back), then
 * {@code agent/session-start} — and return an idle agent; the driver starts on a waking send.
 */
public final class AgentRegistry {

    /** The service key. */
    public static final ServiceKey<AgentRegistry> KEY = ServiceKey.of("agents", AgentRegistry.class);

    /** {@code ctx.agent}: the agent a context derives from. */
    public static final ContextKey<Agent> AGENT = ContextKey.of("agent", Agent.class);

    private final Context loopCtx;
    private final EventFilter base;
    private final LiveSessions sessions;
    private final SystemPrompt prompt;
    private final AdapterRegistry llm;
    private final ToolRuntime tools;
    private final int maxParallelToolCalls;
    private final Map<String, Entry> agents = new ConcurrentHashMap<>();

    private record Entry(LoopAgent agent, Handle handle, Agent owner) {}

    /**
     * The initiator: which agent drives the work on this thread. Inheritable, so that the virtual
     * threads a driver starts (tool bodies) see their agent too; {@link #withInitiator} restores the
     * previous value when its operation returns.
     */
    private static final InheritableThreadLocal<Agent> INITIATOR = new InheritableThreadLocal<>();

    /**
     * @param loopCtx the agent loop's context: agent scopes are minted under it, events dispatched from it
     * @param base the receiver base of agent events (the loop's service, or admit-all)
     */
    public AgentRegistry(Context loopCtx, EventFilter base, LiveSessions sessions, SystemPrompt prompt, AdapterRegistry llm,
                         ToolRuntime tools, int maxParallelToolCalls) {
        this.loopCtx = loopCtx;
        this.base = base;
        this.sessions = sessions;
        this.prompt = prompt;
        this.llm = llm;
        this.tools = tools;
        this.maxParallelToolCalls = maxParallelToolCalls;
    }

    /**
     * The lineage a child session records in its header (spec §6.5): {@code parentSession},
     * {@code origin} ({@code subagent}) and {@code delegationDepth}.
     */
    public record Lineage(String parentSession, String origin, long delegationDepth) {}

    /**
     * What a new agent starts from. {@code setup} runs with {@code agent.ctx()} before publication;
     * {@code lineage} is {@code null} for a top-level agent; {@code owner} is the agent that owns this
     * one at run time ({@code null}: a root).
     */
    public record CreateRequest(String sessionId, String cwd, List<SessionEvent> seed, AgentOptions options,
                                Consumer<Context> setup, Lineage lineage, Agent owner) {
        public CreateRequest {
            seed = seed == null ? List.of() : List.copyOf(seed);
            options = options == null ? AgentOptions.NONE : options;
        }

        /** A top-level root agent: no lineage, no owner. */
        public CreateRequest(String sessionId, String cwd, List<SessionEvent> seed, AgentOptions options, Consumer<Context> setup) {
            this(sessionId, cwd, seed, options, setup, null, null);
        }

        /** A child session with {@code lineage} and no owner. */
        public CreateRequest(String sessionId, String cwd, List<SessionEvent> seed, AgentOptions options, Consumer<Context> setup,
                             Lineage lineage) {
            this(sessionId, cwd, seed, options, setup, lineage, null);
        }

        /** The same as a child with {@code lineage}. */
        public CreateRequest withLineage(Lineage childOf) {
            return new CreateRequest(sessionId, cwd, seed, options, setup, childOf, owner);
        }

        /** The same owned by {@code agent} (its runtime parent; {@code null}: a root). */
        public CreateRequest withOwner(Agent agent) {
            return new CreateRequest(sessionId, cwd, seed, options, setup, lineage, agent);
        }

        /** A top-level agent in {@code cwd} with a fresh session id. */
        public static CreateRequest in(String cwd, AgentOptions options) {
            return new CreateRequest(null, cwd, List.of(), options, null);
        }

        /** The same with {@code setup}. */
        public CreateRequest withSetup(Consumer<Context> body) {
            return new CreateRequest(sessionId, cwd, seed, options, body, lineage, owner);
        }

        /** The same with session id {@code id}. */
        public CreateRequest withSessionId(String id) {
            return new CreateRequest(id, cwd, seed, options, setup, lineage, owner);
        }
    }

    /** Creates an agent on a new session, owned by {@code request.owner()} (a root when {@code null}). */
    public AgentHandle create(CreateRequest request) {
        Lineage l = request.lineage();
        LiveSession session = sessions.create(new LiveSessions.CreateOptions(request.sessionId(), request.cwd(),
                l == null ? null : l.parentSession(), l == null ? null : l.origin(), l == null ? 0 : l.delegationDepth(),
                request.seed()));
        return publish(session, request.options(), request.setup(), "startup", request.owner());
    }

    /**
     * DSH's {@code caller.agents.create(...)}: when {@code caller} derives from an agent's
     * {@code agent.ctx} (and the request names no owner), that agent owns the new one; the new agent
     * is also disposed when {@code caller}'s fiber unloads (the memoized teardown of spec §5.4 step 3).
     */
    public AgentHandle create(Context caller, CreateRequest request) {
        Agent owner = request.owner() != null ? request.owner() : caller.meta(AGENT).orElse(null);
        AgentHandle handle = create(request.withOwner(owner));
        caller.effect(() -> io.dsh4j.kernel.Effect.of(io.dsh4j.kernel.Disposer.blocking(handle::dispose)),
                "agent " + handle.agent().id());
        return handle;
    }

    /**
     * Reopens a stored session (crash-repaired first) and creates its agent; turn numbers continue.
     *
     * @throws IOException when the session cannot be found or loaded
     */
    public AgentHandle resume(String sessionId, AgentOptions options, Consumer<Context> setup) throws IOException {
        LiveSession session = sessions.resume(sessionId);
        return publish(session, options, setup, "resume", null);
    }

    private AgentHandle publish(LiveSession session, AgentOptions options, Consumer<Context> setup, String source, Agent owner) {
        LoopAgent agent = new LoopAgent(options, session, new LoopServices(loopCtx, base, prompt, llm, tools, maxParallelToolCalls));
        Handle handle = new Handle(agent);
        try {
            agent.bindScope();
            if (setup != null) setup.accept(agent.ctx());
            if (agents.putIfAbsent(agent.id(), new Entry(agent, handle, owner)) != null) {
                throw new IllegalStateException("agent \"" + agent.id() + "\" already exists");
            }
            agent.events().emit(AgentEvents.CREATED, new AgentEvents.AgentPayload(agent));
        } catch (RuntimeException e) {
            agents.remove(agent.id(), new Entry(agent, handle, owner));
            if (agent.scope() != null) agent.scope().handle().dispose();
            sessions.dispose(session);
            throw e;
        }
        agent.events().emitContained(AgentEvents.SESSION_START, new AgentEvents.SessionStartPayload(agent, source));
        return handle;
    }

    /** The live agent {@code id}. */
    public Optional<Agent> get(String id) {
        Entry e = agents.get(id);
        return e == null ? Optional.empty() : Optional.of(e.agent());
    }

    /** Every live agent. */
    public List<Agent> list() {
        List<Agent> out = new ArrayList<>();
        agents.values().forEach(e -> out.add(e.agent()));
        return out;
    }

    /** The live agents without an owner (top-level sessions and the profile's configured agents). */
    public List<Agent> roots() {
        List<Agent> out = new ArrayList<>();
        agents.values().forEach(e -> {
            if (e.owner() == null) out.add(e.agent());
        });
        return out;
    }

    /** Whether the live agent {@code id} was created through {@code owner}'s context (its runtime parent). */
    public boolean isOwnedBy(String id, Agent owner) {
        Entry e = agents.get(id);
        return e != null && owner != null && e.owner() == owner;
    }

    /** The agent driving the work on this thread, if any (spec §5.4's initiator scope). */
    public Optional<Agent> currentInitiator() {
        return Optional.ofNullable(INITIATOR.get());
    }

    /**
     * The agent driving the work on this thread.
     *
     * @throws IllegalStateException {@code no agent initiates this work} outside every {@link #withInitiator}
     */
    public Agent requireInitiator() {
        Agent a = INITIATOR.get();
        if (a == null) throw new IllegalStateException("no agent initiates this work (call it inside agents.withInitiator)");
        return a;
    }

    /** Runs {@code op} with {@code agent} as the initiator (threads it starts inherit it); restores the previous one after. */
    public <T> T withInitiator(Agent agent, java.util.function.Supplier<T> op) {
        return initiated(agent, op);
    }

    /** Runs {@code op} with no initiator (work that must not be attributed to the calling agent). */
    public <T> T withoutInitiator(java.util.function.Supplier<T> op) {
        return initiated(null, op);
    }

    static <T> T initiated(Agent agent, java.util.function.Supplier<T> op) {
        Agent before = INITIATOR.get();
        if (agent == null) INITIATOR.remove(); else INITIATOR.set(agent);
        try {
            return op.get();
        } finally {
            if (before == null) INITIATOR.remove(); else INITIATOR.set(before);
        }
    }

    /** Disposes every agent (the loop's unload). */
    public void disposeAll() {
        for (Entry e : List.copyOf(agents.values())) e.handle().dispose();
    }

    private final class Handle implements AgentHandle {
        private final LoopAgent agent;
        private boolean done;

        Handle(LoopAgent agent) {
            this.agent = agent;
        }

        @Override
        public Agent agent() {
            return agent;
        }

        @Override
        public synchronized void dispose() {
            if (done) return;
            done = true;
            agent.markDisposed();
            try {
                agent.whenIdle().get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
            for (Entry e : List.copyOf(agents.values())) {
                if (e.owner() == agent) e.handle().dispose(); // the agents it created go with it (spec §5.4 step 3)
            }
            if (agent.scope() != null) agent.scope().handle().dispose();
            agents.remove(agent.id());
            agent.events().emitContained(AgentEvents.DISPOSED, new AgentEvents.AgentPayload(agent));
            sessions.dispose(agent.session());
        }
    }
}
