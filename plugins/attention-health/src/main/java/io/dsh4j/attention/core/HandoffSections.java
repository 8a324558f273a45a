package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.DocumentViews.GoalView;
import io.dsh4j.attention.core.SessionFacts.Turn;
import io.dsh4j.attention.core.SessionFacts.UserRequest;
import io.dsh4j.attention.core.internal.DecisionExtractor;
import io.dsh4j.attention.core.internal.JsArrays;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.attention.core.internal.TextTools;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code renderHandoff}, second half (spec §5.3 items 10–22): session, goal, requests, decisions,
 * progress, files, todos, errors, next steps and statistics, then the {@link Appendices} and the
 * footer. Not thread-safe.
 */
final class HandoffSections {

    /** Requests longer than this are summarised, their full text goes to appendix B. */
    static final int REQUEST_SUMMARY_CHARS = 320;
    static final int COMMAND_FILES_SHOWN = 12;
    static final int GOAL_CHARS = 400;
    static final int FIRST_GOAL_CHARS = 300;
    static final int CONTROL_CHARS = 60;
    static final int DECISION_CHARS = 240;
    static final int PROMPT_CELL_CHARS = 44;
    static final int REPLY_CELL_CHARS = 56;
    static final int ERROR_DETAIL_CHARS = 160;
    static final double MS_PER_MINUTE = 60_000;

    private final HandoffRenderer r;
    private final SessionFacts x;
    private final Texts t;
    private final HandoffOptions o;

    HandoffSections(HandoffRenderer r) {
        this.r = r;
        this.x = r.x;
        this.t = r.t;
        this.o = r.o;
    }

    void render() {
        session();
        goal();
        List<UserRequest> longRequests = x.userRequests().stream()
                .filter(q -> q.text().length() > REQUEST_SUMMARY_CHARS).toList();
        requests(longRequests);
        decisions();
        progress();
        files();
        todos();
        errors();
        r.push(t.get("doc.nextHeading"));
        r.push();
        for (String step : DocumentViews.nextSteps(x, t)) r.push("- " + step);
        r.push();
        new StatsSection(r).render();
        new Appendices(r).render(longRequests);
        r.push("---");
        r.push();
        r.push(t.get("doc.footer"));
    }

    private void session() {
        JsonNode header = r.req.header();
        JsonNode createdNode = Js.get(header, "createdAt");
        String created = Js.truthy(createdNode) ? localTime(createdNode) : t.get("common.unknown");
        Double last = x.lastEventTime();
        String lastSeen = last != null && last != 0 && !last.isNaN() ? LocalTimes.format(last, r.req.zone())
                : t.get("common.unknown");
        String duration = "";
        if (Js.truthy(createdNode) && last != null && last != 0 && !last.isNaN()) {
            double minutes = JsNumbers.round((last - Js.toNumber(createdNode)) / MS_PER_MINUTE);
            duration = t.get("doc.duration", JsNumbers.toJsString(minutes));
        }
        r.push(t.get("doc.sessionHeading"));
        r.push();
        r.push(t.get("doc.id", Js.stringOr(Js.get(header, "id"), t.get("common.unknown"))));
        if (x.title() != null) {
            r.push(t.get("doc.title2", x.title()));
            List<String> old = new ArrayList<>();
            List<SessionFacts.TitleChange> hist = x.titleHistory();
            for (int i = 0; i < hist.size() - 1; i++) {
                if (hist.get(i).title() != null && !hist.get(i).title().isEmpty()) old.add(hist.get(i).title());
            }
            if (!old.isEmpty()) r.push(t.get("doc.oldTitles", String.join(" → ", old)));
        }
        r.push(t.get("doc.cwd", Js.stringOr(Js.get(header, "cwd"), t.get("common.unknown"))));
        JsonNode preset = Js.get(header, "agentPreset");
        if (Js.truthy(preset)) r.push(t.get("doc.preset", Js.string(preset)));
        r.push(t.get("doc.created", created, lastSeen, duration));
        SessionFacts.RequestContext rc = x.requestContext();
        if (rc != null) {
            // `rc.contextWindow ? (rc.contextWindow / 1000).toLocaleString() + 'K' : …` on the raw value
            Double cw = rc.windowValue();
            String win = cw != null ? JsNumbers.grouped(cw / 1000) + "K" : t.get("common.unknown");
            r.push(t.get("doc.model", rc.provider() == null ? "?" : rc.provider(),
                    rc.modelText() == null ? "?" : rc.modelText(), win));
        }
        r.push();
    }

