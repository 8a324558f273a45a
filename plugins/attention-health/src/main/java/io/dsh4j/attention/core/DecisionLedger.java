package io.dsh4j.attention.core;

import io.dsh4j.attention.core.internal.DecisionExtractor;
import io.dsh4j.attention.core.internal.JsSort;
import io.dsh4j.attention.core.internal.TextTools;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The decision sentences of a {@link ColdFold} (spec §5.6): sentences with a trade-off keyword,
 * de-duplicated by normalised text (a repeat only adds its turn), and — when fewer than
 * {@link DecisionExtractor#BROAD_TRIGGER} were found — a second pass over the same texts with the
 * general conclusion words. Not thread-safe.
 */
final class DecisionLedger {

    private final Map<String, Entry> byKey = new LinkedHashMap<>();
    private final List<Source> sources = new ArrayList<>();
    private boolean broadFallback;

    /** Extracts the sentences of {@code text} and keeps the text for a possible broad pass. */
    void offer(String text, String role, TurnNo turn, Double seq, Double time) {
        for (String s : DecisionExtractor.extract(text)) remember(s, role, turn, seq, time);
        sources.add(new Source(text, role, turn, seq, time));
    }

    /** Extracts the sentences of {@code text} without keeping it for the broad pass (question answers). */
    void offerOnce(String text, String role, TurnNo turn, Double seq, Double time) {
        for (String s : DecisionExtractor.extract(text)) remember(s, role, turn, seq, time);
    }

    /** Runs the broad pass if too few sentences were found; call once, after the last event. */
    void finish() {
        if (byKey.size() >= DecisionExtractor.BROAD_TRIGGER) return;
        broadFallback = true;
        for (Source src : sources) {
            for (String s : DecisionExtractor.extract(src.text(), DecisionExtractor.KEYWORDS_BROAD_ALL)) {
                remember(s, src.role(), src.turn(), src.seq(), src.time());
            }
        }
    }

    /** Whether {@link #finish} needed the general conclusion words. */
    boolean broadFallback() {
        return broadFallback;
    }

    /** The decisions in log order. */
    List<SessionFacts.Decision> decisions() {
        List<Entry> list = new ArrayList<>(byKey.values());
        // `(a.seq ?? 0) - (b.seq ?? 0)` on V8: a seq that is not a number compares as NaN
        JsSort.sort(list, (a, b) -> (a.seq == null ? 0 : a.seq) - (b.seq == null ? 0 : b.seq));
        return list.stream().map(d -> new SessionFacts.Decision(d.text, d.role, d.turn, List.copyOf(d.turns), d.seq,
                d.time)).toList();
    }

    private void remember(String sentence, String role, TurnNo turn, Double seq, Double time) {
        String key = TextTools.normalize(sentence);
        if (key.isEmpty()) return;
        Entry existing = byKey.get(key);
        if (existing != null) {
            if (turn != null && !existing.turns.contains(turn)) existing.turns.add(turn);
            return;
        }
        byKey.put(key, new Entry(sentence, role, turn, seq, time));
    }

    private record Source(String text, String role, TurnNo turn, Double seq, Double time) {}

    private static final class Entry {
        final String text;
        final String role;
        final TurnNo turn;
        final List<TurnNo> turns = new ArrayList<>();
        final Double seq;
        final Double time;

        Entry(String text, String role, TurnNo turn, Double seq, Double time) {
            this.text = text;
            this.role = role;
            this.turn = turn;
            if (turn != null) turns.add(turn);
            this.seq = seq;
            this.time = time;
        }
    }
}
