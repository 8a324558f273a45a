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
 * The knapsack solver behind {@link Packer#pack} (spec §9.3), making the original's choices.
 *
 * <p>Density greedy scans every index in order and keeps the highest density, breaking exact ties on
 * the smaller key. {@code partial} completes every 2-subset seed greedily and keeps the first seed, in
 * lexicographic order, whose set utility is the strict maximum (the original's "replace only when
 * strictly greater" loop). The original's cost is O(n²) seeds × O(n²) greedy — minutes for a thousand
 * slots — so seeds are visited best-bound first and the walk stops once no remaining seed's upper
 * bound reaches the incumbent: the seed's own utilities, plus the best personal-utility sum any subset
 * reaches in the capacity left (an exact 0/1 knapsack table, or its fractional relaxation when the
 * table would be large), plus the whole coverage any set could add, inflated by a rounding margin.
 * Such a seed could neither beat nor tie the maximum, so skipping it never changes the result.
 *
 * <p>When every candidate fits at once and there are more than {@value #ALL_FIT_ENUMERATION_LIMIT}
 * of them, every seed completes to the same set; the density result is returned without enumerating.
 * The selection is the original's; only the reported utility may differ from it in the last bits
 * (the original could pick a seed whose summation order rounds higher, and then report {@code partial}).
 * Above {@value #MAX_PARTIAL_CANDIDATES} candidates only density greedy runs, and the seed search stops
 * after {@value #MAX_PARTIAL_WORK} candidate steps (caps on hostile input).
 */
public final class Knapsack {

    private static final double MARGIN = 1e-9;
    /** Above this many candidates that all fit at once, seeds are not enumerated (they all give the same set). */
    static final int ALL_FIT_ENUMERATION_LIMIT = 64;
    /**
     * Above this many candidates the quadratic seed enumeration is not attempted and density greedy
     * answers (a hostile-input cap: 2,000 candidates mean 2·10⁶ seed bounds; 10,000 heuristic slots — a
     * 400 KB session — took minutes and gigabytes before this cap was lowered from 20,000).
     */
    public static final int MAX_PARTIAL_CANDIDATES = 2_000;
    /**
     * The work the seed search may spend, in candidate steps (each seed completion costs one step per
     * candidate). Seeds are visited best bound first, so a search cut here keeps the best set found so far,
     * never worse than density greedy; below about 460 candidates every seed fits within it, so ordinary
     * merges are exact. Bounds hostile input of many near-equal slots, where no bound prunes.
     */
    public static final long MAX_PARTIAL_WORK = 50_000_000L;
    /** The largest 0/1 knapsack table built for the seed bounds (items × capacity). */
    private static final long EXACT_TABLE_CELLS = 20_000_000L;

    private final List<Slot> slots;
    private final int[] cost;
    private final double[] personal;
    private final int budget;
    private final PackWeights w;
    private final int[] typeOf;
    private final int[] keyRank;
    private final double[][] marginal;
    /** Whether every cost is positive, so that per-type density orders can replace the full scan. */
    private final boolean orderedGreedy;
    /** The indices of each type. */
    private final int[][] members;
    /** Per type and count: the type's indices by density at that count (descending), then by key. */
    private final int[][][] lists;

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
        Arrays.sort(order, Comparator.comparing((Integer i) -> slots.get(i).key()).thenComparing(i -> i));
        this.keyRank = new int[n];
        for (int r = 0; r < n; r++) keyRank[order[r]] = r;
        boolean positive = true;
        for (int c : cost) positive &= c > 0;
        this.orderedGreedy = positive;
        int types = SlotType.values().length;
        this.members = new int[types][];
        int[] perType = new int[types];
        for (int i = 0; i < n; i++) perType[typeOf[i]]++;
        for (int t = 0; t < types; t++) members[t] = new int[perType[t]];
        int[] fill = new int[types];
        for (int i = 0; i < n; i++) members[typeOf[i]][fill[typeOf[i]]++] = i;
        this.lists = new int[types][][];
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
        long totalCost = 0;
        for (int i : all) totalCost += Math.max(0, cost[i]);
        boolean sameSetEverywhere = totalCost <= budget && all.size() > ALL_FIT_ENUMERATION_LIMIT;
        boolean searchSeeds = algorithm == Packer.Algorithm.PARTIAL && !sameSetEverywhere
                && all.size() <= MAX_PARTIAL_CANDIDATES;
        // One greedy run alone is cheaper as a scan than through per-type orders, which sort a type's
        // slots for every count the run reaches (issue 17: a 10 MB message's slots were sorted again at
        // every step); both make the same choices.
        List<Integer> best = searchSeeds ? k.greedyFrom(new int[0]) : k.scanGreedyFrom(new int[0]);
        double bestUtility = setUtility(slots, best, personal, w);
        Packer.Algorithm used = Packer.Algorithm.DENSITY;
        if (searchSeeds) {
            Seeds seeds = k.seeds(all, bestUtility);
            long bestOrdinal = -1;
            long work = 0;
            for (int s : seeds.byBound()) {
                if (seeds.bound[s] < bestUtility) break;
                work += all.size();
                if (work > MAX_PARTIAL_WORK) break;
                int[] seed = seeds.seed(s);
                List<Integer> candidate = k.greedyFrom(seed);
                double u = setUtility(slots, candidate, personal, w);
                long ordinal = seeds.ordinal[s];
                if (u > bestUtility || (u == bestUtility && bestOrdinal >= 0 && ordinal < bestOrdinal)) {
                    best = candidate;
                    bestUtility = u;
                    bestOrdinal = ordinal;
                    used = Packer.Algorithm.PARTIAL;
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
        return orderedGreedy ? orderedGreedyFrom(seed) : scanGreedyFrom(seed);
    }

    /** The type's indices ordered by density at {@code count}, descending, ties by key (built once per pack). */
    private int[] list(int type, int count) {
        int[][] byCount = lists[type];
        if (byCount == null || count >= byCount.length) {
            int[][] grown = new int[Math.max(count + 1, byCount == null ? 8 : byCount.length * 2)][];
            if (byCount != null) System.arraycopy(byCount, 0, grown, 0, byCount.length);
            lists[type] = grown;
            byCount = grown;
        }
        if (byCount[count] == null) {
            double m = marginal(type, count);
            Integer[] order = Arrays.stream(members[type]).boxed().toArray(Integer[]::new);
            Arrays.sort(order, (a, b) -> {
                int c = Double.compare((personal[b] + m) / cost[b], (personal[a] + m) / cost[a]);
                return c != 0 ? c : Integer.compare(keyRank[a], keyRank[b]);
            });
            byCount[count] = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
        }
        return byCount[count];
    }

    /**
     * Density greedy over per-type orders: the best eligible index of a type is the first one in its
     * order that is neither taken nor too expensive (both stay true for the rest of the run), and the
     * step's choice is the best of the types' heads — the same choice as a scan of every index.
     */
    private List<Integer> orderedGreedyFrom(int[] seed) {
        int types = members.length;
        Run run = new Run(seed);
        int[] counts = run.counts;
        boolean[] taken = run.taken;
        int[][] current = new int[types][];
        int[] ptr = new int[types];
        for (int t = 0; t < types; t++) {
            if (members[t].length > 0) current[t] = list(t, counts[t]);
        }
        while (true) {
            int best = -1;
            double bestDensity = -1;
            for (int t = 0; t < types; t++) {
                int[] l = current[t];
                if (l == null) continue;
                int p = ptr[t];
                while (p < l.length && (taken[l[p]] || run.used + cost[l[p]] > budget)) p++;
                ptr[t] = p;
                if (p == l.length) continue;
                int i = l[p];
                double density = (personal[i] + marginal(t, counts[t])) / cost[i];
                if (density > bestDensity || (density == bestDensity && best != -1 && keyRank[i] < keyRank[best])) {
                    bestDensity = density;
                    best = i;
                }
            }
            if (best == -1) return run.selected;
            int t = typeOf[best];
            run.take(best);
            current[t] = list(t, counts[t]);
            ptr[t] = 0;
        }
    }

    /** Density greedy as the original writes it: scan every index at every step. */
    private List<Integer> scanGreedyFrom(int[] seed) {
        int n = slots.size();
        Run run = new Run(seed);
        while (true) {
            int best = -1;
            double bestDensity = -1;
            for (int i = 0; i < n; i++) {
                if (run.taken[i] || run.used + cost[i] > budget) continue;
                double gain = personal[i] + marginal(typeOf[i], run.counts[typeOf[i]]);
                double density = gain / cost[i];
                if (density > bestDensity || (density == bestDensity && best != -1 && keyRank[i] < keyRank[best])) {
                    bestDensity = density;
                    best = i;
                }
            }
            if (best == -1) return run.selected;
            run.take(best);
        }
    }

    /** One greedy completion in progress: selection order, per-type counts, taken flags, cost used. */
    private final class Run {
        final List<Integer> selected = new ArrayList<>();
        final int[] counts = new int[SlotType.values().length];
        final boolean[] taken = new boolean[slots.size()];
        int used;

        Run(int[] seed) {
            for (int i : seed) take(i);
        }

        void take(int i) {
            selected.add(i);
            taken[i] = true;
            used += cost[i];
            counts[typeOf[i]]++;
        }
    }

    /**
     * Every seed of size {@code min(2, |all|)} that fits and whose bound reaches {@code threshold}, with
     * its lexicographic ordinal and an upper bound on the set utility of any completion: the seed's personal utilities, plus the best
     * personal sum any subset can reach in the remaining capacity (an exact 0/1 knapsack table when it is
     * small enough, else the fractional relaxation), plus the largest coverage any set can have
     * ({@code Σ_t cw(t)}); inflated by a margin for rounding.
     */
    private Seeds seeds(List<Integer> all, double threshold) {
        int size = Math.min(2, all.size());
        double coverageCap = 0;
        boolean[] present = new boolean[SlotType.values().length];
        for (int i : all) present[typeOf[i]] = true;
        for (SlotType t : SlotType.values()) {
            if (present[t.ordinal()]) coverageCap += Math.max(0, w.coverageWeight(t));
        }
        CapacityBound best = bestPersonalSums(all);
        Seeds.LongList firsts = new Seeds.LongList();
        Seeds.LongList ordinals = new Seeds.LongList();
        List<Double> bounds = new ArrayList<>();
        long ordinal = 0;
        for (int a = 0; a < all.size(); a++) {
            int i = all.get(a);
            int pairs = size == 1 ? 1 : all.size() - a - 1;
            for (int b = 0; b < pairs; b++) {
                int j = size == 1 ? -1 : all.get(a + 1 + b);
                long o = ordinal++;
                if (j >= 0 && cost[i] + cost[j] > budget) continue;
                int left = budget - Math.max(0, cost[i]) - (j < 0 ? 0 : Math.max(0, cost[j]));
                double total = personal[i] + (j < 0 ? 0 : personal[j]) + best.at(left) + coverageCap;
                double bound = total + MARGIN * Math.max(1, Math.abs(total));
                if (bound < threshold) continue;
                firsts.add(((long) i << 32) | (j & 0xffffffffL));
                ordinals.add(o);
                bounds.add(bound);
            }
        }
        Seeds seeds = new Seeds(bounds.size());
        for (int s = 0; s < bounds.size(); s++) {
            long pair = firsts.get(s);
            seeds.first[s] = (int) (pair >>> 32);
            seeds.second[s] = (int) pair;
            seeds.ordinal[s] = ordinals.get(s);
            seeds.bound[s] = bounds.get(s);
        }
        return seeds;
    }

    /** An upper bound on the personal-utility sum reachable within a capacity. */
    private interface CapacityBound {
        double at(int capacity);
    }

    /**
     * A bound ≥ the largest personal-utility sum of any subset of {@code all} costing at most a given
     * capacity: the exact 0/1 knapsack table when {@code |all| × budget} is small, else the fractional
     * relaxation (items by utility per token, the last one split).
     */
    private CapacityBound bestPersonalSums(List<Integer> all) {
        double free = 0;
        List<Integer> paid = new ArrayList<>();
        for (int i : all) {
            if (cost[i] <= 0) free += Math.max(0, personal[i]);
            else paid.add(i);
        }
        double constant = free;
        if ((long) paid.size() * (budget + 1L) <= EXACT_TABLE_CELLS) {
            double[] table = new double[budget + 1];
            for (int i : paid) {
                double p = Math.max(0, personal[i]);
                for (int c = budget; c >= cost[i]; c--) table[c] = Math.max(table[c], table[c - cost[i]] + p);
            }
            return c -> table[Math.min(Math.max(0, c), budget)] + constant;
        }
        Integer[] order = paid.toArray(new Integer[0]);
        Arrays.sort(order, (a, b) -> Double.compare(Math.max(0, personal[b]) / cost[b], Math.max(0, personal[a]) / cost[a]));
        long[] prefixCost = new long[order.length + 1];
        double[] prefixValue = new double[order.length + 1];
        for (int k = 0; k < order.length; k++) {
            prefixCost[k + 1] = prefixCost[k] + cost[order[k]];
            prefixValue[k + 1] = prefixValue[k] + Math.max(0, personal[order[k]]);
        }
        return c -> {
            if (c <= 0) return constant;
            int k = Arrays.binarySearch(prefixCost, c);
            if (k >= 0) return prefixValue[k] + constant;
            int whole = -k - 2;
            if (whole >= order.length) return prefixValue[order.length] + constant;
            int next = order[whole];
            return prefixValue[whole] + Math.max(0, personal[next]) * (c - prefixCost[whole]) / cost[next] + constant;
        };
    }
}
