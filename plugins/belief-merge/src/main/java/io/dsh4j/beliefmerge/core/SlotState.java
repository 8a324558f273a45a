package io.dsh4j.beliefmerge.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The provenance-typed annotation of one slot key: an immutable set of {@link SlotItem}s (spec §3.2).
 *
 * <p>Items are always held deduplicated and in canonical order (value, source, evidence), so equal
 * annotations are equal objects and serialise identically whatever the merge order. {@link #union}
 * is therefore associative, commutative and idempotent — the join of a join-semilattice, which is what
 * makes merging order-independent (Proposition P1).
 *
 * <p>Deviation from the original: its raw constructor sorted without deduplicating; here every state is
 * a set, so a single branch can never carry the same item twice (see the module README).
 *
 * <p>Immutable and thread-safe.
 */
public final class SlotState {

    private static final SlotState EMPTY = new SlotState(List.of());

    private final List<SlotItem> items;

    private SlotState(List<SlotItem> canonicalItems) {
        this.items = canonicalItems;
    }

    /** The empty annotation (a shared instance). */
    public static SlotState empty() {
        return EMPTY;
    }

    /** A state holding the given items, sorted and deduplicated. */
    public static SlotState of(SlotItem... items) {
        return of(Arrays.asList(items));
    }

    /** A state holding the given items, sorted and deduplicated. */
    public static SlotState of(Collection<SlotItem> items) {
        if (items.isEmpty()) return EMPTY;
        return new SlotState(List.copyOf(new TreeSet<>(items)));
    }

    /** A state with exactly one item. */
    public static SlotState singleton(String value, String source, int evidence) {
        return new SlotState(List.of(new SlotItem(value, source, evidence)));
    }

    /** The join: every item of either state, deduplicated by (value, source, evidence). */
    public SlotState union(SlotState other) {
        if (other.items.isEmpty() || other == this) return this;
        if (items.isEmpty()) return other;
        List<SlotItem> merged = new ArrayList<>(items.size() + other.items.size());
        int i = 0;
        int j = 0;
        while (i < items.size() && j < other.items.size()) {
            int c = items.get(i).compareTo(other.items.get(j));
            if (c < 0) {
                merged.add(items.get(i++));
            } else if (c > 0) {
                merged.add(other.items.get(j++));
            } else {
                merged.add(items.get(i++));
                j++;
            }
        }
        while (i < items.size()) merged.add(items.get(i++));
        while (j < other.items.size()) merged.add(other.items.get(j++));
        return new SlotState(Collections.unmodifiableList(merged));
    }

    /** The items in canonical order (unmodifiable). */
    public List<SlotItem> items() {
        return items;
    }

    /** Value → the items asserting it, in canonical order; the map iterates values in sorted order. */
    public Map<String, List<SlotItem>> perValue() {
        Map<String, List<SlotItem>> out = new LinkedHashMap<>();
        for (SlotItem item : items) out.computeIfAbsent(item.value(), v -> new ArrayList<>()).add(item);
        return out;
    }

    /** The distinct values, sorted. */
    public List<String> values() {
        List<String> out = new ArrayList<>();
        for (SlotItem item : items) {
            if (out.isEmpty() || !out.getLast().equals(item.value())) out.add(item.value());
        }
        return out;
    }

    /** The distinct sources of all items, sorted. */
    public List<String> sources() {
        if (items.size() == 1) return List.of(items.getFirst().source());
        TreeSet<String> sources = new TreeSet<>();
        for (SlotItem item : items) sources.add(item.source());
        return List.copyOf(sources);
    }

    /** The highest evidence level of any item, 0 when empty. */
    public int maxEvidence() {
        int max = 0;
        for (SlotItem item : items) max = Math.max(max, item.evidence());
        return max;
    }

    /** The number of items. */
    public int size() {
        return items.size();
    }

    /** True when there is no item. */
    public boolean isEmpty() {
        return items.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SlotState s && items.equals(s.items);
    }

    @Override
    public int hashCode() {
        return items.hashCode();
    }

    /** {@code <empty>} or {@code {v@e(s), …}} with the entries sorted as strings. */
    @Override
    public String toString() {
        if (items.isEmpty()) return "<empty>";
        List<String> parts = new ArrayList<>(items.stream().map(SlotItem::toString).toList());
        Collections.sort(parts);
        return "{" + String.join(", ", parts) + "}";
    }
}
