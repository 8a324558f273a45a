package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the supports of one value are aggregated, and {@link #select} — the decision for a slot (§3.3).
 *
 * <p>Each source counts once per value, at the highest evidence it gave that value. The original summed
 * every (value, source, evidence) item, so one source asserting a value at two levels stacked its own
 * weight (spec §13.4 Q12, "self-corroboration"); this port fixes that deliberately (module README).
 * The slot state itself still keeps every item.
 */
public enum Score {

    /** Weighted majority: the sum of {@link Evidence#weight} over the supporting sources. */
    EGALITARIAN,
    /**
     * Lexicographic comparison of the supporting evidence levels sorted descending; a missing position
     * counts as −∞, so a vector beats its own proper prefix ({@code [2,1] > [2]}).
     */
    ELITIST;

    /** The score named {@code egalitarian} or {@code elitist}; anything else is an error. */
    public static Score named(String name) {
        if ("egalitarian".equals(name)) return EGALITARIAN;
        if ("elitist".equals(name)) return ELITIST;
        throw new IllegalArgumentException("unknown score: " + name);
    }

    /** The lower-case name used in configuration. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The decision for a state: {@link Decision.Empty} without items, {@link Decision.Resolved} for a
     * unique best value, {@link Decision.Disputed} (values sorted) on a tie — a tie is never guessed.
     */
    public Decision select(SlotState state) {
        // one value (the items are sorted by value): the unique best under either score, with no per-value
        // tables (issue 17: most slots of a long session hold one value)
        if (!state.isEmpty() && state.items().getFirst().value().equals(state.items().getLast().value())) {
            return new Decision.Resolved(state.items().getFirst().value());
        }
        Map<String, List<SlotItem>> perValue = state.perValue();
        if (perValue.isEmpty()) return Decision.Empty.INSTANCE;
        List<String> values = new ArrayList<>(perValue.keySet());
        List<int[]> scores = new ArrayList<>(values.size());
        for (String value : values) scores.add(scoreOf(perValue.get(value)));
        int[] best = null;
        for (int[] s : scores) {
            if (best == null || compare(s, best) > 0) best = s;
        }
        List<String> winners = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            if (compare(scores.get(i), best) == 0) winners.add(values.get(i));
        }
        return winners.size() == 1 ? new Decision.Resolved(winners.getFirst()) : new Decision.Disputed(winners);
    }

    /** The egalitarian score of a list of supports (each source counted once, at its best level). */
    public static int egalitarian(List<SlotItem> supports) {
        int sum = 0;
        for (int level : strongestPerSource(supports).values()) sum += Evidence.weight(level);
        return sum;
    }

    /** The elitist score: per-source best levels, sorted descending. */
    public static int[] elitist(List<SlotItem> supports) {
        List<Integer> levels = new ArrayList<>(strongestPerSource(supports).values());
        levels.sort(Collections.reverseOrder());
        return levels.stream().mapToInt(Integer::intValue).toArray();
    }

    private int[] scoreOf(List<SlotItem> supports) {
        return this == EGALITARIAN ? new int[] {egalitarian(supports)} : elitist(supports);
    }

    private int compare(int[] a, int[] b) {
        if (this == EGALITARIAN) return Integer.compare(a[0], b[0]);
        int n = Math.max(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (i >= a.length) return -1;
            if (i >= b.length) return 1;
            if (a[i] != b[i]) return Integer.compare(a[i], b[i]);
        }
        return 0;
    }

    private static Map<String, Integer> strongestPerSource(List<SlotItem> supports) {
        Map<String, Integer> best = new HashMap<>();
        for (SlotItem item : supports) best.merge(item.source(), item.evidence(), Math::max);
        return best;
    }
}
