package io.dsh4j.attention.core;

import io.dsh4j.attention.core.internal.JsArrays;
import io.dsh4j.attention.core.internal.TextTools;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The document's statistics (spec §5.3 item 19): turn, step, reply and tool totals, the final
 * context size, compactions, the per-turn growth table of the latest turns, the fastest-growing
 * turns with the likely source of the growth, and the tool distribution. Not thread-safe.
 */
final class StatsSection {

    private final HandoffRenderer r;
    private final SessionFacts x;
    private final Texts t;
    private final HandoffOptions o;

    StatsSection(HandoffRenderer r) {
        this.r = r;
        this.x = r.x;
        this.t = r.t;
        this.o = r.o;
    }

    void render() {
        int toolTotal = x.toolCounts().stream().mapToInt(SessionFacts.ToolCount::count).sum();
        DocumentViews.Growth growth = DocumentViews.growth(x);
        r.push(t.get("doc.statsHeading"));
        r.push();
        r.push(t.get("doc.statsTurns", Integer.toString(x.turns().size()), Integer.toString(x.stepCount()),
                Integer.toString(x.usage().replies())));
        r.push(t.get("doc.statsTools", Integer.toString(toolTotal), JsNumbers.grouped(x.usage().outputTokens())));
        if (x.usage().lastContextTokens() != 0) {
            r.push(t.get("doc.statsContext", JsNumbers.grouped(x.usage().lastContextTokens())));
        }
        if (x.compactionCount() != 0) r.push(t.get("doc.statsCompactions", Integer.toString(x.compactionCount())));
        r.push();
        if (!growth.rows().isEmpty()) {
            r.push(t.get("doc.growthHeading"));
            r.push();
            r.push(t.get("doc.growthHeader"));
            r.push("|---|---|---|---|---|---|");
            List<DocumentViews.GrowthRow> shown = JsArrays.sliceLast(growth.rows(), o.maxTurns());
            for (DocumentViews.GrowthRow row : shown) {
                String delta = row.compacted() ? t.get("doc.growthCompacted", JsNumbers.grouped(row.delta()))
                        : "+" + JsNumbers.grouped(row.delta());
                r.push("| " + TextTools.cell(TurnNo.cellText(row.turn())) + " | "
                        + TextTools.cell(JsNumbers.grouped(row.contextTokens())) + " | " + TextTools.cell(delta) + " | "
                        + TextTools.cell(JsNumbers.grouped(row.outputTokens())) + " | "
                        + TextTools.cell(JsNumbers.grouped(row.toolResultChars())) + " | "
                        + TextTools.cell(DocumentViews.causeLabel(row.cause(), t)) + " |");
            }
            r.push();
            if (!growth.top().isEmpty()) {
                Set<TurnNo> shownTurns = new HashSet<>();
                for (DocumentViews.GrowthRow row : shown) shownTurns.add(row.turn());
                List<String> tops = new ArrayList<>();
                for (DocumentViews.GrowthRow row : growth.top()) {
                    String size = shownTurns.contains(row.turn()) ? ""
                            : t.get("doc.topSize", JsNumbers.grouped(row.contextTokens()));
                    tops.add(t.get("doc.topItem", TurnNo.text(row.turn()), JsNumbers.grouped(row.delta()),
                            DocumentViews.causeLabel(row.cause(), t), size));
                }
                r.push(t.get("doc.topLine", String.join(t.get("list.sep"), tops)));
                List<String> off = new ArrayList<>();
                for (DocumentViews.GrowthRow row : growth.top()) {
                    if (!shownTurns.contains(row.turn())) off.add(t.get("doc.turnN", TurnNo.text(row.turn())));
                }
                if (!off.isEmpty()) {
                    r.push(t.get("doc.offTable", Integer.toString(o.maxTurns()), String.join(t.get("list.sep"), off)));
                }
                DocumentViews.GrowthRow biggest = growth.top().get(0);
                String source = switch (biggest.cause()) {
                    case TOOL_OUTPUT -> t.get("doc.sourceTool");
                    case MODEL_OUTPUT -> t.get("doc.sourceModel");
                    case MIXED -> t.get("doc.sourceMixed");
                };
                r.push(t.get("doc.basis", JsNumbers.grouped(biggest.toolResultTokensEst()),
                        JsNumbers.grouped(biggest.outputTokens()), source));
            }
            r.push();
        }
        if (!x.toolCounts().isEmpty()) {
            List<String> tools = x.toolCounts().subList(0, Math.min(o.maxTools(), x.toolCounts().size())).stream()
                    .map(c -> "`" + c.name() + "`×" + c.count()).toList();
            r.push(t.get("doc.toolDist", String.join(t.get("list.sep"), tools)));
            r.push();
        }
    }

}
