package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a merged slot is represented before it is merged again (spec §3.5).
 *
 * <p>{@link #JOIN} keeps the state unchanged and is the only choice that is safe between merges;
 * {@link #COLLAPSE} keeps one item per presented value and breaks confluence (P1). It stays executable
 * so that tests can show the failure; production merges only through {@link Merge#streaming}.
 */
@FunctionalInterface
public interface Representation {

    /** The representation of a merged state. Must be a pure function. */
    SlotState represent(SlotState state, Score score);

    /** Information-preserving: the identity. */
    Representation JOIN = (state, score) -> state;

    /**
     * Lossy: per presented value (the winner, or every tied value) one item
     * {@code (value, *merged*, highest evidence of that value)}; empty stays empty.
     */
    Representation COLLAPSE = (state, score) -> {
        Decision d = score.select(state);
        if (d instanceof Decision.Empty) return SlotState.empty();
        Map<String, List<SlotItem>> perValue = state.perValue();
        List<String> keep = d instanceof Decision.Resolved r ? List.of(r.winner()) : d.tied();
        List<SlotItem> items = new ArrayList<>();
        for (String value : keep) {
            int max = perValue.get(value).stream().mapToInt(SlotItem::evidence).max().orElse(0);
            items.add(new SlotItem(value, Evidence.MERGED_SOURCE, max));
        }
        return SlotState.of(items);
    };
}
