package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.TextTools;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code renderHandoff} (spec §5.2–5.3), first half: header, health, the two dimensions, the
 * final advice and the compaction history. {@link HandoffSections} renders the rest. One render
 * pass; {@link Handoff} runs the head twice and the sections once per language ({@link #sections}). Not
 * thread-safe (one instance per pass).
 */
final class HandoffRenderer {

    /** One pass's document and the plan it showed. */
    record Rendered(String markdown, CompactionPlan plan) {}

    /** The health the document shows: live, or scored from the log. */
    record HealthView(int score, Level level, double usedTokens, Double effectivePercent, Double windowPercent,
            double repeatWorst, double degradedReplies, List<SessionFacts.ReasonCount> replyReasons, double reasoningLoop,
            double reasoningFlags, double reasoningWorstRepeat, List<SessionFacts.ReasonCount> reasoningReasons,
            List<String> findings, double reasoningWorstTokens, boolean fromLog) {}

    private static final int HISTORY_ROWS = 8;

    final SessionFacts x;
    final HandoffRequest req;
    final Texts t;
    final Thresholds th;
    final HandoffOptions o;
    final List<String> lines = new ArrayList<>(256);

    private HandoffRenderer(SessionFacts x, HandoffRequest req) {
        this.x = x;
        this.req = req;
        this.t = req.texts();
        this.th = req.thresholds();
        this.o = req.options();
    }

    static Rendered render(SessionFacts x, HandoffRequest req, double docTokens) {
        HandoffRenderer r = new HandoffRenderer(x, req);
        CompactionPlan plan = r.renderHead(docTokens);
        new HandoffSections(r).render();
        return new Rendered(String.join("\n", r.lines), plan);
    }

    /**
     * The length of {@link #render}'s markdown (its lines joined by {@code \n}), without joining them:
     * the first pass is rendered only for its length.
     */
    static int renderedLength(SessionFacts x, HandoffRequest req, double docTokens) {
        HandoffRenderer r = new HandoffRenderer(x, req);
        r.renderHead(docTokens);
        new HandoffSections(r).render();
        int length = Math.max(0, r.lines.size() - 1);
        for (String line : r.lines) length += line.length();
        return length;
    }

    /** The plan that {@link #render} shows for a document of {@code docTokens}, without rendering anything. */
    static CompactionPlan plan(SessionFacts x, HandoffRequest req, double docTokens) {
        return CompactionPlanner.derive(Handoff.planInput(x, req.health(), x.documentGrowth(), docTokens, req.now()),
                req.thresholds(), req.prices());
    }

    /**
     * The lines {@link HandoffSections} renders (session, goal, progress, … footer): they depend on the
     * facts and the request but on neither the plan nor the document size, so both passes of one
     * language can share them (issue 17: {@code health} rendered a 10 MB message's sections twice).
     */
    static List<String> sections(SessionFacts x, HandoffRequest req) {
        HandoffRenderer r = new HandoffRenderer(x, req);
        new HandoffSections(r).render();
        return List.copyOf(r.lines);
    }

    /** {@link #render(SessionFacts, HandoffRequest, double)} with the sections already rendered for {@code req}. */
    static Rendered render(SessionFacts x, HandoffRequest req, double docTokens, List<String> sections) {
        HandoffRenderer r = new HandoffRenderer(x, req);
        CompactionPlan plan = r.renderHead(docTokens);
        r.lines.addAll(sections);
        return new Rendered(String.join("\n", r.lines), plan);
    }

    void push(String s) {
        lines.add(s);
    }

    void push() {
        lines.add("");
    }

    private CompactionPlan renderHead(double docTokens) {
        JsonNode header = req.header();
        push(t.get("doc.title"));
        push();
        if (o.slim()) {
            push(t.get("doc.readerSlim"));
        } else {
            push(t.get("doc.readerFull1"));
            push(t.get("doc.readerFull2", Js.stringOr(Js.get(header, "id"), t.get("common.unknownId"))));
        }
        push();
        push(t.get("doc.mechanical"));
        push(">");
        push(t.get("doc.privacy"));
        push(">");
        push(t.get("doc.generated", LocalTimes.format(req.now().toEpochMilli(), req.zone()), Handoff.PLUGIN_VERSION));
        push(t.get("doc.source", req.live() ? t.get("doc.sourceLive") : t.get("doc.sourceLog"),
                req.generation() == null || req.generation().isEmpty() ? "" : t.get("doc.generation", req.generation())));
        push();

        HealthView health = healthView();
        push(t.get("doc.healthHeading"));
        push();
        if (health != null) renderHealth(health);
        else push(t.get("doc.noHealth"));
        push();
        if (o.slim()) {
            push(t.get("doc.levelNoteSlim1"));
            push(t.get("doc.levelNoteSlim2"));
        } else {
            for (int i = 1; i <= 3; i++) push(t.get("doc.scoreMech" + i));
            push();
            push(t.get("doc.levelOnly1"));
            push(t.get("doc.levelOnly2"));
            push();
            push(t.get("doc.background1"));
            push(t.get("doc.background2", n(th.officialCompactPercent())));
            push(t.get("doc.background3"));
            push(t.get("doc.background4"));
            push();
            push(t.get("doc.heuristic1"));
            push(t.get("doc.heuristic2"));
            push(t.get("doc.heuristic3", n(th.effectiveWindowRatio())));
            push(t.get("doc.heuristic4"));
        }
        push();

        CompactionPlan plan = plan(x, req, docTokens);
        new JudgementSection(this, plan).render();
        renderCompactionHistory(plan);
        if (x.guardTripCount() > 0) {
            push(t.get("doc.guardLine", Integer.toString(x.guardTripCount()),
                    x.lastGuardReason() == null || x.lastGuardReason().isEmpty() ? ""
                            : t.get("doc.guardLast", x.lastGuardReason())));
            push();
        }
        push();
        return plan;
    }

    private HealthView healthView() {
        HealthSnapshot h = req.health();
        if (h != null) {
            return new HealthView(h.score() == null ? 0 : h.score(), h.level(), orZero(h.usedTokens()),
                    h.effectivePercent(), h.windowPercent(), orZero(h.repeatWorst()), orZero(h.degradedReplies()),
                    h.replyReasons() == null ? List.of() : h.replyReasons(), orZero(h.reasoningLoop()),
                    orZero(h.reasoningFlags()), orZero(h.reasoningWorstRepeat()),
                    h.reasoningReasons() == null ? List.of() : h.reasoningReasons(),
                    h.findings() == null ? List.of() : h.findings(), orZero(h.reasoningWorstTokens()), false);
        }
        HealthReport s = x.score(th);
        boolean usable = s.effectivePercent() != null || x.repeatWorst() > 0 || x.degradedReplies() > 0
                || x.reasoningLoop() > 0 || x.reasoningFlags() > 0 || x.summaryCount() > 0;
        if (!usable) return null;
        return new HealthView(s.score(), s.level(), x.usage().lastContextTokens(), s.effectivePercent(),
                s.windowPercent(), x.repeatWorst(), x.degradedReplies(), x.replyReasons(), x.reasoningLoop(),
                x.reasoningFlags(), x.reasoningWorstRepeat(), x.reasoningReasons(), s.findingTexts(t), 0, true);
    }

    private void renderHealth(HealthView h) {
        String label = h.level() == null ? t.get("common.unknown") : h.level().label(t);
        push(t.get("doc.scoreLine", Integer.toString(h.score()), label, h.fromLog() ? t.get("doc.fromLog") : ""));
        if (h.usedTokens() != 0) push(t.get("doc.usedLine", JsNumbers.grouped(h.usedTokens())));
        if (h.effectivePercent() != null) {
            String wp = h.windowPercent() == null ? "" : t.get("doc.effWindow", JsNumbers.toFixed(h.windowPercent(), 1));
            push(t.get("doc.effLine", JsNumbers.toFixed(h.effectivePercent(), 1), wp));
        }
        if (h.repeatWorst() >= th.qualityRepeatThreshold()) push(t.get("doc.repeatLine", n(h.repeatWorst())));
        if (h.degradedReplies() > 0) {
            push(t.get("doc.degradedLine", n(h.degradedReplies()), reasonText(h.replyReasons())));
        }
        double thinkTotal = h.reasoningLoop() + h.reasoningFlags();
        if (thinkTotal > 0) {
            List<String> facts = new ArrayList<>();
            if (h.reasoningWorstRepeat() >= th.worstRepeatShownFrom()) {
                facts.add(t.get("doc.worstRepeatFact", JsNumbers.grouped(h.reasoningWorstRepeat())));
            }
            if (h.reasoningWorstTokens() >= DegradeJudge.THINK_BUDGET_TOKENS) {
                facts.add(t.get("doc.worstTokensFact", JsNumbers.toFixed(h.reasoningWorstTokens() / 1000, 1)));
            }
            String sep = t.get("doc.factSep");
            push(t.get("doc.thinkLine", n(thinkTotal), reasonText(h.reasoningReasons()))
                    + (facts.isEmpty() ? "" : sep + String.join(sep, facts)));
        }
        for (String f : h.findings()) push("- " + f);
    }

    /** {@code degradeReasonText}: {@code （符号堆砌 ×2、同行复读）}, or empty. */
    String reasonText(List<SessionFacts.ReasonCount> items) {
        List<String> parts = new ArrayList<>();
        for (SessionFacts.ReasonCount it : items) {
            if (it.count() <= 0) continue;
            parts.add(it.reason().label(t) + (it.count() > 1 ? " ×" + it.count() : ""));
        }
        return parts.isEmpty() ? "" : t.get("doc.reasonsWrap", String.join(t.get("list.sep"), parts));
    }

    private void renderCompactionHistory(CompactionPlan plan) {
        if (x.compactions().isEmpty()) return;
        push(t.get("doc.historyHeading"));
        push();
        push(t.get("doc.historyHeader"));
        push("|---|---|---|---|---|---|---|");
        List<SessionFacts.Compaction> all = x.compactions();
        for (SessionFacts.Compaction c : all.subList(Math.max(0, all.size() - HISTORY_ROWS), all.size())) {
            String kind = c.summary() ? t.get("doc.kindSummary") : t.get("doc.kindPrune");
            String model = c.summary() ? t.get("doc.modelYes", c.model() == null || c.model().isEmpty() ? ""
                    : t.get("doc.modelName", c.model())) : t.get("doc.modelNo");
            String pre = JsNumbers.grouped(c.preUsedTokens());
            String post = c.afterUsedTokens() == null ? "—" : JsNumbers.grouped(c.afterUsedTokens());
            String drop = c.afterUsedTokens() != null && c.preUsedTokens() > c.afterUsedTokens()
                    ? t.get("doc.drop", JsNumbers.grouped(c.preUsedTokens() - c.afterUsedTokens())) : "";
            String trigger = (c.manual() ? t.get("doc.manual") : t.get("doc.auto"))
                    + (c.error() != null && !c.error().isEmpty() ? t.get("doc.failed") : "");
            push("| " + TextTools.cell(c.time() != null ? LocalTimes.format(c.time(), req.zone())
                    : c.timeText() != null ? c.timeText() : t.get("common.unknown"))
                    + " | " + TextTools.cell(kind) + " | " + TextTools.cell(model) + " | "
                    + TextTools.cell(JsNumbers.grouped(c.shadowedTokens())) + " | "
                    + (c.summaryTokens() != 0 && !Double.isNaN(c.summaryTokens()) ? JsNumbers.grouped(c.summaryTokens()) : "—")
                    + " | " + TextTools.cell(pre + " → " + post + " " + drop) + " | " + TextTools.cell(trigger) + " |");
        }
        push();
        push(t.get("doc.historyNote1"));
        push(t.get("doc.historyNote2"));
        push();
        push(t.get("doc.historySummary", Integer.toString(x.summaryCount()), Integer.toString(x.pruneCount()),
                n(plan.thresholds().handoffAtCompactionCount())));
        push();
    }

    static String n(double v) {
        return JsNumbers.toJsString(v);
    }

    private static double orZero(Double v) {
        return v == null || v.isNaN() ? 0 : v;
    }
}
