package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import java.util.List;

/**
 * One page of {@code session.history} (spec §6.3): raw events, newest page first, cut only on
 * message boundaries — right after an append-origin surface message — so that a page never splits
 * a message from the chunks and calls that led to it; a replacement copy (a compaction's
 * {@code surfaceOp: replace}) costs no quota. Stateless.
 */
final class HistoryPage {

    /** The page size when the request names none, and the most a request may ask for. */
    static final int DEFAULT_MESSAGES = 50;
    static final int MAX_MESSAGES = 500;

    private HistoryPage() {}

    /**
     * The page of at most {@code maxMessages} messages that ends just before {@code beforeSeq}
     * ({@code null}: the tail).
     */
    static ObjectNode of(List<SessionEvent> events, Long beforeSeq, int maxMessages) {
        int end = events.size();
        if (beforeSeq != null) {
            end = 0;
            while (end < events.size() && events.get(end).seq() < beforeSeq) end++;
        }
        int start = end;
        int messages = 0;
        while (start > 0) {
            SessionEvent e = events.get(start - 1);
            if (countsAsMessage(e)) {
                if (messages == maxMessages) break;
                messages++;
            }
            start--;
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        ArrayNode list = out.putArray("events");
        for (SessionEvent e : events.subList(start, end)) list.addObject().set("event", json(e));
        out.put("hasMore", start > 0);
        return out;
    }

    private static boolean countsAsMessage(SessionEvent e) {
        return e.isSurfaceType() && (e.surfaceOp() == null || e.surfaceOp() instanceof SurfaceOp.Append);
    }

    static ObjectNode json(SessionEvent e) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("type", e.type());
        o.put("seq", e.seq());
        if (e.hasTime()) o.put("time", e.time());
        o.set("data", e.data());
        return o;
    }
}
