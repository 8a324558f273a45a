package io.dsh4j.beliefmerge.core.internal;

import java.util.Arrays;

/** The seeds of the enumeration: their pairs, their lexicographic ordinals and upper bounds. */
final class Seeds {
    final int[] first;
    final int[] second;
    final long[] ordinal;
    final double[] bound;

    Seeds(int size) {
        first = new int[size];
        second = new int[size];
        ordinal = new long[size];
        bound = new double[size];
    }

    int[] seed(int s) {
        return second[s] < 0 ? new int[] {first[s]} : new int[] {first[s], second[s]};
    }

    /** Seed indices by bound descending (ties by ordinal), so the best completions come first and prune the rest. */
    int[] byBound() {
        Integer[] order = new Integer[bound.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> {
            int c = Double.compare(bound[b], bound[a]);
            return c != 0 ? c : Long.compare(ordinal[a], ordinal[b]);
        });
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    /** A growable list of primitive longs. */
    static final class LongList {
        private long[] items = new long[64];
        private int size;

        void add(long v) {
            if (size == items.length) items = Arrays.copyOf(items, size * 2);
            items[size++] = v;
        }

        long get(int i) {
            return items[i];
        }
    }
}
