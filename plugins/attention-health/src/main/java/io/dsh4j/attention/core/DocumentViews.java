package io.dsh4j.attention.core;

import io.dsh4j.attention.core.SessionFacts.ErrorFact;
import io.dsh4j.attention.core.SessionFacts.Todo;
import io.dsh4j.attention.core.SessionFacts.Turn;
import io.dsh4j.attention.core.SessionFacts.UserRequest;
import io.dsh4j.attention.core.internal.JsSort;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.attention.core.internal.TextTools;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Views the handoff document derives from folded facts (spec §5.4): the goal, error groups,
 * context growth per turn, rule-derived next steps, long-request summaries. Stateless and
 * thread-safe; sentences come from {@link Texts}.
 */
public final class DocumentViews {

    /** Short texts containing one of these are control instructions, not task intent. */
    static final List<String> CONTROL_PHRASES = List.of("继续", "接着", "好", "可以", "行", "嗯", "ok", "下一步", "你看着办",
            "完成了？", "完成了吗", "别的ai", "其它ai", "其他ai", "go on", "continue");
    /** A control instruction is at most this long. */
    static final int CONTROL_MAX_CHARS = 16;
    /** Goals this similar count as the same ({@code same = similarity ≥ 0.5}). */
    static final double SAME_GOAL_SIMILARITY = 0.5;
    /** Error codes of procedural retries (tool-order issues, not faults). */
    static final List<String> PROCEDURAL_CODES = List.of("FS_NOT_OBSERVED", "FS_EDIT_NOT_FOUND", "FS_AMBIGUOUS_MATCH");
    /** Characters per token when estimating tool output. */
    static final double CHARS_PER_TOKEN = 4;
    /** The paragraph break of {@link #summarize} (its loop finds the same breaks without the pattern). */
    static final Pattern PARAGRAPHS = Pattern.compile("\\n{2,}");

    private DocumentViews() {}

    /** {@code isControlRequest}: empty, or at most 16 characters containing a control phrase. */
    public static boolean isControlRequest(String text) {
        String trimmed = JsText.trim(text);
        if (trimmed.isEmpty()) return true;
        if (trimmed.length() > CONTROL_MAX_CHARS) return false;
        String lower = JsText.lower(trimmed);
        for (String p : CONTROL_PHRASES) {
            if (lower.contains(JsText.lower(p))) return true;
        }
        return false;
    }

    /** The goal a document shows. */
    public sealed interface GoalView permits GoalView.FromGoal, GoalView.FromRequests {
        /** A goal set with {@code goal/change}. */
        record FromGoal(SessionFacts.Goal goal) implements GoalView {}

        /** No goal: the first and the latest substantive request. */
        record FromRequests(UserRequest first, UserRequest latest, boolean same, double similarity,
                UserRequest lastControl) implements GoalView {}
    }

    /** {@code deriveGoal}, or {@code null} when there is neither a goal nor a request. */
    public static GoalView goal(SessionFacts x) {
        if (x.goal() != null) return new GoalView.FromGoal(x.goal());
        List<UserRequest> reqs = x.userRequests();
        if (reqs.isEmpty()) return null;
        UserRequest first = reqs.get(0);
        UserRequest last = reqs.get(reqs.size() - 1);
        UserRequest latest = last;
        for (int i = reqs.size() - 1; i >= 0; i--) {
            if (!isControlRequest(reqs.get(i).text())) {
                latest = reqs.get(i);
                break;
            }
            if (i == 0) latest = reqs.get(0);
        }
        double sim = TextTools.similarity(first.text(), latest.text());
        return new GoalView.FromRequests(first, latest, sim >= SAME_GOAL_SIMILARITY, sim, latest != last ? last : null);
    }

    /**
     * One aggregated error kind.
     *
     * @param details    up to two distinct details, each as the fold first clipped it
     * @param lastTurn   the latest turn it occurred in, or {@code null}
     * @param stillActive whether it occurred in the latest turn (or its turns are unknown)
     * @param resolution the resolution sentence
     * @param label      the group label
     */
    public record ErrorGroup(boolean tool, String name, String code, String reason, int count, List<TurnNo> turns,
            List<String> details, TurnNo lastTurn, boolean stillActive, String resolution, String label) {

        /** Whether the group is a procedural retry ({@code FS_NOT_OBSERVED} and the like). */
        public boolean procedural() {
            String c = code == null ? "" : code;
            return PROCEDURAL_CODES.stream().anyMatch(c::contains);
        }
    }

