package io.dsh4j.attention.core;

import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.attention.core.internal.TextTools;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The live reasoning-loop detector (spec §6.4 {@code createLoopGuard}): streamed reasoning text is
 * pushed one delta at a time, and the first mechanical repetition is reported — the same long line
 * eight times, one short line dominating a window, a window of few distinct lines, or a short unit
 * repeated without newlines. It only catches shapes normal reasoning never produces ("prefer a
 * miss over a false cancellation"). Memory is bounded: the unterminated tail is kept to
 * {@code inlineMaxPeriod × streakLimit} characters and the windows to their sizes.
 *
 * <p>One instance per model attempt; not thread-safe.
 */
public final class LoopGuard {

    private static final int REPEAT_SAMPLE = 80;
    private static final int SHORT_SAMPLE = 40;
    private static final int INLINE_SAMPLE = 60;

    private final GuardOptions o;
    private final StringBuilder pending = new StringBuilder();
    private final ArrayDeque<String> window = new ArrayDeque<>();
    private final ArrayDeque<String> shortWindow = new ArrayDeque<>();
    private long totalChars;
    private long lineCount;
    private String lastLine;
    private int streak;

    /** A guard with the given options. */
    public LoopGuard(GuardOptions options) {
        this.o = options;
    }

    /** A guard with {@link GuardOptions#DEFAULTS}. */
    public LoopGuard() {
        this(GuardOptions.DEFAULTS);
    }

    /**
     * Feeds one reasoning delta.
     *
     * @param text the delta ({@code null} or empty: nothing happens)
     * @return the trip, or {@code null} when the text is still fine
     */
    public GuardTrip push(String text) {
        if (!o.enabled() || text == null || text.isEmpty()) return null;
        totalChars += text.length();
        pending.append(text);
        int from = 0;
        int nl = pending.indexOf("\n", from);
        while (nl >= 0) {
            String line = pending.substring(from, nl);
            from = nl + 1;
            GuardTrip hit = addLine(line);
            if (hit != null) {
                pending.delete(0, from);
                return hit;
            }
            nl = pending.indexOf("\n", from);
        }
        pending.delete(0, from);
        if (pending.length() >= o.inlineMinPendingChars()) {
            GuardTrip hit = checkInline(pending.toString());
            if (hit != null) return hit;
            int keep = o.inlineMaxPeriod() * o.streakLimit();
            if (pending.length() > keep) pending.delete(0, pending.length() - keep);
        }
        return null;
    }

    /** Observability figures for a log line. */
    public record Stats(long totalChars, long lineCount, int lastStreak, int windowLines, int windowUnique) {}

    /** {@code stats()}. */
    public Stats stats() {
        return new Stats(totalChars, lineCount, streak, window.size(), new HashSet<>(window).size());
    }

    private GuardTrip addLine(String raw) {
        String line = JsText.trim(raw);
        if (line.isEmpty()) return null;
        lineCount++;
        if (line.equals(lastLine)) {
            streak++;
        } else {
            lastLine = line;
            streak = 1;
        }
        if (line.length() >= o.minLineChars() && streak >= o.streakLimit()) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("streak", streak);
            d.put("lineChars", line.length());
            d.put("sample", JsText.head(line, REPEAT_SAMPLE));
            return new GuardTrip(GuardTrip.Kind.REPEAT_LINE, streak, line.length(), JsText.head(line, REPEAT_SAMPLE), d);
        }
        if (line.length() <= o.shortLineMaxChars()) {
            shortWindow.addLast(line);
            if (shortWindow.size() > o.shortLineWindow()) shortWindow.removeFirst();
            if (shortWindow.size() >= o.shortLineMinCount()) {
                Map<String, Integer> counts = new HashMap<>();
                int best = 0;
                String bestLine = "";
                for (String l : shortWindow) {
                    int n = counts.merge(l, 1, Integer::sum);
                    if (n > best) {
                        best = n;
                        bestLine = l;
                    }
                }
                if (best >= o.shortLineRepeatLimit()) {
                    Map<String, Object> d = new LinkedHashMap<>();
                    d.put("windowLines", shortWindow.size());
                    d.put("repeat", best);
                    d.put("sample", JsText.head(bestLine, SHORT_SAMPLE));
                    return new GuardTrip(GuardTrip.Kind.SHORT_LINE_REPEAT, best, shortWindow.size(), bestLine, d);
                }
            }
        }
        window.addLast(line);
        if (window.size() > o.windowLines()) window.removeFirst();
        if (window.size() >= o.windowMinLines()) {
            int unique = new HashSet<>(window).size();
            double ratio = (double) unique / window.size();
            if (ratio <= o.uniqueRatioMin()) {
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("windowLines", window.size());
                d.put("unique", unique);
                d.put("ratio", JsNumbers.stringToNumber(JsNumbers.toFixed(ratio, 3))); // Number(ratio.toFixed(3))
                return new GuardTrip(GuardTrip.Kind.SPINNING, window.size(), unique, "", d);
            }
        }
        return null;
    }

    private GuardTrip checkInline(String text) {
        int need = o.inlineMaxPeriod() * o.streakLimit();
        String probe = JsText.tail(text, Math.max(need, GuardOptions.MIN_INLINE_PROBE));
        int len = probe.length();
        for (int p = o.inlineMinPeriod(); p <= o.inlineMaxPeriod(); p++) {
            if (len < p * o.streakLimit()) continue;
            String unit = probe.substring(len - p);
            if (JsText.isBlank(unit)) continue;
            if (unit.codePoints().noneMatch(TextTools::isLetterOrNumber)) continue;
            if (!probe.regionMatches(len - 2 * p, unit, 0, p)) continue;
            int n = 2;
            for (int i = len - 2 * p; i - p >= 0; i -= p) {
                if (probe.regionMatches(i - p, unit, 0, p)) n++;
                else break;
            }
            if (n >= o.streakLimit()) {
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("repeat", n);
                d.put("unitChars", p);
                d.put("sample", JsText.head(unit, INLINE_SAMPLE));
                return new GuardTrip(GuardTrip.Kind.REPEAT_INLINE, n, p, JsText.head(unit, INLINE_SAMPLE), d);
            }
        }
        return null;
    }
}
