package io.dsh4j.app.chat;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.message.TokenUsage;
import java.util.List;

/**
 * One segment of chat's status line, after chat's own ({@code model (effort) · context … · cache
 * hit …}), joined by {@code " · "}. The status line is drawn at the bottom of the screen while a turn
 * runs (asked again at every redraw, so a segment may change as the answer streams) and printed once
 * after the turn. The attention-health score, when that plugin is mounted, follows the segments.
 *
 * <p>Called on the appending or the signal thread, under the screen's lock: it must be quick, must
 * not block and must not append to the session. A segment that throws, or returns {@code null} or
 * blank, is left out of that line; its text is made {@link TerminalText#safe safe} and cut to the
 * width with the rest.
 */
@FunctionalInterface
public interface StatusSegment {

    /** The segments every chat shows after its own, in order (none today; the health score is chat's own). */
    List<StatusSegment> STANDARD = List.of();

    /** The segment's text for {@code view}; {@code null} or blank for none. */
    String text(View view);

    /**
     * What a segment may look at.
     *
     * @param sessionId the current session's id
     * @param model the model of the next (or running) turn
     * @param effort the reasoning effort, {@code null} for the route's default
     * @param lastUsage the usage of the last answer, {@code null} before the first
     * @param contextWindow the model's window in tokens, {@code null} when unknown or before an answer
     * @param boot the booted profile (its services: a plugin's live state)
     */
    record View(String sessionId, String model, String effort, TokenUsage lastUsage, Long contextWindow, AgentBoot boot) {
    }
}
