package io.dsh4j.deliberation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.Agent;
import io.dsh4j.agent.AgentOptions;
import io.dsh4j.agent.subagent.SubagentResult;
import io.dsh4j.agent.subagent.SubagentRun;
import io.dsh4j.deliberation.core.ChildResult;
import io.dsh4j.deliberation.core.ImageGate;
import io.dsh4j.deliberation.core.SnapshotBlock;
import io.dsh4j.deliberation.core.ToolFilter;
import io.dsh4j.deliberation.core.run.CancelSignal;
import io.dsh4j.deliberation.core.run.ChildRun;
import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Signal;
import io.dsh4j.llm.AdapterRegistry;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageJson;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.tool.ToolRestriction;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/** Conversions between the core's host-free types and the agent runtime's. Stateless. */
final class HostBridge {

    private HostBridge() {}

    /** A kernel signal that aborts when {@code signal} is cancelled; close the returned link when done. */
    record LinkedSignal(Signal signal, AutoCloseable registration) implements AutoCloseable {
        @Override
        public void close() {
            try {
                registration.close();
            } catch (Exception e) {
                // unregistering a listener of a signal cannot fail in a way the branch cares about
            }
        }
    }

    static LinkedSignal kernelSignal(CancelSignal signal) {
        AbortController abort = new AbortController();
        AutoCloseable reg = signal.onCancel(() -> abort.abort(String.valueOf(signal.reason())));
        if (signal.isCancelled()) abort.abort(String.valueOf(signal.reason()));
        return new LinkedSignal(abort.signal(), reg);
    }

    /** A core signal cancelled when {@code signal} aborts. */
    static CancelSignal coreSignal(Signal signal, List<Signal.Registration> keep) {
        CancelSignal root = CancelSignal.root();
        keep.add(signal.onAbort(r -> root.cancel(new CancelSignal.Reason.Cancelled("parent turn cancelled"))));
        if (signal.aborted()) root.cancel(new CancelSignal.Reason.Cancelled("parent turn cancelled"));
        return root;
    }

    static AgentOptions agentOptions(ObjectNode json) {
        if (json == null) return null;
        JsonNode mt = json.get("maxTokens");
        return new AgentOptions(text(json, "provider"), text(json, "model"), mt == null ? null : mt.asLong(), null, null);
    }

    private static String text(JsonNode o, String key) {
        JsonNode v = o.get(key);
        return v == null || !v.isTextual() ? null : v.textValue();
    }

    static ToolRestriction restriction(ToolFilter filter) {
        return new ToolRestriction(filter.allow() == null ? null : new LinkedHashSet<>(filter.allow()), new LinkedHashSet<>(filter.deny()));
    }

    static List<ContentBlock> blocks(List<SnapshotBlock> snapshot) {
        List<ContentBlock> out = new ArrayList<>();
        for (SnapshotBlock b : snapshot) out.add(MessageJson.readBlock(b.toJson(), "snapshot"));
        return out;
    }

    /** The surface messages of a seed (what the child would see of it). */
    static List<Message> surfaceOf(List<SessionEvent> seed) {
        SurfaceFold fold = new SurfaceFold();
        seed.forEach(fold::accept);
        return fold.history();
    }

    /** The seqs on a session's active surface. */
    static java.util.Set<Long> surfaceSeqs(List<SessionEvent> surface) {
        java.util.Set<Long> out = new java.util.HashSet<>();
        surface.forEach(e -> out.add(e.seq()));
        return out;
    }

    /** The llm service's model lookup, or {@code null} without one. */
    static ImageGate.ModelInfo modelInfo(AdapterRegistry llm) {
        if (llm == null) return null;
        return route -> {
            List<String> modalities = llm.resolveModel(route.provider(), route.model()).inputModalities();
            return modalities.isEmpty() ? Optional.empty() : Optional.of(modalities);
        };
    }

    /** The child route the image gate checks (spec §7.3). */
    static Optional<ImageGate.ModelRoute> childRoute(Agent parent, AgentOptions override) {
        return ImageGate.childRoute(override == null ? null : override.provider(), override == null ? null : override.model(),
                parent.options().provider(), parent.options().model(), parent.session().events());
    }

    /** Whether the child's last {@code turn/end} reads {@code completed}. */
    static boolean completedNormally(SubagentRun run) {
        return run.localAgent().map(a -> {
            List<SessionEvent> events = a.session().events();
            for (int i = events.size() - 1; i >= 0; i--) {
                SessionEvent e = events.get(i);
                if (e.type().equals(EventTypes.TURN_END)) return "completed".equals(e.data().path("reason").path("kind").asText(null));
            }
            return false;
        }).orElse(false);
    }

    static ChildResult childResult(SubagentResult r) {
        return new ChildResult(r.stopReason(), r.structured(), r.output(), r.diagnostic());
    }

    /** A published subagent run as the core's {@link ChildRun}. */
    static ChildRun childRun(SubagentRun run, LinkedSignal link) {
        return new ChildRun() {
            @Override public String id() { return run.id(); }

            @Override
            public ChildResult awaitResult() throws Exception {
                try {
                    return childResult(run.result().get());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }

            @Override public boolean completedNormally() { return HostBridge.completedNormally(run); }

            @Override
            public void dispose() throws Exception {
                try {
                    run.dispose();
                } finally {
                    link.close();
                }
            }
        };
    }
}
