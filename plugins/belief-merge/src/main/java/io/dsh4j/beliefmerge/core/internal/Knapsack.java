package io.dsh4j.beliefmerge.core.internal;

import io.dsh4j.beliefmerge.core.PackWeights;
import io.dsh4j.beliefmerge.core.Packer;
import io.dsh4j.beliefmerge.core.Slot;
import io.dsh4j.beliefmerge.core.SlotType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The knapsack solver behind {@link Packer#pack} (spec §9.3), bit-for-bit the original's choices.
 *
 * <p>Density greedy scans every index in order and keeps the highest density, breaking exact ties on
 * the smaller key. {@code partial} completes every 2-subset seed greedily and replaces the incumbent
 * only on a strictly higher set utility. To keep that affordable for hundreds of slots, a seed is
 * skipped when a proven upper bound on any completion — the seed's items plus a fractional knapsack of
 * per-item bounds {@code personal + coverageMarginal(type, 0)} (the coverage term is concave, so no
 * item ever adds more) — cannot beat the incumbent with a safety margin for rounding. Skipping such a
 * seed never changes the result, because its completion could not have replaced the incumbent.
 */
public final class Knapsack {

    private static final double MARGIN = 1e-9;

    private final List<Slot> slots;
    private final int[] cost;
    private final double[] personal;
    private final int budget;
    private final PackWeights w;
    private final int[] typeOf;
    private final int[] keyRank;
    private final double[][] marginal;

    private Knapsack(List<Slot> slots, int[] cost, double[] personal, int budget, PackWeights w) {
        this.slots = slots;
        this.cost = cost;
        this.personal = personal;
        this.budget = budget;
        this.w = w;
        int n = slots.size();
        this.typeOf = new int[n];
        for (int i = 0; i < n; i++) typeOf[i] = slots.get(i).type().ordinal();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparing(i -> slots.get(i).key()));
        this.keyRank = new int[n];
        for (int r = 0; r < n; r++) {
            int i = order[r];
            keyRank[i] = r > 0 && slots.get(order[r - 1]).key().equals(slots.get(i).key()) ? keyRank[order[r - 1]] : r;
        }
        this.marginal = new double[SlotType.values().length][];
    }

    /** See {@link Packer#pack}; {@code personal[i]} must be the personal utility of slot {@code i}. */
    public static Packer.Packing solve(List<Slot> slots, int[] cost, double[] personal, int budget, PackWeights w,
                                       Packer.Algorithm algorithm) {
        int n = slots.size();
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (cost[i] <= budget) all.add(i);
        }
        if (all.isEmpty()) {
            List<Integer> dropped = new ArrayList<>();
            for (int i = 0; i < n; i++) dropped.add(i);
            return new Packer.Packing(List.of(), dropped, 0, 0, algorithm);
        }
        Knapsack k = new Knapsack(slots, cost, personal, budget, w);
        List<Integer> best = k.greedyFrom(new int[0]);
        double bestUtility = setUtility(slots, best, personal, w);
        Packer.Algorithm used = Packer.Algorithm.DENSITY;
        if (algorithm == Packer.Algorithm.PARTIAL) {
            int[] byRatio = k.orderByBoundRatio();
            double[] bound = k.itemBounds();
            int size = Math.min(2, all.size());
            for (int a = 0; a < all.size(); a++) {
                int i = all.get(a);
                if (size == 1) {
                    if (cost[i] > budget) continue;
                    int[] seed = {i};
                    if (k.upperBound(seed, byRatio, bound) < bestUtility) continue;
                    List<Integer> candidate = k.greedyFrom(seed);
                    double u = setUtility(slots, candidate, personal, w);
                    if (u > bestUtility) {
                        best = candidate;
                        bestUtility = u;
                        used = Packer.Algorithm.PARTIAL;
                    }
                    continue;
                }
                for (int b = a + 1; b < all.size(); b++) {
                    int j = all.get(b);
                    if (cost[i] + cost[j] > budget) continue;
                    int[] seed = {i, j};
                    if (k.upperBound(seed, byRatio, bound) < bestUtility) continue;
                    List<Integer> candidate = k.greedyFrom(seed);
                    double u = setUtility(slots, candidate, personal, w);
                    if (u > bestUtility) {
                        best = candidate;
                        bestUtility = u;
                        used = Packer.Algorithm.PARTIAL;
                    }
                }
            }
        }
        boolean[] taken = new boolean[n];
        int tokens = 0;
        for (int i : best) {
            taken[i] = true;
            tokens += cost[i];
        }
        List<Integer> selected = new ArrayList<>(best);
        selected.sort(null);
        List<Integer> dropped = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!taken[i]) dropped.add(i);
        }
        return new Packer.Packing(selected, dropped, tokens, bestUtility, used);
    }

    /** {@code Σ personal (selection order) + Σ_t cw(t)(1 − e^(−γ n_t))} (types in first-selected order). */
    public static double setUtility(List<Slot> slots, List<Integer> selected, double[] personal, PackWeights w) {
        double total = 0;
        int[] counts = new int[SlotType.values().length];
        List<SlotType> order = new ArrayList<>();
        for (int i : selected) {
            total += personal[i];
            SlotType t = slots.get(i).type();
            if (counts[t.ordinal()]++ == 0) order.add(t);
        }
        for (SlotType t : order) {
            total += w.coverageWeight(t) * (1 - StrictMath.exp(-w.gamma() * counts[t.ordinal()]));
        }
        return total;
    }

    private double marginal(int type, int count) {
        double[] row = marginal[type];
        if (row == null || count >= row.length) {
            int len = Math.max(count + 1, row == null ? 16 : row.length * 2);
            double[] grown = new double[len];
            int from = 0;
            if (row != null) {
                System.arraycopy(row, 0, grown, 0, row.length);
                from = row.length;
            }
            SlotType t = SlotType.values()[type];
            for (int c = from; c < len; c++) grown[c] = Packer.coverageMarginal(t, c, w);
            marginal[type] = grown;
            row = grown;
        }
        return row[count];
    }

    private List<Integer> greedyFrom(int[] seed) {
        int n = slots.size();
        List<Integer> selected = new ArrayList<>();
        int[] counts = new int[SlotType.values().length];
        boolean[] taken = new boolean[n];
        int used = 0;
        for (int i : seed) {
            selected.add(i);
            taken[i] = true;
            used += cost[i];
            counts[typeOf[i]]++;
        }
        while (true) {
            int best = -1;
            double bestDensity = -1;
            for (int i = 0; i < n; i++) {
                if (taken[i] || used + cost[i] > budget) continue;
                double gain = personal[i] + marginal(typeOf[i], counts[typeOf[i]]);
                double density = gain / cost[i];
                if (density > bestDensity || (density == bestDensity && best != -1 && keyRank[i] < keyRank[best])) {
                    bestDensity = density;
                    best = i;
                }
            }
            if (best == -1) break;
            taken[best] = true;
            selected.add(best);
            used += cost[best];
            counts[typeOf[best]]++;
        }
        return selected;
    }

    private double[] itemBounds() {
        double[] bound = new double[slots.size()];
        for (int i = 0; i < bound.length; i++) bound[i] = personal[i] + marginal(typeOf[i], 0);
        return bound;
    }

    private int[] orderByBoundRatio() {
        double[] bound = itemBounds();
        Integer[] order = new Integer[slots.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Double.compare(bound[b] / Math.max(1, cost[b]), bound[a] / Math.max(1, cost[a])));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    private static boolean inSeed(int[] seed, int i) {
        for (int s : seed) {
            if (s == i) return true;
        }
        return false;
    }

    /** An upper bound on the set utility of any feasible completion of the seed, inflated by a rounding margin. */
    private double upperBound(int[] seed, int[] byRatio, double[] bound) {
        double total = 0;
        int left = budget;
        for (int i : seed) {
            total += bound[i];
            left -= cost[i];
        }
        for (int i : byRatio) {
            if (cost[i] <= 0 && !inSeed(seed, i)) total += bound[i];
        }
        for (int i : byRatio) {
            if (left <= 0) break;
            if (cost[i] <= 0 || inSeed(seed, i)) continue;
            if (cost[i] <= left) {
                total += bound[i];
                left -= cost[i];
            } else {
                total += bound[i] * left / cost[i];
                left = 0;
            }
        }
        return total + MARGIN * Math.max(1, Math.abs(total));
    }
}
