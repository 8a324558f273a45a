package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The pruned solver against a literal transcription of the spec's solver (§9.3): same selection, same
 * utility, same algorithm, on random slot sets — pruning never changes the answer.
 */
class PackingProperties {

    @Provide
    Arbitrary<List<Slot>> slotSets() {
        Arbitrary<Slot> slot = Combinators.combine(Arbitraries.of(SlotType.class), Arbitraries.integers().between(1, 4),
                Arbitraries.integers().between(1, 3), Arbitraries.of(Trust.class), Arbitraries.of(true, false, false, false),
                Arbitraries.strings().alpha().ofMaxLength(8))
                .as((type, ev, nSources, trust, disputed, word) -> PackingTest.makeSlot("", type, ev,
                        List.of("a", "b", "c").subList(0, nSources), trust, disputed, "about " + word));
        return slot.list().ofMinSize(0).ofMaxSize(14).map(list -> {
            List<Slot> out = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                Slot s = list.get(i);
                out.add(new Slot("k" + (char) ('a' + (i * 7) % 26) + i, s.type(), s.state(), s.decision(), s.claims()));
            }
            return out;
        });
    }

    @Property(tries = 300)
    void pruned_partial_enumeration_equals_the_plain_one(@ForAll("slotSets") List<Slot> slots,
                                                         @ForAll @IntRange(min = 0, max = 300) int budget,
                                                         @ForAll @IntRange(min = 1, max = 60) int costScale,
                                                         @ForAll boolean withQuery) {
        int[] cost = new int[slots.size()];
        for (int i = 0; i < cost.length; i++) cost[i] = 1 + (i * 31 + costScale) % (costScale + 1) + (i % 3 == 0 ? costScale : 0);
        String query = withQuery ? "about the k" : null;
        PackWeights w = PackWeights.defaults();
        for (Packer.Algorithm a : Packer.Algorithm.values()) {
            Packer.Packing fast = Packer.pack(slots, cost, budget, w, query, a);
            Packer.Packing plain = plain(slots, cost, budget, w, query, a);
            assertThat(fast).isEqualTo(plain);
            assertThat(fast.tokens()).isLessThanOrEqualTo(Math.max(budget, 0));
        }
    }

    /** The solver exactly as spec §9.3 states it, without pruning. */
    static Packer.Packing plain(List<Slot> slots, int[] cost, int budget, PackWeights w, String q, Packer.Algorithm algorithm) {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) if (cost[i] <= budget) all.add(i);
        List<Integer> everything = new ArrayList<>();
        for (int i = 0; i < slots.size(); i++) everything.add(i);
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

    static List<Integer> greedy(List<Slot> slots, int[] cost, int budget, PackWeights w, String q, List<Integer> seed) {
        List<Integer> selected = new ArrayList<>(seed);
        int used = seed.stream().mapToInt(i -> cost[i]).sum();
        while (true) {
            int best = -1;
            double bestDensity = -1;
            for (int i = 0; i < slots.size(); i++) {
                if (selected.contains(i) || used + cost[i] > budget) continue;
                SlotType t = slots.get(i).type();
                int count = (int) selected.stream().filter(j -> slots.get(j).type() == t).count();
                double gain = Packer.personalUtility(slots.get(i), w, q) + Packer.coverageMarginal(t, count, w);
                double density = gain / cost[i];
                if (density > bestDensity || (density == bestDensity && best != -1 && slots.get(i).key().compareTo(slots.get(best).key()) < 0)) {
                    bestDensity = density;
                    best = i;
                }
            }
            if (best == -1) return selected;
            selected.add(best);
            used += cost[best];
        }
    }

    static List<List<Integer>> subsets(List<Integer> items, int k) {
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
