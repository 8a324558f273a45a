package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.attention.core.internal.Json;
import io.dsh4j.message.json.JsNumbers;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The calibration history (spec §7.1): {@code handoff-history.jsonl}, one statistics row per
 * handoff — numbers and labels only, never conversation text. Writers never throw.
 */
public final class HandoffHistory {

    /** The file name. */
    public static final String FILE = "handoff-history.jsonl";
    private static final int LAST_ROWS = 10;

    private HandoffHistory() {}

    /**
     * The command line's row {@code {at, sessionId, via:'cli', profile, score, level, effectivePercent,
     * windowPercent, usedTokens, summaryCount, degradedReplies, reasoningLoop, reasoningFlags, chars}}.
     */
    public static ObjectNode cliRow(long at, String sessionId, HandoffResult.Stats stats, HealthReport score,
            SessionFacts x) {
        ObjectNode row = Json.emptyObject();
        row.put("at", at);
        row.put("sessionId", sessionId);
        row.put("via", "cli");
        row.put("profile", stats.profile());
        row.put("score", score.score());
        row.put("level", score.level().key());
        putNullable(row, "effectivePercent", score.effectivePercent());
        putNullable(row, "windowPercent", score.windowPercent());
        row.put("usedTokens", x.usage().lastContextTokens());
        row.put("summaryCount", x.summaryCount());
        row.put("degradedReplies", x.degradedReplies());
        row.put("reasoningLoop", x.reasoningLoop());
        row.put("reasoningFlags", x.reasoningFlags());
        row.put("chars", stats.chars());
        return row;
    }

    /** Appends a row; false on any failure. */
    public static boolean record(Path attentionDir, JsonNode row) {
        return JsonlFile.append(attentionDir.resolve(FILE), row);
    }

    /** Every readable row. */
    public static List<JsonNode> read(Path attentionDir) {
        return JsonlFile.read(attentionDir.resolve(FILE));
    }

    /** The {@code --calibration} summary lines. */
    public static List<String> summarize(List<JsonNode> rows, Path file, ZoneId zone, Texts t) {
        List<String> out = new ArrayList<>();
        out.add(t.get("history.count", Integer.toString(rows.size())));
        if (rows.isEmpty()) {
            out.add(t.get("history.empty"));
            out.add(t.get("history.file", file.toString()));
            return out;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int[] bands = new int[4];
        List<Double> effs = new ArrayList<>();
        int anomalies = 0;
        int lossy = 0;
        for (JsonNode r : rows) {
            double at = r.path("at").isNumber() ? r.get("at").asDouble() : Double.NaN;
            if (at > 0) {
                min = Math.min(min, at);
                max = Math.max(max, at);
            }
            if (r.path("score").isNumber()) {
                double score = r.get("score").asDouble();
                if (score >= 80) bands[0]++;
                else if (score >= 60) bands[1]++;
                else if (score >= 40) bands[2]++;
                else bands[3]++;
            }
            if (r.path("effectivePercent").isNumber()) effs.add(r.get("effectivePercent").asDouble());
            if (r.path("reasoningLoop").asDouble(0) + r.path("reasoningFlags").asDouble(0) > 0) anomalies++;
            if (r.path("summaryCount").asDouble(0) > 0) lossy++;
        }
        if (min <= max) out.add(t.get("history.range", LocalTimes.format(min, zone), LocalTimes.format(max, zone)));
        out.add(t.get("history.bands", Integer.toString(bands[0]), Integer.toString(bands[1]), Integer.toString(bands[2]),
                Integer.toString(bands[3])));
        if (!effs.isEmpty()) {
            effs.sort(Double::compare);
            out.add(t.get("history.effective", JsNumbers.toFixed(quantile(effs, 0.5), 1),
                    JsNumbers.toFixed(effs.get(0), 1), JsNumbers.toFixed(effs.get(effs.size() - 1), 1)));
        }
        out.add(t.get("history.signals", Integer.toString(anomalies), Integer.toString(lossy)));
        out.add(t.get("history.lastHeading"));
        for (JsonNode r : rows.subList(Math.max(0, rows.size() - LAST_ROWS), rows.size())) {
            double at = r.path("at").isNumber() ? r.get("at").asDouble() : Double.NaN;
            JsonNode eff = r.path("effectivePercent");
            out.add(t.get("history.row", Double.isNaN(at) ? "?" : LocalTimes.format(at, zone),
                    r.path("score").asText("?"), eff.isNumber() ? JsNumbers.toFixed(eff.asDouble(), 1) + "%" : "—",
                    r.path("summaryCount").asText("0"),
                    JsNumbers.toJsString(r.path("reasoningLoop").asDouble(0) + r.path("reasoningFlags").asDouble(0)),
                    r.path("profile").asText("?"), r.path("chars").asText("?")));
        }
        out.add(t.get("history.file", file.toString()));
        return out;
    }

    /** {@code q(p) = sorted[min(n − 1, floor(n·p))]}. */
    static double quantile(List<Double> sorted, double p) {
        int n = sorted.size();
        return sorted.get(Math.min(n - 1, (int) Math.floor(n * p)));
    }

    private static void putNullable(ObjectNode row, String key, Double v) {
        if (v == null) row.putNull(key);
        else row.put(key, v);
    }
}
