package io.dsh4j.deliberation;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentEvents;
import io.dsh4j.agent.subagent.SubagentResult;
import io.dsh4j.agent.subagent.SubagentRun;
import io.dsh4j.agent.subagent.SubagentRuntime;
import io.dsh4j.agent.subagent.SubagentStartRequest;
import io.dsh4j.deliberation.core.AutoReview;
import io.dsh4j.deliberation.core.AutoReviewLatch;
import io.dsh4j.deliberation.core.BranchPrompt;
import io.dsh4j.deliberation.core.CapabilityProfile;
import io.dsh4j.deliberation.core.ChildResult;
import io.dsh4j.deliberation.core.DeliberationConfig;
import io.dsh4j.deliberation.core.MidForkProjectionException;
import io.dsh4j.deliberation.core.ReviewPackets;
import io.dsh4j.deliberation.core.Role;
import io.dsh4j.deliberation.core.Route;
import io.dsh4j.deliberation.core.UnsupportedChildImageInputException;
import io.dsh4j.deliberation.core.run.CancelSignal;
import io.dsh4j.deliberation.core.run.Deadlines;
import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.MessageJson;
import io.dsh4j.session.event.EventTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The automatic masked review (spec deliberation §6): the {@code agent/turn-stopping} listener is
 * subscribed only while the configured provider is ready (readiness logged per change); each
 * stopping Primary turn passes the eligibility guards in order, then one child runs under the
 * review's own deadline, is always disposed, and a valid packet is published by the policy — steered
 * into the turn as the checkpoint notice, at most {@link #MAX_FORCED_ROUNDS} per turn. Nothing the
 * review does ever fails the Primary's turn.
 */
final class AutoReviewHook {

    private static final Logger LOG = LoggerFactory.getLogger(AutoReviewHook.class);

    /** The bound on notices steered into one turn. */
    static final int MAX_FORCED_ROUNDS = 1;

    private final Context ctx;
    private final DeliberationConfig config;
    private final AutoReview review;
    private final AutoReviewLatch latch = new AutoReviewLatch();
    private final SubagentRuntime subagents;
    private final Deadlines deadlines;
    private final Consumer<String> warn;
    private final BranchPrompt prompts = BranchPrompt.english();
    private EffectHandle hook;
    private String readinessKey;

    AutoReviewHook(Context ctx, DeliberationConfig config, SubagentRuntime subagents, Deadlines deadlines, Consumer<String> warn) {
        this.ctx = ctx;
        this.config = config;
        this.review = new AutoReview(config.autoReview(), config.toolName());
        this.subagents = subagents;
        this.deadlines = deadlines;
        this.warn = warn;
    }

    AutoReviewLatch latch() {
        return latch;
    }

    void install() {
        String provider = config.autoReview().provider();
        ctx.events().on(SubagentRuntime.PROVIDER_ADDED, p -> {
            if (p.name().equals(provider)) refresh();
        });
        ctx.events().on(SubagentRuntime.PROVIDER_REMOVED, name -> {
            if (name.equals(provider)) refresh();
        });
        ctx.events().on(AgentEvents.SESSION_EVENT, n -> {
            if (n.event().type().equals(EventTypes.TURN_END)) latch.turnEnded(n.session().id(), n.event().data().path("turn").asLong());
        });
        refresh();
    }

    private AutoReview.Readiness readiness() {
        return AutoReview.readiness(subagents.getProvider(config.autoReview().provider()).map(DeliberationPlugin::info));
    }

    private synchronized void refresh() {
        AutoReview.Readiness r = readiness();
        if (!r.key().equals(readinessKey)) {
            readinessKey = r.key();
            String line = review.readinessLine(r);
            if (r instanceof AutoReview.Readiness.Incompatible) warn.accept(line);
            else LOG.info(line);
        }
        if (r instanceof AutoReview.Readiness.Ready) {
            if (hook == null) hook = ctx.events().on(AgentEvents.TURN_STOPPING, p -> {
                stopping(p.agent(), p.turn(), p.signal());
                return null;
            });
        } else if (hook != null) {
            hook.dispose();
            hook = null;
        }
    }

    /** The hook body; never throws. */
    void stopping(Agent agent, long turn, Signal signal) {
        String id = agent.id();
        boolean began = false;
        boolean retain = false;
        try {
            Optional<AutoReview.Skip> skip = review.skip(agent.session().header().origin(), id, turn, agent.session().events(), latch,
                    readiness());
            if (skip.isPresent()) return;
            began = latch.begin(id, turn);
            if (!began) return;
            retain = run(agent, turn, signal);
        } catch (RuntimeException | Error e) {
            warn.accept("tool-deliberation: automatic review contained an unexpected internal failure");
            retain = readiness() instanceof AutoReview.Readiness.Ready;
        } finally {
            if (began) latch.finish(id, turn, retain);
        }
    }

    /** One attempt; returns whether it latches the turn. */
    private boolean run(Agent agent, long turn, Signal stopping) {
        List<Signal.Registration> links = new ArrayList<>();
        CancelSignal hookSignal = HostBridge.coreSignal(stopping, links);
        String code = DeliberationConfig.AUTO_REVIEW_TIMEOUT_CODE;
        try (Deadlines.Deadline deadline = deadlines.arm(hookSignal, config.autoReview().timeoutMs(), code)) {
            HostBridge.LinkedSignal link = HostBridge.kernelSignal(deadline.signal());
            try {
                return attempt(agent, turn, stopping, deadline.signal(), link);
            } finally {
                link.close();
            }
        } finally {
            links.forEach(Signal.Registration::close);
        }
    }

    private boolean attempt(Agent agent, long turn, Signal stopping, CancelSignal deadline, HostBridge.LinkedSignal link) {
        String code = DeliberationConfig.AUTO_REVIEW_TIMEOUT_CODE;
        Route route = config.routes().get(config.autoReview().route());
        CapabilityProfile profile = config.profiles().get(config.autoReview().capability());
        SubagentStartRequest request = new SubagentStartRequest("masked review: turn " + turn,
                List.of(new ContentBlock.Text(prompts.automatic(turn))), agent, link.signal(),
                HostBridge.agentOptions(route.agentOptions().orElse(null)), ReviewPackets.outputSchema(Role.MASKED_REVIEW),
                config.maxDepth(), HostBridge.restriction(profile.toolFilter(config.toolName())), null);
        SubagentRun run;
        try {
            run = subagents.start(config.autoReview().provider(), request);
        } catch (MidForkProjectionException e) {
            Optional<String> line = AutoReview.projectionSkipWarning(e.code().name(), e.details(), agent.id(), turn);
            if (line.isPresent()) {
                warn.accept(line.get());
                return false;
            }
            return startFailed(deadline, code);
        } catch (UnsupportedChildImageInputException e) {
            warn.accept(AutoReview.imageRefusalWarning(e.code().name(), agent.id(), turn, e.stats().images(), e.stats().imageBytes()));
            return false;
        } catch (Exception | Error e) {
            if (!(readiness() instanceof AutoReview.Readiness.Ready)) return false;
            return startFailed(deadline, code);
        }
        ChildResult result = null;
        boolean completedNormally = false;
        try {
            try {
                SubagentResult r = run.result().get();
                result = HostBridge.childResult(r);
                completedNormally = HostBridge.completedNormally(run);
            } catch (ExecutionException e) {
                warn.accept("tool-deliberation: automatic review result rejected");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                warn.accept("tool-deliberation: automatic review result rejected");
            }
        } finally {
            try {
                run.dispose();
            } catch (Exception e) {
                warn.accept("tool-deliberation: automatic review cleanup failed");
            }
        }
        if (deadline.timedOutWith(code)) {
            warn.accept("tool-deliberation: automatic review timed out");
            return true;
        }
        Optional<JsonNode> packet = AutoReview.acceptedPacket(result, completedNormally);
        if (packet.isEmpty()) {
            warn.accept("tool-deliberation: automatic review returned no valid structured packet");
            return true;
        }
        AutoReview.Publication publication = review.publication(packet.get(), stopping.aborted(), latch.forced(agent.id(), turn),
                MAX_FORCED_ROUNDS);
        if (publication == AutoReview.Publication.STEER) {
            com.fasterxml.jackson.databind.node.ObjectNode notice = AutoReview.notice(packet.get());
            notice.put("role", "user").put("id", UUID.randomUUID().toString());
            agent.steer(MessageJson.readUserMessage(notice, "notice"));
            latch.recordForced(agent.id(), turn);
        } else {
            LOG.debug("tool-deliberation: auto-review-not-published publication={}", publication);
        }
        return true;
    }

    private boolean startFailed(CancelSignal deadline, String code) {
        warn.accept(deadline.timedOutWith(code) ? "tool-deliberation: automatic review timed out before publication"
                : "tool-deliberation: automatic review failed before publication");
        return true;
    }
}
