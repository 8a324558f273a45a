package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
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

    static Packer.Packing plain(List<Slot> slots, int[] cost, int budget, PackWeights w, String q, Packer.Algorithm a) {
        return io.dsh4j.beliefmerge.core.internal.ReferenceKnapsack.solve(slots, cost, budget, w, q, a);
    }
}
