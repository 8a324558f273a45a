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

    private record Entry(LoopAgent agent, Handle handle) {}

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
     * {@code lineage} is {@code null} for a top-level agent.
     */
    public record CreateRequest(String sessionId, String cwd, List<SessionEvent> seed, AgentOptions options,
                                Consumer<Context> setup, Lineage lineage) {
        public CreateRequest {
            seed = seed == null ? List.of() : List.copyOf(seed);
            options = options == null ? AgentOptions.NONE : options;
        }

        /** A top-level agent. */
        public CreateRequest(String sessionId, String cwd, List<SessionEvent> seed, AgentOptions options, Consumer<Context> setup) {
            this(sessionId, cwd, seed, options, setup, null);
        }

        /** The same as a child with {@code lineage}. */
        public CreateRequest withLineage(Lineage childOf) {
            return new CreateRequest(sessionId, cwd, seed, options, setup, childOf);
        }

        /** A top-level agent in {@code cwd} with a fresh session id. */
        public static CreateRequest in(String cwd, AgentOptions options) {
            return new CreateRequest(null, cwd, List.of(), options, null);
        }

        /** The same with {@code setup}. */
        public CreateRequest withSetup(Consumer<Context> body) {
            return new CreateRequest(sessionId, cwd, seed, options, body, lineage);
        }

        /** The same with session id {@code id}. */
        public CreateRequest withSessionId(String id) {
            return new CreateRequest(id, cwd, seed, options, setup, lineage);
        }
    }

    /** Creates an agent on a new session. */
    public AgentHandle create(CreateRequest request) {
        Lineage l = request.lineage();
        LiveSession session = sessions.create(new LiveSessions.CreateOptions(request.sessionId(), request.cwd(),
                l == null ? null : l.parentSession(), l == null ? null : l.origin(), l == null ? 0 : l.delegationDepth(),
                request.seed()));
        return publish(session, request.options(), request.setup(), "startup");
    }

    /**
     * Reopens a stored session (crash-repaired first) and creates its agent; turn numbers continue.
     *
     * @throws IOException when the session cannot be found or loaded
     */
    public AgentHandle resume(String sessionId, AgentOptions options, Consumer<Context> setup) throws IOException {
        LiveSession session = sessions.resume(sessionId);
        return publish(session, options, setup, "resume");
    }

    private AgentHandle publish(LiveSession session, AgentOptions options, Consumer<Context> setup, String source) {
        LoopAgent agent = new LoopAgent(options, session, new LoopServices(loopCtx, base, prompt, llm, tools, maxParallelToolCalls));
        Handle handle = new Handle(agent);
        try {
            agent.bindScope();
            if (setup != null) setup.accept(agent.ctx());
            if (agents.putIfAbsent(agent.id(), new Entry(agent, handle)) != null) {
                throw new IllegalStateException("agent \"" + agent.id() + "\" already exists");
            }
            agent.events().emit(AgentEvents.CREATED, new AgentEvents.AgentPayload(agent));
        } catch (RuntimeException e) {
            agents.remove(agent.id(), new Entry(agent, handle));
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
            if (agent.scope() != null) agent.scope().handle().dispose();
            agents.remove(agent.id());
            agent.events().emitContained(AgentEvents.DISPOSED, new AgentEvents.AgentPayload(agent));
            sessions.dispose(agent.session());
        }
    }
}