    private String localTime(JsonNode v) {
        return Js.isNumber(v) ? LocalTimes.format(v.doubleValue(), r.req.zone()) : Js.string(v);
    }

    private void goal() {
        r.push(t.get("doc.goalHeading"));
        r.push();
        GoalView goal = DocumentViews.goal(x);
        switch (goal) {
            case null -> r.push(t.get("doc.noGoal"));
            case GoalView.FromGoal g -> {
                SessionFacts.Goal gg = g.goal();
                r.push("**" + clip(gg.objective() == null ? t.get("doc.noObjective") : gg.objective(), GOAL_CHARS) + "**");
                r.push();
                r.push(t.get("doc.phase", gg.phase() == null ? t.get("common.unknown") : gg.phase()));
                if (gg.roundsStarted() != null) {
                    r.push(t.get("doc.rounds", gg.roundsStarted(),
                            gg.maxGoalRounds() == null ? "" : " / " + gg.maxGoalRounds()));
                }
                if (gg.blockedReason() != null && !gg.blockedReason().isEmpty()) {
                    r.push(t.get("doc.blocked", gg.blockedReason()));
                }
            }
            case GoalView.FromRequests q when q.same() -> {
                r.push("**" + clip(q.latest().text(), GOAL_CHARS) + "**");
                r.push();
                r.push(t.get("doc.goalSame"));
                if (q.lastControl() != null) {
                    r.push();
                    r.push(t.get("doc.controlNote", DocumentViews.turnOrQ(q.lastControl().turn()),
                            clip(q.lastControl().text(), CONTROL_CHARS)));
                }
            }
            case GoalView.FromRequests q -> {
                r.push(t.get("doc.firstGoalHeading"));
                r.push();
                r.push("**" + clip(q.first().text(), FIRST_GOAL_CHARS) + "**");
                r.push();
                r.push(t.get("doc.latestGoalHeading"));
                r.push();
                r.push("**" + clip(q.latest().text(), GOAL_CHARS) + "**");
                r.push();
                r.push(t.get("doc.goalDiffers", JsNumbers.toFixed(q.similarity() * 100, 0)));
                if (q.lastControl() != null) {
                    r.push(">");
                    r.push(t.get("doc.controlNoteLatest", DocumentViews.turnOrQ(q.lastControl().turn()),
                            clip(q.lastControl().text(), CONTROL_CHARS)));
                }
            }
        }
        r.push();
    }

    private void requests(List<UserRequest> longRequests) {
        List<UserRequest> reqs = x.userRequests();
        r.push(t.get("doc.requestsHeading", Integer.toString(reqs.size())));
        r.push();
        if (reqs.isEmpty()) {
            r.push(t.get("doc.none"));
        } else {
            for (int i = 0; i < Math.min(o.maxRequests(), reqs.size()); i++) {
                UserRequest q = reqs.get(i);
                String tag = q.viaQuestion() ? t.get("doc.answerTag") : "";
                String raw = q.text();
                String body = raw.length() > REQUEST_SUMMARY_CHARS
                        ? DocumentViews.summarize(raw, REQUEST_SUMMARY_CHARS, t) + t.get("doc.seeAppendixB", Integer.toString(i + 1))
                        : JsText.collapse(raw);
                r.push((i + 1) + ". " + tag + body);
            }
            if (reqs.size() > o.maxRequests()) {
                r.push(t.get("doc.moreRequests", Integer.toString(reqs.size() - o.maxRequests())));
            }
            if (!longRequests.isEmpty()) {
                r.push();
                r.push(t.get("doc.longNote", Integer.toString(longRequests.size()), Integer.toString(REQUEST_SUMMARY_CHARS)));
            }
        }
        r.push();
    }

