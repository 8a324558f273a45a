package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The compactions a {@link ColdFold} sees (spec §3.1): one record per summary or prune, with the
 * manual/automatic origin and turn announced by the preceding {@code compaction/start}, the context
 * size before, and the size measured by the first assistant message after it. Not thread-safe.
 */
final class CompactionLedger {

    private final List<Entry> entries = new ArrayList<>();
    private Pending pending;
    private boolean awaitingAfter;
    private Double afterPercent;
    private Double lastAfterTokens;

    /** {@code compaction/start}: remembers whether a command started it, and its turn. */
    void start(JsonNode data, TurnNo turn) {
        pending = new Pending(Js.truthy(Js.get(data, "sourceCommandId")), turn);
    }

    /** {@code compaction/summary} or {@code compaction/prune}. */
    void record(JsonNode data, Double seq, Double time, String timeText, boolean summary, double contextBefore,
            TurnNo openTurn) {
        JsonNode shadowedNode = Js.get(data, "shadowedTokenCount");
        double shadowed = Js.isNumber(shadowedNode) ? shadowedNode.doubleValue() : 0;
        Entry c = new Entry();
        c.seq = seq;
        c.time = time;
        c.timeText = timeText;
        c.summary = summary;
        c.manual = Js.truthy(Js.get(data, "sourceCommandId")) || (pending != null && pending.manual());
        c.shadowedTokens = shadowed;
        c.preUsedTokens = contextBefore;
        if (summary) {
            String summaryText = MessageText.of(Js.get(data, "summary"));
            JsonNode usageOut = Js.path(data, "usage", "outputTokens");
            JsonNode usageIn = Js.path(data, "usage", "inputTokens");
            double out = Js.isNumber(usageOut) ? usageOut.doubleValue() : 0;
            c.model = Js.str(Js.get(data, "model"));
            c.provider = Js.str(Js.get(data, "provider"));
            c.summaryTokens = out > 0 ? out : JsNumbers.round(summaryText.length() / 4.0);
            c.summaryInputTokens = Js.isNumber(usageIn) ? usageIn.doubleValue() : shadowed;
            c.summaryChars = summaryText.length();
            c.turn = pending != null && pending.turn() != null && pending.turn() != TurnNo.Null.NULL ? pending.turn() : openTurn;
        } else {
            c.turn = openTurn;
        }
        entries.add(c);
        awaitingAfter = true;
        pending = null;
    }

    /** {@code compaction/end}: an error marks the last record; the pending start is dropped. */
    void end(JsonNode data) {
        JsonNode err = Js.get(data, "error");
        if (Js.truthy(err) && !entries.isEmpty()) entries.get(entries.size() - 1).error = Js.string(err);
        pending = null;
    }

    /** A measured context size (> 0): the first one after a compaction is its "after" size. */
    void contextMeasured(double tokens, Double contextWindow) {
        if (!awaitingAfter) return;
        if (contextWindow != null && contextWindow > 0) afterPercent = tokens / contextWindow * 100;
        lastAfterTokens = tokens;
        if (!entries.isEmpty()) entries.get(entries.size() - 1).afterUsedTokens = tokens;
        awaitingAfter = false;
    }

    List<SessionFacts.Compaction> compactions() {
        return entries.stream().map(Entry::freeze).toList();
    }

    Double afterCompactionPercent() {
        return afterPercent;
    }

    Double lastAfterTokens() {
        return lastAfterTokens;
    }

    private record Pending(boolean manual, TurnNo turn) {}

    private static final class Entry {
        Double seq;
        Double time;
        String timeText;
        boolean summary;
        boolean manual;
        String model;
        String provider;
        double shadowedTokens;
        double summaryTokens;
        double summaryInputTokens;
        double preUsedTokens;
        int summaryChars;
        TurnNo turn;
        Double afterUsedTokens;
        String error;

        SessionFacts.Compaction freeze() {
            return new SessionFacts.Compaction(seq, time, timeText, summary, manual, model, provider, shadowedTokens, summaryTokens,
                    summaryInputTokens, preUsedTokens, summaryChars, turn, afterUsedTokens, error);
        }
    }
}
