package io.dsh4j.agent;

import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Dispatch;
import io.dsh4j.kernel.Scope;
import io.dsh4j.kernel.Scopes;
import io.dsh4j.message.Message;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent of the shipped loop (DSH's {@code ReactLoopAgent}): handle, inbox and driver state. One
 * driver at a time runs on its own virtual thread ({@link TurnRunner} is the algorithm). All state is
 * guarded by the session's lock, so inbox splices, status changes and log appends have one order.
 */
final class LoopAgent implements Agent {

    private static final Logger LOG = LoggerFactory.getLogger(LoopAgent.class);

    private final AgentOptions options;
    private final LiveSession session;
    private final LoopServices services;
    private final ReentrantLock lock;
    private final Inbox inbox = new Inbox();
    private final TurnRunner runner;
    private Scope scope;
    private Context ctx;
    private AgentStatus status = AgentStatus.IDLE;
    private AbortController activity;
    private boolean latched;
    private boolean wakeRequested;
    private boolean disposed;
    private CompletableFuture<Void> idle = CompletableFuture.completedFuture(null);

    LoopAgent(AgentOptions options, LiveSession session, LoopServices services) {
        this.options = options;
        this.session = session;
        this.services = services;
        this.lock = session.lock();
        long fromSeq = session.header().seedLength() == null ? 0 : session.header().seedLength();
        inbox.replay(session.events(), fromSeq);
        this.runner = new TurnRunner(this, services, lastTurn(session.events()));
    }

    /** Mints the agent scope under the loop's context (called once, before publication). */
    void bindScope() {
        scope = Scopes.create(services.loopCtx(), this);
        ctx = scope.context().extend(AgentRegistry.AGENT, this);
    }

    Scope scope() {
        return scope;
    }

    private static long lastTurn(List<SessionEvent> events) {
        long last = 0;
        for (SessionEvent e : events) {
            if (e.type().equals(EventTypes.TURN_START)) last = Math.max(last, e.payload(EventPayload.TurnStart.class).turn());
        }
        return last;
    }

    @Override public String id() { return session.id(); }
    @Override public AgentOptions options() { return options; }
    @Override public LiveSession session() { return session; }
    @Override public Context ctx() { return ctx; }

    @Override
    public Optional<Path> workingDirectory() {
        return Optional.ofNullable(session.header().cwd()).map(Path::of);
    }

    @Override
    public void appendEvent(String type, com.fasterxml.jackson.databind.JsonNode data) {
        session.append(type, data);
    }

    @Override
    public AgentStatus status() {
        lock.lock();
        try {
            return status;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public List<Message.UserMessage> nextTurn() {
        lock.lock();
        try {
            return List.copyOf(inbox.list(InboxTarget.NEXT_TURN));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public List<Message.UserMessage> nextStep() {
        lock.lock();
        try {
            return List.copyOf(inbox.list(InboxTarget.NEXT_STEP));
        } finally {
            lock.unlock();
        }
    }

    /** The dispatch of this agent's scoped events. */
    Dispatch events() {
        return services.loopCtx().events().to(Scopes.target(services.loopCtx(), services.base(), this));
    }

    @Override
    public void send(Message.UserMessage message, InboxTarget target, boolean wake) {
        lock.lock();
        try {
            if (disposed) throw new IllegalStateException("agent " + id() + " is disposed");
            InboxTarget to = target;
            if (wake && status == AgentStatus.RUNNING && activity.signal().aborted()) {
                to = InboxTarget.NEXT_TURN;
                if (!(activity.signal().reason() instanceof AgentCancelCause.Disposed)) latched = true;
            } else if (wake && status == AgentStatus.RUNNING) {
                wakeRequested = true;
            }
            List<Message.UserMessage> list = inbox.list(to);
            inbox.splice(session, to, list.size(), 0, List.of(message), false);
            events().emitContained(AgentEvents.INBOX_INSERTED, new AgentEvents.InboxPayload(this, message));
            if (wake && status == AgentStatus.IDLE) startDriver();
        } finally {
            lock.unlock();
        }
    }

    /** Appends a next-step context without waking (tool results' contexts). */
    void deferToNextStep(Message.UserMessage message) {
        send(message, InboxTarget.NEXT_STEP, false);
    }

    @Override
    public void cancel(AgentCancelCause cause, boolean keepInbox) {
        lock.lock();
        try {
            if (!keepInbox) {
                discardAll(InboxTarget.NEXT_STEP);
                discardAll(InboxTarget.NEXT_TURN);
                latched = false;
                wakeRequested = false;
            }
            if (status == AgentStatus.RUNNING && activity != null) activity.abort(cause);
        } finally {
            lock.unlock();
        }
    }

    private void discardAll(InboxTarget target) {
        List<Message.UserMessage> list = inbox.list(target);
        if (list.isEmpty()) return;
        for (Message.UserMessage m : inbox.splice(session, target, 0, list.size(), List.of(), true)) {
            events().emitContained(AgentEvents.INBOX_DISCARDED, new AgentEvents.InboxPayload(this, m));
        }
    }

    /** Claims the messages entering a step (spec §5.3): all of next-step, plus the first next-turn one at a turn boundary. */
    List<Message.UserMessage> claim(InboxTarget target, long turn) {
        lock.lock();
        try {
            List<Message.UserMessage> claimed = new ArrayList<>();
            if (target == InboxTarget.NEXT_TURN) {
                claimed.addAll(inbox.splice(session, InboxTarget.NEXT_TURN, 0, 1, List.of(), false));
            }
            List<Message.UserMessage> steps = inbox.list(InboxTarget.NEXT_STEP);
            claimed.addAll(inbox.splice(session, InboxTarget.NEXT_STEP, 0, steps.size(), List.of(), false));
            for (Message.UserMessage m : claimed) {
                events().emitContained(AgentEvents.INBOX_CLAIMED, new AgentEvents.ClaimedPayload(this, m, turn));
            }
            return claimed;
        } finally {
            lock.unlock();
        }
    }

    boolean hasPendingWork() {
        lock.lock();
        try {
            return inbox.hasWork();
        } finally {
            lock.unlock();
        }
    }

    boolean nextStepEmpty() {
        lock.lock();
        try {
            return inbox.list(InboxTarget.NEXT_STEP).isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** Called by the runner between turns: a fresh controller for the next activity, the latch cleared. */
    io.dsh4j.kernel.Signal freshActivity() {
        lock.lock();
        try {
            activity = new AbortController();
            latched = false;
            return activity.signal();
        } finally {
            lock.unlock();
        }
    }

    private void startDriver() {
        status = AgentStatus.RUNNING;
        activity = new AbortController();
        wakeRequested = false;
        if (idle.isDone()) idle = new CompletableFuture<>();
        events().emitContained(AgentEvents.STATUS, new AgentEvents.StatusPayload(this, AgentStatus.RUNNING));
        io.dsh4j.kernel.Signal signal = activity.signal();
        Thread.ofVirtual().name("dsh4j-agent-" + id()).start(() -> kick(signal));
    }

    private void kick(io.dsh4j.kernel.Signal first) {
        boolean failed = false;
        try {
            AgentRegistry.initiated(this, () -> {
                io.dsh4j.kernel.Signal signal = first;
                while (runner.turn(signal)) {
                    signal = freshActivity();
                }
                return null;
            });
        } catch (Throwable t) {
            failed = true;
            LOG.debug("agent {}: driver stopped: {}", id(), t.toString());
        } finally {
            lock.lock();
            try {
                status = AgentStatus.IDLE;
                activity = null;
                events().emitContained(AgentEvents.STATUS, new AgentEvents.StatusPayload(this, AgentStatus.IDLE));
                boolean again = !disposed && inbox.hasWork() && (latched || (wakeRequested && !failed));
                latched = false;
                wakeRequested = false;
                if (again) {
                    startDriver();
                } else {
                    idle.complete(null);
                }
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    public CompletableFuture<Void> whenIdle() {
        lock.lock();
        try {
            return idle;
        } finally {
            lock.unlock();
        }
    }

    /** Marks the agent disposed and cancels it; the registry awaits {@link #whenIdle()} next. */
    void markDisposed() {
        lock.lock();
        try {
            if (!disposed) {
                cancel(new AgentCancelCause.Disposed(), false);
                disposed = true;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "Agent[" + id() + "]";
    }
}
