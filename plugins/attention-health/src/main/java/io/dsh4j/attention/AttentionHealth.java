package io.dsh4j.attention;

import io.dsh4j.agent.Agent;
import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.SessionProjections;
import io.dsh4j.attention.core.Advice;
import io.dsh4j.attention.core.HealthState;
import io.dsh4j.attention.core.Level;
import io.dsh4j.attention.core.PlanWording;
import io.dsh4j.attention.core.Texts;
import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.ServiceKey;
import java.util.Locale;
import java.util.Optional;

/**
 * The live health of sessions, as the {@code attentionHealth} projection holds it (service
 * {@value #NAME}, present while the plugin and the projection registry are mounted). At the end of
 * each activity of an agent ({@code agent/status} idle) the plugin emits {@link #STATUS} with the
 * health and the advice the session had when the activity started, so that a front end can show the
 * score and say once when the advice rises to {@code prepare} or {@code handoff}.
 */
public final class AttentionHealth {

    /** The service name. */
    public static final String NAME = "attentionHealth";
    /** The service key. */
    public static final ServiceKey<AttentionHealth> KEY = ServiceKey.of(NAME, AttentionHealth.class);

    /**
     * The health of one session.
     *
     * @param score 0–100
     * @param level the size level
     * @param advice the final advice of the live plan
     */
    public record Status(int score, Level level, Advice advice) {

        /** The level's label in {@code locale}'s language (en by default, zh-CN). */
        public String levelLabel(Locale locale) {
            return level.label(Texts.of(locale));
        }
    }

    /**
     * Emitted (contained, on the plugin's context) when an agent goes idle.
     *
     * @param state the projection's state at that moment
     * @param before the advice when the activity started ({@code null}: unknown)
     */
    public record StatusNotice(Agent agent, Status status, HealthState state, Advice before) {

        /** Whether the advice rose to {@code prepare} or {@code handoff} during the activity (the one-line notice). */
        public boolean adviceRose() {
            Advice now = status.advice();
            return now != before && (now == Advice.PREPARE || now == Advice.HANDOFF);
        }
    }

    /** {@code attention-health/status}. */
    public static final Notification<StatusNotice> STATUS = Notification.of("attention-health/status", StatusNotice.class);

    private final SessionProjections projections;

    AttentionHealth(SessionProjections projections) {
        this.projections = projections;
    }

    /** The projection's state for {@code session}. */
    public Optional<HealthState> state(LiveSession session) {
        return projections.stateOf(session, HealthState.KEY);
    }

    /** The score, level and advice of {@code session}. */
    public Optional<Status> status(LiveSession session) {
        return state(session).map(AttentionHealth::statusOf);
    }

    /** The advice text of {@code session}'s live plan in {@code locale}'s language. */
    public Optional<String> adviceText(LiveSession session, Locale locale) {
        return state(session).map(s -> new PlanWording(Texts.of(locale)).adviceText(s.plan()));
    }

    static Status statusOf(HealthState s) {
        return new Status(s.report().score(), s.report().level(), s.plan().advice());
    }
}
