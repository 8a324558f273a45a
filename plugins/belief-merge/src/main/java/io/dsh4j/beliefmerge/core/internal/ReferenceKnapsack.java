package io.dsh4j.beliefmerge.core.internal;

import io.dsh4j.beliefmerge.core.PackWeights;
import io.dsh4j.beliefmerge.core.Packer;
import io.dsh4j.beliefmerge.core.Slot;
import io.dsh4j.beliefmerge.core.SlotType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The knapsack solver exactly as spec §9.3 states it — every 2-subset seed completed by a full-scan
 * density greedy, O(n²) seeds × O(n²) greedy. Not used by {@link Packer}: it is the reference the
 * pruned {@link Knapsack} is checked against (property test) and measured against (JMH).
 */
public final class ReferenceKnapsack {

    private ReferenceKnapsack() {}

    /** Same contract as {@link Packer#pack}. */
    public static Packer.Packing solve(List<Slot> slots, int[] cost, int budget, PackWeights w, String q, Packer.Algorithm algorithm) {
        List<Integer> all = new ArrayList<>();
        List<Integer> everything = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) {
            everything.add(i);
            if (cost[i] <= budget) all.add(i);
        }
        if (all.isEmpty()) return new Packer.Packing(List.of(), everything, 0, 0, algorithm);
        List<Integer> best = greedy(slots, cost, budget, w, q, List.of());
        Packer.Algorithm used = Packer.Algorithm.DENSITY;
        if (algorithm == Packer.Algorithm.PARTIAL) {
            for (List<Integer> seed : subsets(all, Math.min(2, all.size()))) {
                int seedCost = seed.stream().mapToInt(i -> cost[i]).sum();
                if (seedCost > budget) continue;
                List<Integer> candidate = greedy(slots, cost, budget, w, q, seed);
                if (Packer.setUtility(slots, candidate, w, q) > Packer.setUtility(slots, best, w, q)) {
                    best = candidate;
                    used = Packer.Algorithm.PARTIAL;
                }
            }
        }
        Set<Integer> taken = new HashSet<>(best);
        List<Integer> selected = new ArrayList<>(best);
        selected.sort(null);
        return new Packer.Packing(selected, everything.stream().filter(i -> !taken.contains(i)).toList(),
                best.stream().mapToInt(i -> cost[i]).sum(), Packer.setUtility(slots, best, w, q), used);
    }

    private static List<Integer> greedy(List<Slot> slots, int[] cost, int budget, PackWeights w, String q, List<Integer> seed) {
        List<Integer> selected = new ArrayList<>(seed);
        boolean[] taken = new boolean[slots.size()];
        int[] counts = new int[SlotType.values().length];
        int used = 0;
        for (int i : seed) {
            taken[i] = true;
            counts[slots.get(i).type().ordinal()]++;
            used += cost[i];
        }
        while (true) {
            int best = -1;
            double bestDensity = -1;
            for (int i = 0; i < slots.size(); i++) {
                if (taken[i] || used + cost[i] > budget) continue;
                SlotType t = slots.get(i).type();
                double gain = Packer.personalUtility(slots.get(i), w, q) + Packer.coverageMarginal(t, counts[t.ordinal()], w);
                double density = gain / cost[i];
                if (density > bestDensity || (density == bestDensity && best != -1 && slots.get(i).key().compareTo(slots.get(best).key()) < 0)) {
                    bestDensity = density;
                    best = i;
                }
            }
            if (best == -1) return selected;
            taken[best] = true;
            counts[slots.get(best).type().ordinal()]++;
            selected.add(best);
            used += cost[best];
        }
    }

    private static List<List<Integer>> subsets(List<Integer> items, int k) {
        List<List<Integer>> out = new ArrayList<>();
        if (k == 1) {
            for (int i : items) out.add(List.of(i));
            return out;
        }
        for (int a = 0; a < items.size(); a++) {
            for (int b = a + 1; b < items.size(); b++) out.add(List.of(items.get(a), items.get(b)));
        }
        return out;
    }
}
