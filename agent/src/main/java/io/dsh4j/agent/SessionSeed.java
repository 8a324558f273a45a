package io.dsh4j.agent;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.CrashRepair;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks a seed passes before a session starts from it (spec kernel-and-agent §5.2): contiguous
 * from seq 0, lossless JSON, valid surface metadata, and balanced — no open turn or step, no tool call
 * without its result.
 */
final class SessionSeed {

    private SessionSeed() {}

    /**
     * @throws IllegalArgumentException naming the event (type and seq) that breaks a rule
     */
    static void validate(List<SessionEvent> seed) {
        SurfaceFold fold = new SurfaceFold();
        CrashRepair.Tracker open = new CrashRepair.Tracker();
        Set<String> pendingCalls = new LinkedHashSet<>();
        boolean stepOpen = false;
        for (int i = 0; i < seed.size(); i++) {
            SessionEvent e = seed.get(i);
            if (e.seq() != i) throw problem(e, "has seq " + e.seq() + " where the seed continues with " + i);
            try {
                JsJson.requireLossless(e.data());
                fold.accept(e);
            } catch (RuntimeException ex) {
                throw problem(e, ex.getMessage());
            }
            open.accept(e);
            switch (e.type()) {
                case EventTypes.STEP_START -> stepOpen = true;
                case EventTypes.STEP_END -> stepOpen = false;
                default -> { }
            }
            switch (e.payload()) {
                case EventPayload.AssistantMessage a -> {
                    for (ContentBlock b : a.message().content()) {
                        if (b instanceof ContentBlock.ToolCall c) pendingCalls.add(c.id());
                    }
                }
                case EventPayload.ToolResult r -> pendingCalls.remove(r.message().source().callId());
                default -> { }
            }
        }
        if (open.turnOpen() || stepOpen) {
            throw new IllegalArgumentException("seed is not balanced: it ends inside an open turn or step");
        }
        if (!pendingCalls.isEmpty()) {
            throw new IllegalArgumentException("seed is not balanced: tool call " + pendingCalls.iterator().next()
                    + " has no result");
        }
    }

    private static IllegalArgumentException problem(SessionEvent e, String why) {
        return new IllegalArgumentException("seed event " + e.type() + " (seq " + e.seq() + "): " + why);
    }
}
