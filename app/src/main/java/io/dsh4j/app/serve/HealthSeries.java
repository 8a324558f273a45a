package io.dsh4j.app.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.attention.core.HealthCounters;
import io.dsh4j.attention.core.HealthReducer;
import io.dsh4j.attention.core.HealthState;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.session.event.SessionEvent;
import java.time.Clock;
import java.util.List;

/**
 * The per-turn health series of a session: at the end of each turn (a {@code turn/start} and what
 * follows up to its {@code turn/end}, the next {@code turn/start} or the end of the log; a
 * {@code turn/end} without a start is no turn, as the session stats count turns), the context size, the
 * cache hit rate so far and the score, as the attention-health plugin's hot reducer (spec §3.2)
 * has them — the one fold the live plugin uses, run over the stored events. Stateless.
 */
final class HealthSeries {

    private HealthSeries() {}

    /**
     * The series of {@code events} ({@link io.dsh4j.session.SessionLog#inspect()}: crash-repair
     * closers included), one point per turn.
     */
    static ArrayNode of(List<SessionEvent> events, Clock clock) {
        HealthReducer reducer = new HealthReducer(clock);
        HealthState state = reducer.init();
        ArrayNode points = JsonNodeFactory.instance.arrayNode();
        int turn = 0;
        boolean open = false;
        for (SessionEvent e : events) {
            state = reducer.apply(state, e);
            switch (e.type()) {
                case "turn/start" -> {
                    if (open) points.add(point(++turn, state));
                    open = true;
                }
                case "turn/end" -> {
                    if (open) points.add(point(++turn, state));
                    open = false;
                }
                default -> { }
            }
        }
        if (open) points.add(point(++turn, state));
        return points;
    }

    /**
     * The live projection ({@code attentionHealth}, spec §1.3 view) the plugin's hot reducer has at
     * the end of {@code events}, worded in {@code texts}: what the health bar of the page draws.
     */
    static ObjectNode projection(List<SessionEvent> events, Clock clock, Texts texts) {
        HealthReducer reducer = new HealthReducer(clock);
        HealthState state = reducer.init();
        for (SessionEvent e : events) state = reducer.apply(state, e);
        return state.view(texts);
    }

    private static ObjectNode point(int turn, HealthState s) {
        HealthCounters c = s.counters();
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("turn", turn);
        p.put("contextTokens", c.usedTokens());
        double cached = c.cacheReadTokens() + c.cacheMissTokens();
        if (cached > 0) p.put("cacheHitRate", c.cacheReadTokens() / cached);
        else p.putNull("cacheHitRate");
        p.put("score", s.report().score());
        p.put("level", s.report().level().key());
        return p;
    }
}