    private void decisions() {
        List<SessionFacts.Decision> ds = x.decisions();
        String slash = " / ";
        r.push(t.get("doc.decisionsHeading", Integer.toString(ds.size())));
        r.push();
        String broad = String.join(slash, DecisionExtractor.KEYWORDS_BROAD_ALL);
        String trigger = Integer.toString(DecisionExtractor.BROAD_TRIGGER);
        if (o.slim()) {
            r.push(t.get("doc.decisionBasisSlim", String.join(slash, DecisionExtractor.KEYWORDS.subList(0, 2)))
                    + (x.broadFallback() ? t.get("doc.decisionBroadSlim", trigger, broad) : t.get("doc.period")));
        } else {
            r.push(t.get("doc.decisionBasisFull", String.join(slash, DecisionExtractor.KEYWORDS.subList(0, 4)),
                    String.join(slash, DecisionExtractor.KEYWORDS_EN.subList(0, 3)),
                    Integer.toString(DecisionExtractor.KEYWORDS_ALL.size())));
            r.push(x.broadFallback() ? t.get("doc.decisionBroadFull", trigger, broad)
                    : t.get("doc.decisionNoBroadFull", trigger));
        }
        r.push();
        if (ds.isEmpty()) {
            r.push(t.get("doc.noDecisions", String.join(slash, DecisionExtractor.KEYWORDS.subList(0, 6)),
                    String.join(slash, DecisionExtractor.KEYWORDS_EN.subList(0, 4)), broad));
        } else {
            for (SessionFacts.Decision d : ds.subList(0, Math.min(o.maxDecisions(), ds.size()))) {
                String where = d.turns().isEmpty() ? t.get("doc.turnUnknown")
                        : t.get("doc.turnList", DocumentViews.turnList(t, d.turns()));
                String who = switch (d.role()) {
                    case "assistant" -> t.get("doc.roleAssistant");
                    case "user-answer" -> t.get("doc.roleAnswer");
                    default -> t.get("doc.roleUser");
                };
                r.push("- [" + where + "·" + who + "] " + TextTools.sanitizeInline(clip(d.text(), DECISION_CHARS)));
            }
            if (ds.size() > o.maxDecisions()) {
                r.push(t.get("doc.moreDecisions", Integer.toString(ds.size() - o.maxDecisions())));
            }
        }
        r.push();
    }

    private void progress() {
        List<Turn> turns = x.turns();
        r.push(t.get("doc.progressHeading", Integer.toString(turns.size()),
                Integer.toString(Math.min(o.maxTurns(), turns.size()))));
        r.push();
        if (turns.isEmpty()) {
            r.push(t.get("doc.none"));
        } else {
            r.push(t.get("doc.progressHeader"));
            r.push("|---|---|---|---|---|---|");
            for (Turn tn : JsArrays.sliceLast(turns, o.maxTurns())) {
                String dash = "—";
                r.push("| " + TextTools.cell(TurnNo.cellText(tn.turn())) + " | "
                        + TextTools.cell(plain(tn.prompt() == null ? dash : tn.prompt(), PROMPT_CELL_CHARS)) + " | "
                        + TextTools.cell(plain(tn.response() == null ? dash : tn.response(), REPLY_CELL_CHARS)) + " | "
                        + TextTools.cell(Integer.toString(tn.tools())) + " | "
                        + TextTools.cell(tn.errors() == 0 ? dash : Integer.toString(tn.errors())) + " | "
                        + TextTools.cell(tn.reason() == null ? t.get("doc.notClosed") : tn.reason()) + " |");
            }
        }
        r.push();
    }

