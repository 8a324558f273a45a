package io.dsh4j.app.serve;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentBoot;
import io.dsh4j.agent.AgentCancelCause;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.AgentHandle;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.AgentRegistry;
import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.session.event.SessionEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent runtime behind the console, when a model is configured: the booted profile
 * ({@link AgentBoot}, from {@code io.dsh4j.app.run.AgentLaunch} as {@code dsh4j run} boots it), its
 * agents by session id, and the bridge from the live sessions' {@code session/event} notices to
 * {@link LiveEvents} (serialised only when a client listens, never blocking the appending thread).
 * Without a model there is no runtime at all ({@link #none()}): nothing is booted, and prompting
 * answers {@code no-model}. Agents live until the server stops. Thread-safe.
 */
final class LiveAgents implements AutoCloseable {

    /** The model the console prompts with, as the page shows it. */
    record ModelInfo(String route, String model, String effort, boolean yes) {}

    private final AgentBoot boot;
    private final ModelInfo model;
    private final Path workDir;
    private final LiveEvents events;
    private final Map<String, AgentHandle> handles = new ConcurrentHashMap<>();

    private LiveAgents(AgentBoot boot, ModelInfo model, Path workDir, LiveEvents events) {
        this.boot = boot;
        this.model = model;
        this.workDir = workDir;
        this.events = events;
        if (boot != null) {
            boot.root().events().on(AgentEvents.SESSION_EVENT, notice -> {
                String id = notice.session().id();
                if (!events.listening(id)) return;
                events.publish(id, notice.event().seq(), frame(id, notice.event()));
            });
        }
    }

    /** No model configured: no runtime. */
    static LiveAgents none(LiveEvents events) {
        return new LiveAgents(null, null, null, events);
    }

    /** Over a booted profile; new sessions start in {@code workDir}. */
    static LiveAgents over(AgentBoot boot, ModelInfo model, Path workDir, LiveEvents events) {
        return new LiveAgents(boot, model, workDir, events);
    }

    /** The event-stream frame's data: {@code {"sessionId":…,"seq":N,"event":<storage line>}} (the line has no seq). */
    static String frame(String sessionId, SessionEvent event) {
        return "{\"sessionId\":" + RpcChannel.JSON.getNodeFactory().textNode(sessionId).toString() + ",\"seq\":" + event.seq()
                + ",\"event\":" + event + "}";
    }

    LiveEvents events() {
        return events;
    }

    /** The model, or empty without one. */
    Optional<ModelInfo> model() {
        return Optional.ofNullable(model);
    }

    /** The live session {@code id}, if an agent of this console holds it. */
    Optional<LiveSession> live(String id) {
        if (boot == null) return Optional.empty();
        return boot.agents().get(id).map(Agent::session);
    }

    /**
     * Sends {@code text} to the session's agent as the next turn (a new session in the working
     * directory when {@code sessionId} is {@code null}; a stored session is resumed first).
     *
     * @return the session id
     */
    String prompt(String sessionId, String text) throws RpcError {
        Agent agent = agent(sessionId, true);
        agent.followup(userMessage(text));
        return agent.id();
    }

    /** Steers the running turn of a live session (the message enters at its next step). */
    void steer(String sessionId, String text) throws RpcError {
        agent(sessionId, false).steer(userMessage(text));
    }

    /** Cancels the running turn of a live session; the session stays open for the next prompt. */
    void cancel(String sessionId) throws RpcError {
        agent(sessionId, false).cancel(AgentCancelCause.USER, false);
    }

    /** What the agent is doing: {@code idle}, {@code running}, … ({@code AgentStatus}), or {@code null} when not live. */
    String status(String sessionId) {
        if (boot == null) return null;
        return boot.agents().get(sessionId).map(a -> a.status().wire()).orElse(null);
    }

    private synchronized Agent agent(String sessionId, boolean createOrResume) throws RpcError {
        if (boot == null) throw new RpcError("no-model", ServeTexts.get("serve.noModel"));
        AgentRegistry agents = boot.agents();
        AgentOptions options = new AgentOptions(model.route(), model.model(), null, model.effort(), null);
        if (sessionId == null) {
            if (!createOrResume) throw new RpcError("bad-request", "sessionId must be a non-empty string");
            String id = UUID.randomUUID().toString();
            AgentHandle h = agents.create(new AgentRegistry.CreateRequest(id, workDir.toString(), List.of(), options, null));
            handles.put(id, h);
            return h.agent();
        }
        Optional<Agent> live = agents.get(sessionId);
        if (live.isPresent()) return live.get();
        if (!createOrResume) throw new RpcError("session-not-live", "session " + sessionId + " has no running agent in this console");
        boolean stored;
        try {
            stored = boot.service(LiveSessions.KEY).store().isPresent()
                    && boot.service(LiveSessions.KEY).store().get().find(sessionId).isPresent();
        } catch (IOException | RuntimeException e) {
            throw new RpcError("session-not-found", "no session " + sessionId + ": " + e.getMessage());
        }
        if (!stored) throw new RpcError("session-not-found", "no session " + sessionId);
        try {
            AgentHandle h = agents.resume(sessionId, options, null);
            handles.put(sessionId, h);
            return h.agent();
        } catch (IOException | RuntimeException e) {
            throw new RpcError("internal", "cannot resume " + sessionId + ": " + e.getMessage());
        }
    }

    private static Message.UserMessage userMessage(String text) {
        return new Message.UserMessage(UUID.randomUUID().toString(), List.of(new ContentBlock.Text(text)), MessageSource.user());
    }

    @Override
    public void close() {
        if (boot == null) return;
        for (AgentHandle h : handles.values()) {
            try {
                h.dispose();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(LiveAgents.class).warn("disposing agent {}: {}", h.agent().id(), e.toString());
            }
        }
        boot.close();
    }
}
