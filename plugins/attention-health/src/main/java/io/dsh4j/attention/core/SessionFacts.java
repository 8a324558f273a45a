package io.dsh4j.attention.core;

import java.time.Instant;
import java.util.List;

/**
 * What the cold fold learned from a session's events (spec §3.1 output {@code x}). Turn numbers
 * are JavaScript numbers ({@code Double}); {@code null} is "unknown" wherever the original had
 * {@code undefined}. Immutable.
 *
 * @param userRequests      human requests and answered questions, in order
 * @param turns             the turns, sorted by number, with context deltas
 * @param toolCounts        tool calls per name, most used first
 * @param files             paths changed by file tools, most changed first
 * @param commandFiles      heuristic writes found in shell commands, most frequent first
 * @param errors            tool errors and abnormal turn ends (guard trips excluded)
 * @param decisions         extracted decision sentences, in log order
 * @param todos             the last {@code todo/write} list, or {@code null} when none
 * @param todosTurn         the turn open when it was written, or {@code null}
 * @param usage             output tokens, last context size, replies
 * @param stepCount         {@code step/start} events
 * @param lastEventTime     the last numeric event time, or {@code null}
 * @param openTurn          the turn started and not ended, or {@code null}
 * @param compactions       every compaction record, in order
 * @param lastCompactionAfterTokens the first context size after the last compaction, or {@code null}
 * @param afterCompactionPercent    that size as a percent of the declared window, or {@code null}
 * @param cacheReadTokens   the last request's hit tokens
 * @param cacheMissTokens   the last request's miss tokens
 * @param avgOutputTokens   mean positive output per request (0 when none)
 * @param usageCount        assistant messages
 * @param recentUsage       the cache tail window (≤ 20)
 * @param guardTripCount    guard-trip turn ends (≤ 99)
 * @param lastGuardReason   the last guard reason without its prefix, or {@code null}
 * @param lastGuardTurn     the turn of the last guard trip, or {@code null}
 * @param repeatWorst       longest run of identical tool calls
 * @param degradedReplies   assistant messages with a degraded reply
 * @param replyReasons      reply-criterion hits, in first-seen order
 * @param reasoningLoop     messages with a reasoning loop
 * @param reasoningFlags    messages with huge reasoning but no loop
 * @param reasoningWorstRepeat worst line repeat of a flagged message
 * @param reasoningWorstTokens largest reasoning-token count of a flagged message
 * @param reasoningReasons  reasoning-criterion hits, in first-seen order
 * @param title             the latest title, or {@code null}
 * @param titleHistory      every title change, in order
 * @param goal              the current goal, or {@code null}
 * @param requestContext    the last {@code request/context}, or {@code null} when none
 * @param broadFallback     whether the broad keyword list was used for decisions
 */
