package io.dsh4j.beliefmerge.core;

import java.util.Comparator;
import java.util.Objects;

/**
 * One assertion inside a {@link SlotState}: a value, the source that asserted it and its evidence level.
 *
 * @param value    the asserted value (never null)
 * @param source   the asserting source (session) id (never null)
 * @param evidence the evidence level, normally 1–4 (see {@link Evidence})
 */
public record SlotItem(String value, String source, int evidence) implements Comparable<SlotItem> {

    /** Canonical order: value, then source (UTF-16 order), then evidence (numeric). */
    public static final Comparator<SlotItem> CANONICAL = Comparator.comparing(SlotItem::value)
            .thenComparing(SlotItem::source)
            .thenComparingInt(SlotItem::evidence);

    public SlotItem {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
    }

    @Override
    public int compareTo(SlotItem other) {
        return CANONICAL.compare(this, other);
    }

    @Override
    public String toString() {
        return value + "@" + evidence + "(" + source + ")";
    }
}
