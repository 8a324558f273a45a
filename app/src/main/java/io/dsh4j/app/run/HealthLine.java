package io.dsh4j.app.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.agent.AgentBoot;
import io.dsh4j.agent.LiveSession;
import io.dsh4j.attention.AttentionHealth;
import io.dsh4j.message.json.JsJson;
import java.text.MessageFormat;
import java.util.Optional;
import java.util.ResourceBundle;

/**
 * How {@code dsh4j run} and {@code dsh4j chat} show the live attention health (issue 14): the
 * status-line part (score, level, advice), the one-line notice when the advice rises to
 * {@code prepare} or {@code handoff}, and {@code run --json}'s {@code attention-health/status} line.
 * Nothing at all when the plugin is not mounted. Texts: the {@link RunCommand#TEXTS} bundle (level and
 * advice wording from the engine's bundles, in the same language).
 */
public final class HealthLine {

    private HealthLine() {}

    /** {@code health 87/100 (fine) · Keep going (no handoff needed)}, or empty without the plugin. */
    public static Optional<String> status(AgentBoot boot, LiveSession session, ResourceBundle texts) {
        Optional<AttentionHealth> health = boot.root().get(AttentionHealth.KEY);
        if (health.isEmpty()) return Optional.empty();
        Optional<AttentionHealth.Status> s = health.get().status(session);
        Optional<String> advice = health.get().adviceText(session, texts.getLocale());
        if (s.isEmpty() || advice.isEmpty()) return Optional.empty();
        return Optional.of(format(texts, "message.health.status", s.get().score(), s.get().levelLabel(texts.getLocale()),
                advice.get()));
    }

    /** The one-line notice for {@code n}, or empty when its advice did not rise. */
    public static Optional<String> notice(AttentionHealth.StatusNotice n, ResourceBundle texts) {
        return n.adviceRose() ? Optional.of(notice(n.agent().id(), n.state(), texts)) : Optional.empty();
    }

    /** The notice for a session whose state advises {@code prepare} or {@code handoff}. */
    public static String notice(String sessionId, io.dsh4j.attention.core.HealthState state, ResourceBundle texts) {
        String key = state.plan().advice() == io.dsh4j.attention.core.Advice.HANDOFF ? "message.health.handoff"
                : "message.health.prepare";
        return format(texts, key, adviceText(state, texts), state.report().score(), sessionId);
    }

    /** {@code run --json}'s line: {@code {"type":"attention-health/status", sessionId, score, level, advice, adviceText, adviceRose}}. */
    public static ObjectNode json(AttentionHealth.StatusNotice n, ResourceBundle texts) {
        ObjectNode o = JsJson.nodes().objectNode().put("type", AttentionHealth.STATUS.name()).put("sessionId", n.agent().id())
                .put("score", n.status().score()).put("level", n.status().level().key())
                .put("advice", n.status().advice().key()).put("adviceText", adviceText(n.state(), texts));
        if (n.before() == null) o.putNull("adviceBefore");
        else o.put("adviceBefore", n.before().key());
        return o.put("adviceRose", n.adviceRose());
    }

    private static String adviceText(io.dsh4j.attention.core.HealthState state, ResourceBundle texts) {
        return new io.dsh4j.attention.core.PlanWording(io.dsh4j.attention.core.Texts.of(texts.getLocale()))
                .adviceText(state.plan());
    }

    private static String format(ResourceBundle texts, String key, Object... args) {
        return new MessageFormat(texts.getString(key), texts.getLocale()).format(args);
    }
}