    /** {@code aggregateErrors}: groups by tool name + code or by turn end reason, most frequent first. */
    public static List<ErrorGroup> errorGroups(SessionFacts x, Texts t) {
        TurnNo maxTurn = x.turns().isEmpty() ? null : x.turns().get(x.turns().size() - 1).turn();
        Map<String, List<ErrorFact>> groups = new LinkedHashMap<>();
        for (ErrorFact e : x.errors()) {
            String key = e.tool() ? "tool:" + (e.name() == null ? "?" : e.name()) + ":" + (e.code() == null ? "" : e.code())
                    : "turn:" + (e.reason() == null ? "?" : e.reason());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
        }
        List<ErrorGroup> out = new ArrayList<>();
        for (List<ErrorFact> list : groups.values()) {
            ErrorFact head = list.get(0);
            List<TurnNo> turns = new ArrayList<>();
            List<String> details = new ArrayList<>();
            TurnNo lastTurn = null;
            for (ErrorFact e : list) {
                if (e.turn() != null) {
                    if (!turns.contains(e.turn())) turns.add(e.turn());
                    if (lastTurn == null || TurnNo.lessThan(lastTurn, e.turn())) lastTurn = e.turn();
                }
                String d = firstClip(e, t);
                if (d != null && !d.isEmpty() && details.size() < 2 && !details.contains(d)) details.add(d);
            }
            JsSort.sort(turns, (a, b) -> TurnNo.number(a) - TurnNo.number(b));
            boolean active;
            String resolution;
            if (lastTurn == null || maxTurn == null) {
                active = true;
                resolution = t.get("errors.unknownTurn");
            } else if (TurnNo.atLeast(lastTurn, maxTurn)) {
                active = true;
                resolution = t.get("errors.stillLatest");
            } else {
                active = false;
                resolution = t.get("errors.resolved", TurnNo.text(lastTurn),
                        n(TurnNo.number(maxTurn) - TurnNo.number(lastTurn)));
            }
            String label = head.tool()
                    ? (head.name() == null ? t.get("errors.tool") : head.name())
                            + (head.codeTruthy() ? " `" + head.code() + "`" : "")
                    : t.get("errors.turnLabel", String.valueOf(head.reason()));
            out.add(new ErrorGroup(head.tool(), head.name(), head.code(), head.reason(), list.size(), List.copyOf(turns),
                    List.copyOf(details), lastTurn, active, resolution, label));
        }
        out.sort(Comparator.comparingInt(ErrorGroup::count).reversed());
        return out;
    }

    /** A tool error's detail as the original's first {@code clip(body, 160)} produced it. */
    static String firstClip(ErrorFact e, Texts t) {
        if (e.detail() == null) return null;
        if (e.detailChars() < 0) return e.detail();
        return e.detail() + t.get("clip.note", Integer.toString(e.detailChars()));
    }

    /** What drove a turn's growth. */
    public enum Cause { TOOL_OUTPUT, MODEL_OUTPUT, MIXED }

    /** One row of the growth table. */
    public record GrowthRow(TurnNo turn, double contextTokens, double delta, boolean compacted, double outputTokens,
            long toolResultChars, double toolResultTokensEst, Cause cause) {}

    /** {@code deriveGrowth}: rows for turns with a delta, and the three largest. */
    public record Growth(List<GrowthRow> rows, List<GrowthRow> top) {}

