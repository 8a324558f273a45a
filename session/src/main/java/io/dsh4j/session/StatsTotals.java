package io.dsh4j.session;

/**
 * The figures of a log (or of a log's own part, or of a lineage), per §3.6–3.7 and the §7 columns.
 *
 * @param events           logical events folded (packed rows expanded)
 * @param turns            distinct turns with at least one closed step (a step/end whose turn differs
 *                         from the previous counted step/end's turn)
 * @param steps            {@code step/end} events
 * @param toolCalls        {@code tool/call} events
 * @param toolErrors       {@code tool/result} events whose result is marked {@code isError}
 * @param tokens           usage totals with the replace-per-step rule
 * @param turnErrors       {@code turn/end} with reason {@code error}
 * @param finishErrors     {@code finish} chunks with reason {@code error}
 * @param finishAborts     {@code finish} chunks with reason {@code aborted}
 * @param abortedTurns     {@code turn/end} with reason {@code aborted}
 * @param maxTokenTurns    {@code turn/end} with reason {@code max-tokens}
 * @param interruptedTurns {@code turn/end} with reason {@code interrupted}
 * @param blockedTurns     {@code turn/end} with reason {@code blocked}
 * @param retries          {@code llm/retry} events
 * @param malformedEvents  events whose payload did not fit its typed view (skipped by the fold)
 * @param wallMs           last event time − first event time, or {@code null} when the log has no times
 * @param llmMs            Σ (assistant/message time − step/start time) for steps that assembled a message
 * @param ttftMs           Σ (first non-empty delta time − step start)
 * @param ttftSteps        steps contributing to {@code ttftMs}
 * @param decodeMs         Σ (message time − first token time) on steps with both and with usage
 * @param decodeTokens     Σ usage output tokens on those steps
 * @param toolMs           Σ (tool/result time − tool/call time) matched by call id within a turn
 */
public record StatsTotals(long events, long turns, long steps, long toolCalls, long toolErrors, TokenTotals tokens,
                          long turnErrors, long finishErrors, long finishAborts, long abortedTurns, long maxTokenTurns,
                          long interruptedTurns, long blockedTurns, long retries, long malformedEvents, Long wallMs,
                          long llmMs, long ttftMs, long ttftSteps, long decodeMs, long decodeTokens, long toolMs) {

    /** Nothing folded yet. */
    public static final StatsTotals EMPTY =
            new StatsTotals(0, 0, 0, 0, 0, TokenTotals.ZERO, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, 0, 0, 0, 0, 0, 0);

    /** Component-wise sum (wall times add when both are known). */
    public StatsTotals plus(StatsTotals o) {
        Long wall = wallMs == null ? o.wallMs : o.wallMs == null ? wallMs : Long.valueOf(wallMs + o.wallMs);
        return new StatsTotals(events + o.events, turns + o.turns, steps + o.steps, toolCalls + o.toolCalls,
                toolErrors + o.toolErrors, tokens.plus(o.tokens), turnErrors + o.turnErrors, finishErrors + o.finishErrors,
                finishAborts + o.finishAborts, abortedTurns + o.abortedTurns, maxTokenTurns + o.maxTokenTurns,
                interruptedTurns + o.interruptedTurns, blockedTurns + o.blockedTurns, retries + o.retries,
                malformedEvents + o.malformedEvents, wall, llmMs + o.llmMs, ttftMs + o.ttftMs, ttftSteps + o.ttftSteps,
                decodeMs + o.decodeMs, decodeTokens + o.decodeTokens, toolMs + o.toolMs);
    }
}
