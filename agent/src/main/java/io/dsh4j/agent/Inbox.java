package io.dsh4j.agent;

import io.dsh4j.message.Message;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An agent's two pending lists, durably projected from {@code agent/inbox/spliced} (spec §5.3).
 * Every mutation first appends one normalized splice event, then changes the lists. Callers hold the
 * session's lock; notifications are the caller's.
 */
final class Inbox {

    /** {@code outcome} of an ordinary removal. */
    static final String CANCELED = "canceled";

    private final List<Message.UserMessage> nextTurn = new ArrayList<>();
    private final List<Message.UserMessage> nextStep = new ArrayList<>();

    List<Message.UserMessage> list(InboxTarget target) {
        return target == InboxTarget.NEXT_TURN ? nextTurn : nextStep;
    }

    boolean hasWork() {
        return !nextTurn.isEmpty() || !nextStep.isEmpty();
    }

    /**
     * {@code Array.prototype.splice} semantics (start truncated, negative from the end, clamped;
     * deleteCount clamped to {@code [0, length − start]}); a no-op writes nothing.
     *
     * @return the removed messages
     * @throws IllegalArgumentException {@code message "<id>" is already pending}
     */
    List<Message.UserMessage> splice(LiveSession session, InboxTarget target, long start, long deleteCount,
                                     List<Message.UserMessage> inserted, boolean canceled) {
        List<Message.UserMessage> list = list(target);
        int len = list.size();
        int s = (int) (start < 0 ? Math.max(len + start, 0) : Math.min(start, len));
        int dc = (int) Math.max(0, Math.min(deleteCount, len - s));
        if (dc == 0 && inserted.isEmpty()) return List.of();
        List<Message.UserMessage> removed = new ArrayList<>(list.subList(s, s + dc));
        Set<String> pending = new HashSet<>();
        nextTurn.forEach(m -> pending.add(m.id()));
        nextStep.forEach(m -> pending.add(m.id()));
        removed.forEach(m -> pending.remove(m.id()));
        for (Message.UserMessage m : inserted) {
            if (!pending.add(m.id())) throw new IllegalArgumentException("message \"" + m.id() + "\" is already pending");
        }
        session.append(new EventPayload.InboxSpliced(target.wire(), s, dc == 0 ? null : (long) dc, inserted,
                canceled ? CANCELED : null));
        list.subList(s, s + dc).clear();
        list.addAll(s, inserted);
        return removed;
    }

    /** Re-applies the splices of a stored log (those after {@code seedLength}). */
    void replay(List<SessionEvent> events, long fromSeq) {
        for (SessionEvent e : events) {
            if (e.seq() < fromSeq || !e.type().equals(io.dsh4j.session.event.EventTypes.AGENT_INBOX_SPLICED)) continue;
            EventPayload.InboxSpliced sp = e.payload(EventPayload.InboxSpliced.class);
            List<Message.UserMessage> list = list(InboxTarget.of(sp.target()));
            int s = (int) Math.min(sp.start(), list.size());
            int dc = (int) Math.min(sp.removedCount() == null ? 0 : sp.removedCount(), list.size() - s);
            list.subList(s, s + dc).clear();
            list.addAll(s, sp.inserted());
        }
    }
}