    /** The growth view of the facts. */
    public static Growth growth(SessionFacts x) {
        List<GrowthRow> rows = new ArrayList<>();
        for (Turn tn : x.turns()) {
            if (tn.contextDelta() == null) continue;
            double est = tn.toolResultChars() / CHARS_PER_TOKEN;
            Cause cause = est > tn.outputTokens() * 2 ? Cause.TOOL_OUTPUT
                    : tn.outputTokens() > est * 2 ? Cause.MODEL_OUTPUT : Cause.MIXED;
            rows.add(new GrowthRow(tn.turn(), tn.contextTokens(), tn.contextDelta(), tn.compacted(), tn.outputTokens(),
                    tn.toolResultChars(), JsNumbers.round(est), cause));
        }
        List<GrowthRow> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingDouble(GrowthRow::delta).reversed());
        return new Growth(List.copyOf(rows), List.copyOf(sorted.subList(0, Math.min(3, sorted.size()))));
    }

    /** The label of a growth cause. */
    public static String causeLabel(Cause c, Texts t) {
        return switch (c) {
            case TOOL_OUTPUT -> t.get("growth.tool");
            case MODEL_OUTPUT -> t.get("growth.model");
            case MIXED -> t.get("growth.mixed");
        };
    }

    /** {@code deriveNextSteps}: rule-derived next steps, never model advice. */
    public static List<String> nextSteps(SessionFacts x, Texts t) {
        List<String> out = new ArrayList<>();
        if (x.openTurn() != null) out.add(t.get("next.openTurn", TurnNo.text(x.openTurn())));
        Turn lastBad = null;
        for (Turn tn : x.turns()) {
            if (tn.reason() != null && tn.reasonTruthy() && !tn.completed()) lastBad = tn;
        }
        if (lastBad != null) out.add(t.get("next.badTurn", TurnNo.text(lastBad.turn()), lastBad.reason()));
        List<Todo> todos = x.todos() == null ? List.of() : x.todos();
        TurnNo lastTurnNo = x.turns().isEmpty() ? null : x.turns().get(x.turns().size() - 1).turn();
        boolean stale = staleTodos(x);
        todos.stream().filter(td -> "in_progress".equals(td.status())).limit(3)
                .forEach(td -> out.add(t.get("next.inProgress", clip(td.contentOrEmpty(), 120, t))));
        long pending = todos.stream().filter(td -> "pending".equals(td.status())).count();
        if (pending > 0) {
            // `(lastTurnNo ?? x.todosTurn) - x.todosTurn`: JSON null falls back too
            TurnNo since = lastTurnNo == null || lastTurnNo == TurnNo.Null.NULL ? x.todosTurn() : lastTurnNo;
            out.add(stale ? t.get("next.pendingStale", TurnNo.text(x.todosTurn()),
                    n(TurnNo.number(since) - TurnNo.number(x.todosTurn())), Long.toString(pending))
                    : t.get("next.pending", Long.toString(pending)));
        }
        List<ErrorGroup> groups = errorGroups(x, t);
        List<ErrorGroup> unresolved = groups.stream().filter(g -> g.stillActive() && !g.procedural()).toList();
        if (!unresolved.isEmpty()) {
            out.add(t.get("next.unresolved", Integer.toString(unresolved.size()),
                    String.join(t.get("list.sep"), unresolved.stream().map(ErrorGroup::label).toList())));
        }
        List<ErrorGroup> procedural = groups.stream().filter(ErrorGroup::procedural).toList();
        if (!procedural.isEmpty()) {
            int count = procedural.stream().mapToInt(ErrorGroup::count).sum();
            out.add(t.get("next.procedural", Integer.toString(count),
                    String.join(t.get("list.sep"), procedural.stream().map(ErrorGroup::label).toList())));
        }
        List<UserRequest> reqs = x.userRequests();
        if (!reqs.isEmpty()) {
            UserRequest last = reqs.get(reqs.size() - 1);
            UserRequest substantive = last;
            for (int i = reqs.size() - 1; i >= 0; i--) {
                if (!isControlRequest(reqs.get(i).text())) {
                    substantive = reqs.get(i);
                    break;
                }
            }
            String tail = substantive != last ? t.get("next.controlTail", clip(last.text(), 40, t)) : "";
            out.add(t.get("next.lastRequest", clip(substantive.text(), 200, t), tail));
        }
        if (!x.files().isEmpty()) out.add(t.get("next.files", Integer.toString(x.files().size())));
        if (x.usage().lastContextTokens() != 0) {
            out.add(t.get("next.lastContext", JsNumbers.grouped(x.usage().lastContextTokens())));
        }
        if (out.isEmpty()) out.add(t.get("next.none"));
        return out;
    }

    /** {@code summarize}: whole paragraphs up to {@code max} characters, then the full length. */
    public static String summarize(String text, int max, Texts t) {
        String flat = (text == null ? "" : text).replace("\r", "");
        if (flat.length() <= max) return JsText.collapse(flat);
        StringBuilder out = new StringBuilder();
        // the paragraphs of PARAGRAPHS.split(flat, -1), found one at a time: the loop stops at the first
        // that does not fit, so a 10 MB text is not cut into paragraphs it never reads (issue 17)
        int from = 0;
        while (from <= flat.length()) {
            int gap = flat.indexOf("\n\n", from);
            String part = flat.substring(from, gap < 0 ? flat.length() : gap);
            if (gap < 0) {
                from = flat.length() + 1;
            } else {
                from = gap;
                while (from < flat.length() && flat.charAt(from) == '\n') from++;
            }
            String p = JsText.trim(part);
            if (p.isEmpty()) continue;
            String oneLine = JsText.collapse(p);
            if (oneLine.isEmpty()) continue;
            int nextLength = out.isEmpty() ? oneLine.length() : out.length() + 4 + oneLine.length();
            if (nextLength > max) break;
            if (!out.isEmpty()) out.append("\n   ");
            out.append(oneLine);
        }
        String body = out.isEmpty() ? JsText.collapseRunsHead(flat, max) : out.toString();
        return body + t.get("summary.fullLength", JsNumbers.grouped(flat.length()));
    }

    /** {@code clip} in the given language. */
    public static String clip(String text, int max, Texts t) {
        return TextTools.clip(text, max, t.get("clip.note", "{0}"));
    }

    /**
     * Whether the todo snapshot is older than the last turn: {@code todosTurn !== undefined &&
     * lastTurnNo !== undefined && todosTurn < lastTurnNo}.
     */
    static boolean staleTodos(SessionFacts x) {
        TurnNo last = x.turns().isEmpty() ? null : x.turns().get(x.turns().size() - 1).turn();
        return x.todosTurn() != null && last != null && TurnNo.lessThan(x.todosTurn(), last);
    }

    private static String n(double v) {
        return JsNumbers.toJsString(v);
    }

    /** {@code a === b} for turns (SameValueZero; a missing number equals a missing number). */
    static boolean sameTurn(TurnNo a, TurnNo b) {
        return Objects.equals(a, b);
    }

    /**
     * Turn numbers as the document lists them ({@code turns.join('、')}: a missing number and JSON null
     * print as nothing), joined by the list separator.
     */
    static String turnList(Texts t, List<TurnNo> turns) {
        return String.join(t.get("list.sep"), turns.stream().map(TurnNo::cellText).toList());
    }

    /** {@code turn ?? '?'}. */
    static String turnOrQ(TurnNo turn) {
        return TurnNo.orQuestionMark(turn);
    }
}
