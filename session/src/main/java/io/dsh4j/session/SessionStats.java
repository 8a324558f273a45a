package io.dsh4j.session;

import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventPayloadException;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.session.event.DataProjection;
import io.dsh4j.session.event.EventTypes;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The incremental stats accumulator of a log (§3.6 {@code sessionStats}, §3.7 {@code tokenUsage},
 * and the error columns of the §7 table). Feed events one at a time in seq order with
 * {@link #accept}; read {@link #totals()} at any point. Memory does not grow with the log: the fold
 * keeps the open step, the last usage sample and the calls of the current turn (cleared at turn/end).
 *
 * <p>Lineage: {@link #ownTotals()} leaves out the first {@code seedLength} events of a fork child
 * (inherited from its parent), so that adding a family's own totals counts each event once —
 * {@link #totals()} is DSH's per-log view, which includes the seed prefix.
 *
 * <p>The fold reads the typed payload of the {@link #READ_TYPES} only; every other event counts in
 * {@link StatsTotals#events()} and the wall time by its envelope. An event of a read type whose
 * payload does not fit its typed view is counted in {@link StatsTotals#malformedEvents()} and
 * otherwise skipped. Not thread-safe.
 */
public final class SessionStats {

    /** The event types whose payload the fold reads. */
    public static final Set<String> READ_TYPES = Set.of(EventTypes.STEP_START, EventTypes.STEP_END,
            EventTypes.ASSISTANT_CHUNK, EventTypes.ASSISTANT_MESSAGE, EventTypes.TOOL_CALL, EventTypes.TOOL_RESULT,
            EventTypes.TURN_END, EventTypes.LLM_RETRY);

    /**
     * The event data a streaming read for this fold builds ({@link DataProjection#forLoading(Set)} of
     * {@link #READ_TYPES}): a read under it gives the same outcome and totals as a full read.
     */
    public static final DataProjection DATA = DataProjection.forLoading(READ_TYPES);

    private final String sessionId;
    private final String parentSession;
    private final long seedLength;
    private final Fold all = new Fold();
    private final Fold own = new Fold();

    /** An accumulator for the log with this header (its {@code seedLength} marks the inherited prefix). */
    public SessionStats(SessionHeader header) {
        this(header.id(), header.parentSession(), header.seedLength() == null ? 0 : header.seedLength());
    }

    /**
     * @param sessionId     the log's id
     * @param parentSession the parent's id, {@code null} for a top-level session
     * @param seedLength    number of leading events inherited from the parent (0 when none)
     */
    public SessionStats(String sessionId, String parentSession, long seedLength) {
        this.sessionId = sessionId;
        this.parentSession = parentSession;
        this.seedLength = seedLength;
    }

    /** Folds the next event (events must come in seq order). */
    public void accept(SessionEvent event) {
        all.accept(event);
        if (event.seq() >= seedLength) own.accept(event);
    }

    /** The log's totals, seed prefix included (DSH's per-log stats). */
    public StatsTotals totals() {
        return all.totals();
    }

    /** The totals of the events this log adds to its lineage (seed prefix left out). */
    public StatsTotals ownTotals() {
        return own.totals();
    }

    /** The log's session id. */
    public String sessionId() {
        return sessionId;
    }

    /** The parent's session id, {@code null} for a top-level session. */
    public String parentSession() {
        return parentSession;
    }

    /** The number of inherited leading events. */
    public long seedLength() {
        return seedLength;
    }

    /** One fold over a stream of events. */
    private static final class Fold {
        private long events, turns, steps, toolCalls, toolErrors;
        private long turnErrors, finishErrors, finishAborts, abortedTurns, maxTokenTurns, interruptedTurns, blockedTurns;
        private long retries, malformed;
        private long llmMs, ttftMs, ttftSteps, decodeMs, decodeTokens, toolMs;
        private Long lastCountedTurn;
        private long firstTime, lastTime;
        private boolean timed;
        // open step (sessionStats)
        private boolean stepOpen;
        private long openTurn, openStep, openStart;
        private boolean openStartTimed;
        private Long firstTokenTime;
        // usage (tokenUsage), replace-per-step
        private long usageIn, usageOut, usageCacheRead, usageCacheWrite, usageReasoning;
        private boolean hasSample;
        private long sampleTurn, sampleStep;
        private TokenUsage sample;
        private final Map<String, Long> pendingCalls = new HashMap<>();

        void accept(SessionEvent e) {
            events++;
            if (e.hasTime()) {
                if (!timed) firstTime = e.time();
                timed = true;
                lastTime = e.time();
            }
            if (!READ_TYPES.contains(e.type())) return;
            EventPayload payload;
            try {
                payload = e.payload();
            } catch (EventPayloadException malformedPayload) {
                malformed++;
                return;
            }
            switch (payload) {
                case EventPayload.StepStart p -> {
                    stepOpen = true;
                    openTurn = p.turn();
                    openStep = p.step();
                    openStart = e.time();
                    openStartTimed = e.hasTime();
                    firstTokenTime = null;
                }
                case EventPayload.AssistantChunk p -> chunk(e, p);
                case EventPayload.AssistantMessage p -> message(e, p);
                case EventPayload.ToolCall p -> {
                    toolCalls++;
                    if (e.hasTime()) pendingCalls.put(p.callId(), e.time());
                }
                case EventPayload.ToolResult p -> {
                    if (p.isError()) toolErrors++;
                    Long dispatched = pendingCalls.remove(p.message().source().callId());
                    if (dispatched != null && e.hasTime()) toolMs += Math.max(0, e.time() - dispatched);
                }
                case EventPayload.StepEnd p -> {
                    if (lastCountedTurn == null || lastCountedTurn != p.turn()) turns++;
                    steps++;
                    lastCountedTurn = p.turn();
                    stepOpen = false;
                }
                case EventPayload.TurnEnd p -> {
                    pendingCalls.clear();
                    switch (p.reason()) {
                        case TurnEndReason.Error r -> turnErrors++;
                        case TurnEndReason.Aborted r -> abortedTurns++;
                        case TurnEndReason.MaxTokens r -> maxTokenTurns++;
                        case TurnEndReason.Interrupted r -> interruptedTurns++;
                        case TurnEndReason.Blocked r -> blockedTurns++;
                        default -> { }
                    }
                }
                case EventPayload.LlmRetry p -> retries++;
                default -> { }
            }
        }

        private boolean inOpenStep(long turn, long step) {
            return stepOpen && openTurn == turn && openStep == step;
        }

        private void chunk(SessionEvent e, EventPayload.AssistantChunk p) {
            switch (p.chunk()) {
                case StreamChunk.Usage u -> usage(p.turn(), p.step(), u.usage());
                case StreamChunk.Finish f -> {
                    if (f.reason() instanceof FinishReason.Error) finishErrors++;
                    else if (f.reason() instanceof FinishReason.Aborted) finishAborts++;
                }
                default -> {
                    if (inOpenStep(p.turn(), p.step()) && firstTokenTime == null && p.chunk().isTokenDelta() && e.hasTime()) {
                        firstTokenTime = e.time();
                    }
                }
            }
        }

        private void message(SessionEvent e, EventPayload.AssistantMessage p) {
            if (p.usage() != null) usage(p.turn(), p.step(), p.usage());
            if (!inOpenStep(p.turn(), p.step())) return;
            stepOpen = false;
            if (!e.hasTime() || !openStartTimed) return;
            llmMs += Math.max(0, e.time() - openStart);
            if (firstTokenTime != null) {
                ttftMs += Math.max(0, firstTokenTime - openStart);
                ttftSteps++;
                if (p.usage() != null) {
                    decodeMs += Math.max(0, e.time() - firstTokenTime);
                    decodeTokens += p.usage().outputTokens();
                }
            }
        }

        private void usage(long turn, long step, TokenUsage u) {
            if (hasSample && sampleTurn == turn && sampleStep == step) {
                usageIn -= sample.inputTokens();
                usageOut -= sample.outputTokens();
                usageCacheRead -= sample.cacheReadOrZero();
                usageCacheWrite -= sample.cacheWriteOrZero();
                usageReasoning -= sample.reasoningOrZero();
            }
            usageIn += u.inputTokens();
            usageOut += u.outputTokens();
            usageCacheRead += u.cacheReadOrZero();
            usageCacheWrite += u.cacheWriteOrZero();
            usageReasoning += u.reasoningOrZero();
            hasSample = true;
            sampleTurn = turn;
            sampleStep = step;
            sample = u;
        }

        StatsTotals totals() {
            return new StatsTotals(events, turns, steps, toolCalls, toolErrors,
                    new TokenTotals(usageIn, usageOut, usageCacheRead, usageCacheWrite, usageReasoning), turnErrors,
                    finishErrors, finishAborts, abortedTurns, maxTokenTurns, interruptedTurns, blockedTurns, retries, malformed,
                    timed ? Long.valueOf(lastTime - firstTime) : null, llmMs, ttftMs, ttftSteps, decodeMs, decodeTokens, toolMs);
        }
    }
}