public record SessionFacts(List<UserRequest> userRequests, List<Turn> turns, List<ToolCount> toolCounts,
        List<FileTouch> files, List<CommandFile> commandFiles, List<ErrorFact> errors, List<Decision> decisions,
        List<Todo> todos, TurnNo todosTurn, Usage usage, int stepCount, Double lastEventTime, TurnNo openTurn,
        List<Compaction> compactions, Double lastCompactionAfterTokens, Double afterCompactionPercent,
        double cacheReadTokens, double cacheMissTokens, double avgOutputTokens, int usageCount,
        List<PlanInput.UsageSample> recentUsage, int guardTripCount, String lastGuardReason, TurnNo lastGuardTurn,
        int repeatWorst, int degradedReplies, List<ReasonCount> replyReasons, int reasoningLoop, int reasoningFlags,
        int reasoningWorstRepeat, double reasoningWorstTokens, List<ReasonCount> reasoningReasons, String title,
        List<TitleChange> titleHistory, Goal goal, RequestContext requestContext, boolean broadFallback) {

    /** A human request ({@code via = MESSAGE}) or an answered question ({@code QUESTION}). */
    public record UserRequest(Double seq, Double time, String text, TurnNo turn, boolean viaQuestion) {}

    /**
     * One turn.
     *
     * @param prompt        the first human request of the turn, or {@code null}
     * @param response      the last non-empty reply of the turn, or {@code null}
     * @param reason        how the turn ended ({@code completed}, {@code aborted}, …, {@code unknown}), or
     *                      {@code null} while open
     * @param contextTokens the last context size read in the turn, or {@code null}
     * @param contextDelta  the change since the previous turn with a size, or {@code null}
     * @param compacted     whether the delta is negative
     * @param reasonTruthy  {@code Boolean(reason)} of the raw end reason ({@code []} is truthy, {@code false}
     *                      and {@code ""} are not; {@code unknown} is); false while open
     * @param completed     whether the raw end reason is the string {@code completed}
     */
    public record Turn(TurnNo turn, String prompt, String response, int tools, int errors, String reason,
            Double startedAt, Double endedAt, double outputTokens, long toolResultChars, Double contextTokens,
            Double contextDelta, boolean compacted, boolean reasonTruthy, boolean completed) {}

    /** Calls of one tool. */
    public record ToolCount(String name, int count) {}

    /** One operation on a path and how often it happened. */
    public record OpCount(String op, int count) {}

    /** A path changed by file tools. */
    public record FileTouch(String path, int count, List<OpCount> ops) {}

    /** A heuristic write found in shell commands. */
    public record CommandFile(String path, String op, int count, List<TurnNo> turns) {}

    /**
     * An error: a tool result flagged as an error ({@code tool}) or a turn that did not complete ({@code turn}).
     *
     * @param name   the tool (or error) name of a tool error, or {@code null}
     * @param code   the error code of a tool error, or {@code null}
     * @param reason the end reason of a turn error, else {@code null}
     * @param detail a tool error's whitespace-collapsed body (its first 160 characters when longer),
     *               or a turn error's message; {@code null} or empty when there is none
     * @param detailChars the collapsed body's full length when {@code detail} was cut, else −1
     * @param codeTruthy  {@code Boolean(code)} of the raw code (the label shows the code only then; the
     *                    grouping key uses {@code String(code)}, so {@code false} and {@code 0} still group apart)
     */
    public record ErrorFact(boolean tool, TurnNo turn, String name, String code, String reason, String detail,
            int detailChars, boolean codeTruthy) {}

    /** A decision sentence, the role that said it, and every turn it appeared in. */
    public record Decision(String text, String role, TurnNo turn, List<TurnNo> turns, Double seq, Double time) {}

    /**
     * One todo item.
     *
     * @param content        {@code `${content}`}: {@code undefined} or {@code null} when the item has none
     * @param status         the status when it is a string, else {@code null}
     * @param contentNullish whether the content is missing or null ({@code clip(content)} then gives "")
     */
    public record Todo(String content, String status, boolean contentNullish) {

        /** An item with a content. */
        public Todo(String content, String status) {
            this(content, status, false);
        }

        /** {@code String(content ?? '')}. */
        public String contentOrEmpty() {
            return contentNullish ? "" : content;
        }
    }

    /** Session totals: summed output tokens, last positive context size, assistant messages. */
    public record Usage(double outputTokens, double lastContextTokens, int replies) {}

    /** How often a criterion fired. */
    public record ReasonCount(DegradeReason reason, int count) {}

    /** A title change. */
    public record TitleChange(Double seq, Double time, String title) {}

    /**
     * The current goal, its values as the document prints them ({@code null} when absent).
     *
     * @param maxGoalRounds {@code null} also when zero (the original tests it for truthiness)
     */
    public record Goal(String objective, String phase, String blockedReason, String roundsStarted,
            String maxGoalRounds) {}

    /**
     * The last {@code request/context}.
     *
     * @param contextWindow the raw window when it is a number (any number), else {@code null}
     * @param model         the model when it is a string, else {@code null}
     * @param provider      the provider as text, or {@code null}
     * @param modelText     {@code String(model)} when the model is present in any form, else {@code null}
     *                      (the document's model line prints it as JavaScript did)
     * @param windowValue   JavaScript's {@code Number(raw)} when the raw window is truthy in any form (a
     *                      numeric string, {@code true}, an array…; may be {@code NaN}), else {@code null}:
     *                      the document's model line divides the raw value by 1000
     */
    public record RequestContext(String provider, String model, Double contextWindow, String modelText,
            Double windowValue) {}

    /**
     * A compaction record.
     *
     * @param afterUsedTokens the first context size measured after it, or {@code null}
     * @param error           the error of its {@code compaction/end}, or {@code null}
     * @param timeText        {@code String(time)} when the log's time is present but not a number (the table
     *                        prints it as the original's {@code isoLocal} did), else {@code null}
     */
    public record Compaction(Double seq, Double time, String timeText, boolean summary, boolean manual, String model, String provider,
            double shadowedTokens, double summaryTokens, double summaryInputTokens, double preUsedTokens,
            int summaryChars, TurnNo turn, Double afterUsedTokens, String error) {}

    /** Compaction events (summaries + prunes). */
    public int compactionCount() {
        return compactions.size();
    }

    /** Model summaries. */
    public int summaryCount() {
        return (int) compactions.stream().filter(Compaction::summary).count();
    }

    /** Zero-token prunes. */
    public int pruneCount() {
        return compactions.size() - summaryCount();
    }

    /** The last compaction, or {@code null}. */
    public Compaction lastCompaction() {
        return compactions.isEmpty() ? null : compactions.get(compactions.size() - 1);
    }

    /** The raw declared window of the last {@code request/context}, or {@code NaN}. */
    public double contextWindow() {
        return requestContext == null || requestContext.contextWindow() == null ? Double.NaN
                : requestContext.contextWindow();
    }

    /** The model of the last {@code request/context}, or {@code null}. */
    public String model() {
        return requestContext == null ? null : requestContext.model();
    }

    /**
     * Average growth as the document computes it (spec §5.3 item 5): the rounded mean of the positive
     * differences between consecutive turns that are not open and have a context size; 0 when none.
     */
    public double documentGrowth() {
        return io.dsh4j.message.json.JsNumbers.round(rawGrowth());
    }

    /** The raw mean of the same deltas (the hot reducer's figure before rounding); 0 when none. */
    public double rawGrowth() {
        double sum = 0;
        int n = 0;
        Double prev = null;
        for (Turn t : turns) {
            if (t.contextTokens() == null || java.util.Objects.equals(t.turn(), openTurn)) continue;
            if (prev != null) {
                double d = t.contextTokens() - prev;
                if (d > 0) {
                    sum += d;
                    n++;
                }
            }
            prev = t.contextTokens();
        }
        return n == 0 ? 0 : sum / n;
    }

    /** The score of these facts (the CLI's and the document's log-derived health). */
    public HealthReport score(Thresholds t) {
        return HealthScore.score(new HealthScore.Input(usage.lastContextTokens(), contextWindow(), repeatWorst,
                degradedReplies, reasoningLoop, reasoningFlags, reasoningWorstRepeat, summaryCount()), t);
    }

    /**
     * {@code compactionInputOf(x, {avgRoundGrowth, handoffDocTokens})} for a cold session (no live
     * health): the only constructor of plan inputs from folded facts.
     *
     * @param avgRoundGrowth   the growth to assume (the document passes {@link #documentGrowth})
     * @param handoffDocTokens the document's size, or {@code null} for the default
     * @param now              the instant that decides the price tier
     */
    public PlanInput planInput(double avgRoundGrowth, Double handoffDocTokens, Instant now) {
        Compaction last = lastCompaction();
        PlanInput.LastCompaction lc = last == null ? null : new PlanInput.LastCompaction(last.shadowedTokens(),
                last.summaryTokens(), last.summaryInputTokens(), last.preUsedTokens(),
                last.afterUsedTokens() == null ? Double.NaN : last.afterUsedTokens());
        return new PlanInput(contextWindow(), usage.lastContextTokens(), cacheReadTokens, cacheMissTokens,
                avgOutputTokens, usageCount, turns.size(), recentUsage, avgRoundGrowth, compactionCount(),
                summaryCount(), pruneCount(), lc, afterCompactionPercent, repeatWorst, degradedReplies, reasoningLoop,
                reasoningFlags, guardTripCount, handoffDocTokens, model(), now);
    }
}
