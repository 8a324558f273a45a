package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Laws of the merge (spec §3.6, §12.1) as properties. */
class MergeProperties {

    /** A branch: any number of opinions, several values per key and even one value at several levels. */
    private static Arbitrary<SlotState> branch(String source) {
        Arbitrary<SlotItem> item = Combinators.combine(Arbitraries.of("a", "b", "c"), Arbitraries.integers().between(1, 4))
                .as((v, e) -> new SlotItem(v, source, e));
        return item.list().ofMinSize(0).ofMaxSize(4).map(SlotState::of);
    }

    @Provide
    Arbitrary<List<SlotState>> profiles() {
        return Arbitraries.integers().between(2, 5).flatMap(n -> {
            List<Arbitrary<SlotState>> branches = new ArrayList<>();
            for (int i = 0; i < n; i++) branches.add(branch("b" + i));
            return Combinators.combine(branches).as(List::copyOf);
        });
    }

    @Property(tries = 300)
    void join_is_confluent_for_2_to_5_branches_with_several_opinions_per_key(@ForAll("profiles") List<SlotState> profile,
                                                                             @ForAll Score score) {
        assertThat(Merge.isConfluent(profile, score, Representation.JOIN)).isTrue();
        assertThat(Merge.streaming(profile, score).state()).isEqualTo(Merge.nary(profile, score).state());
    }

    @Example
    void collapse_is_not_confluent_on_the_p1_witness() {
        assertThat(Merge.isConfluent(Fixtures.p1Witness(), Score.EGALITARIAN, Representation.COLLAPSE)).isFalse();
    }

    @Provide
    Arbitrary<List<Branch>> branchSets() {
        Arbitrary<Claim> claim = Combinators.combine(
                Arbitraries.of("k1", "k2", "k3"), Arbitraries.of("x", "y", "z"), Arbitraries.integers().between(1, 4),
                Arbitraries.of("s1", "s2", "s3", "s4"), Arbitraries.of("We use X.", "It is Y", "Z, surely."))
                .as((k, v, e, s, t) -> Claim.of(k, v, e, t + " " + v, s));
        return Combinators.combine(claim.list().ofMaxSize(5), Arbitraries.of(Trust.class).injectNull(0.2))
                .as((cs, trust) -> cs).list().ofMinSize(1).ofMaxSize(4)
                .map(lists -> {
                    List<Branch> out = new ArrayList<>();
                    for (int i = 0; i < lists.size(); i++) out.add(new Branch("src" + i, Trust.EXTERNAL, lists.get(i)));
                    return out;
                });
    }

    @Property(tries = 200)
    void merged_decisions_are_invariant_under_branch_permutation(@ForAll("branchSets") List<Branch> branches,
                                                                 @ForAll @IntRange(max = 1000) int seed) {
        List<Branch> shuffled = new ArrayList<>(branches);
        Collections.shuffle(shuffled, new java.util.Random(seed));
        List<Slot> a = BeliefMerge.mergeBranches(branches, Score.EGALITARIAN);
        List<Slot> b = BeliefMerge.mergeBranches(shuffled, Score.EGALITARIAN);
        assertThat(b.stream().map(Slot::key).toList()).isEqualTo(a.stream().map(Slot::key).toList());
        assertThat(b.stream().map(Slot::state).toList()).isEqualTo(a.stream().map(Slot::state).toList());
        assertThat(b.stream().map(Slot::decision).toList()).isEqualTo(a.stream().map(Slot::decision).toList());
        Renderer.Options o = Renderer.Options.defaults().withBudget(400);
        assertThat(Renderer.render(b, o).text()).isEqualTo(Renderer.render(a, o).text());
    }

    @Property(tries = 200)
    void merging_is_idempotent(@ForAll("branchSets") List<Branch> branches) {
        List<Branch> twice = new ArrayList<>(branches);
        twice.addAll(branches);
        List<Slot> once = BeliefMerge.mergeBranches(branches, Score.EGALITARIAN);
        List<Slot> doubled = BeliefMerge.mergeBranches(twice, Score.EGALITARIAN);
        assertThat(doubled.stream().map(Slot::state).toList()).isEqualTo(once.stream().map(Slot::state).toList());
        assertThat(doubled.stream().map(Slot::decision).toList()).isEqualTo(once.stream().map(Slot::decision).toList());
    }

    @Property(tries = 200)
    void rendering_is_deterministic(@ForAll("branchSets") List<Branch> branches, @ForAll @IntRange(min = 60, max = 2000) int budget) {
        List<Slot> slots = Derivations.propagate(BeliefMerge.mergeBranches(branches, Score.ELITIST)).slots();
        Renderer.Options o = Renderer.Options.defaults().withBudget(budget);
        Renderer.Rendered first = Renderer.render(slots, o);
        Renderer.Rendered second = Renderer.render(List.copyOf(slots), o);
        assertThat(second).isEqualTo(first);
    }

    @Property(tries = 200)
    void slot_trust_never_exceeds_its_best_supporter(@ForAll("branchSets") List<Branch> branches) {
        for (Slot s : BeliefMerge.mergeBranches(branches, Score.EGALITARIAN)) {
            Trust best = Trust.join(TrustCheck.supporters(s).stream().map(Claim::trust).toArray(Trust[]::new));
            assertThat(TrustCheck.slotTrust(s)).isLessThanOrEqualTo(best);
        }
    }
}