    private void files() {
        List<SessionFacts.FileTouch> files = x.files();
        r.push(t.get("doc.filesHeading", Integer.toString(files.size())));
        r.push();
        if (files.isEmpty()) {
            r.push(t.get("doc.noFiles"));
        } else {
            r.push(t.get("doc.filesNote"));
            r.push();
            for (SessionFacts.FileTouch f : files.subList(0, Math.min(o.maxFiles(), files.size()))) {
                List<String> ops = f.ops().stream().map(op -> op.op() + "×" + op.count()).toList();
                int kind = TextTools.tempKind(f.path());
                String tag = kind == 1 ? t.get("doc.tempTag") : kind == 2 ? t.get("doc.workTag") : "";
                r.push("- `" + f.path() + "` — " + String.join(", ", ops) + tag);
            }
            if (files.size() > o.maxFiles()) r.push(t.get("doc.moreFiles", Integer.toString(files.size() - o.maxFiles())));
        }
        r.push();
        List<SessionFacts.CommandFile> cmds = x.commandFiles();
        if (!cmds.isEmpty()) {
            r.push(t.get("doc.cmdHeading", Integer.toString(cmds.size())));
            r.push();
            r.push(t.get("doc.cmdNote1"));
            r.push(t.get("doc.cmdNote2"));
            r.push();
            for (SessionFacts.CommandFile c : cmds.subList(0, Math.min(COMMAND_FILES_SHOWN, cmds.size()))) {
                String turns = c.turns().isEmpty() ? "" : t.get("doc.cmdTurns", DocumentViews.turnList(t, c.turns()));
                r.push("- `" + c.path() + "` — " + c.op() + "×" + c.count() + " " + turns);
            }
            if (cmds.size() > COMMAND_FILES_SHOWN) {
                r.push(t.get("doc.moreCmds", Integer.toString(cmds.size() - COMMAND_FILES_SHOWN)));
            }
            r.push();
        }
    }

    private void todos() {
        List<SessionFacts.Todo> todos = x.todos() == null ? List.of() : x.todos();
        r.push(t.get("doc.todosHeading"));
        r.push();
        if (todos.isEmpty()) {
            r.push(t.get("doc.noTodos"));
        } else {
            boolean stale = DocumentViews.staleTodos(x);
            if (x.todosTurn() != null) {
                String turn = TurnNo.text(x.todosTurn());
                r.push(stale ? t.get("doc.todosStale", turn) : t.get("doc.todosFrom", turn));
            }
            r.push();
            for (SessionFacts.Todo td : todos) {
                String mark = "completed".equals(td.status()) ? "x" : " ";
                r.push("- [" + mark + "] " + td.content()
                        + ("in_progress".equals(td.status()) ? t.get("doc.inProgressMark") : ""));
            }
        }
        r.push();
    }

    private void errors() {
        List<DocumentViews.ErrorGroup> groups = DocumentViews.errorGroups(x, t);
        r.push(t.get("doc.errorsHeading", Integer.toString(x.errors().size()), Integer.toString(groups.size())));
        r.push();
        if (groups.isEmpty()) {
            r.push(t.get("doc.none"));
        } else {
            for (DocumentViews.ErrorGroup g : groups.subList(0, Math.min(o.maxErrors(), groups.size()))) {
                String turns = g.turns().isEmpty() ? t.get("doc.turnUnknown") : t.get("doc.turnList", DocumentViews.turnList(t, g.turns()));
                r.push(t.get("doc.errorLine", g.label(), Integer.toString(g.count()), turns, g.resolution()));
                for (String d : g.details()) r.push(t.get("doc.errorExample", clip(d, ERROR_DETAIL_CHARS)));
            }
            if (groups.size() > o.maxErrors()) {
                r.push(t.get("doc.moreErrors", Integer.toString(groups.size() - o.maxErrors())));
            }
        }
        r.push();
    }

    private String clip(String text, int max) {
        return DocumentViews.clip(text, max, t);
    }

    private String plain(String text, int max) {
        return TextTools.plain(text, max, t.get("clip.note", "{0}"));
    }

}
