package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The laws issue 5 asks for, stated at more than one level: per slot state (every arrival order, not only
 * the decision key), over multi-key branches with mixed trust labels, and through the real offline
 * pipeline (surfaces → redaction → heuristic claims → merge → derivation → render). Complements
 * {@link MergeProperties}.
 */
class MergeLawProperties {

    // --- generators ---------------------------------------------------------------------------------

    /** Items of one key from {@code source}: several values per key and one value at several levels. */
    private static Arbitrary<List<SlotItem>> opinions(String source, int maxItems) {
        return Combinators.combine(Arbitraries.of("a", "b", "c", "d"), Arbitraries.integers().between(1, 4))
                .as((v, e) -> new SlotItem(v, source, e)).list().ofMinSize(0).ofMaxSize(maxItems);
    }

    /**
     * Profiles of 2–5 branches over keys k1..k3. Sources are usually the branch's own, but a branch may also
     * carry another branch's source id (general, not well-formed profiles: the §3.6 caveat).
     */
    @Provide
    Arbitrary<List<Map<String, SlotState>>> multiKeyProfiles() {
        return Arbitraries.integers().between(2, 5).flatMap(n -> {
            List<Arbitrary<Map<String, SlotState>>> branches = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Arbitrary<String> source = Arbitraries.of("b" + i, "b" + i, "b" + i, "b0", "shared");
                Arbitrary<SlotState> state = source.flatMap(s -> opinions(s, 3)).map(SlotState::of);
                branches.add(Combinators.combine(state, state, state).as((x, y, z) -> {
                    Map<String, SlotState> m = new TreeMap<>();
                    m.put("k1", x);
                    m.put("k2", y);
                    m.put("k3", z);
                    return m;
                }));
            }
            return Combinators.combine(branches).as(List::copyOf);
        });
    }

    @Provide
    Arbitrary<List<SlotState>> wellFormedPairs() {
        Arbitrary<SlotState> b0 = opinions("b0", 1).map(SlotState::of);
        Arbitrary<SlotState> b1 = opinions("b1", 1).map(SlotState::of);
        return Combinators.combine(b0, b1).as(List::of);
    }

    /** Claims with mixed labels, types and derivation routes; branches with mixed trust, some unlabelled. */
    @Provide
    Arbitrary<List<Branch>> typedBranches() {
        Arbitrary<Claim> claim = Combinators.combine(
                        Arbitraries.of("k1", "k2", "k3", "k4"), Arbitraries.of("x", "y", "z"), Arbitraries.integers().between(1, 4),
                        Arbitraries.of("We use", "It is", "Surely"), Arbitraries.of(Trust.class).injectNull(0.3),
                        Arbitraries.of(List.<List<String>>of(), List.of(List.of("k1")), List.of(List.of("k2"), List.of("k9"))))
                .as((k, v, e, t, trust, routes) -> new Claim(k, v, e, t + " " + v + ".", "src", trust, null, routes));
        Arbitrary<Trust> branchTrust = Arbitraries.of(Trust.class).injectNull(0.2);
        return Combinators.combine(claim.list().ofMaxSize(6), branchTrust).as(java.util.AbstractMap.SimpleEntry::new).list().ofMinSize(1).ofMaxSize(5)
                .map(entries -> {
                    List<Branch> out = new ArrayList<>();
                    for (int i = 0; i < entries.size(); i++) {
                        String id = "src" + i;
                        List<Claim> claims = entries.get(i).getKey().stream()
                                .map(c -> new Claim(c.key(), c.value(), c.evidence(), c.text(), id, c.trust(), null, c.derivedFrom()))
                                .toList();
                        out.add(new Branch(id, entries.get(i).getValue(), claims));
                    }
                    return out;
                });
    }

    private static final List<String> SENTENCES = List.of(
            "The database engine is PostgreSQL.", "The database engine is not PostgreSQL.", "The cache is enabled.",
            "The cache is not enabled.", "Keep the pool at twenty connections.", "Ship on Friday!", "We deploy to Kubernetes; it works.",
            "缓存已经启用。", "缓存没有启用。", "The token budget is 1200.", "Use the key sk-aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC2eF4 now.");

    @Provide
    Arbitrary<List<Surface>> surfaces() {
        Arbitrary<SourceMessage> message = Combinators.combine(
                        Arbitraries.of("user", "assistant", "tool", "reasoning", "injected"), Arbitraries.of(SENTENCES).list().ofMinSize(1).ofMaxSize(3))
                .as((kind, lines) -> {
                    String text = String.join(" ", lines);
                    return switch (kind) {
                        case "reasoning" -> SourceMessage.reasoning("assistant", text, "model");
                        case "injected" -> SourceMessage.text("user", text, "plugin");
                        case "tool" -> SourceMessage.text("tool", text, "tool");
                        case "assistant" -> SourceMessage.text("assistant", text, "model");
                        default -> SourceMessage.text("user", text, "user");
                    };
                });
        return message.list().ofMaxSize(6).list().ofMinSize(1).ofMaxSize(4).map(lists -> {
            List<Surface> out = new ArrayList<>();
            for (int i = 0; i < lists.size(); i++) out.add(new Surface("session-" + i, lists.get(i), Trust.EXTERNAL));
            return out;
        });
    }

    private static List<Integer> order(int n, long seed) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < n; i++) idx.add(i);
        java.util.Collections.shuffle(idx, new java.util.Random(seed));
        return idx;
    }

    private static <T> List<T> permuted(List<T> list, long seed) {
        return order(list.size(), seed).stream().map(list::get).toList();
    }

    private static String offlineRender(List<Surface> surfaces, int budget, String query) {
        MergeOutcome o = BeliefMerge.mergeSurfacesAligned(surfaces, MergeOptions.defaults(), null, CancelSignal.NEVER, w -> {});
        return o.render(Renderer.Options.defaults().withBudget(budget).withQuery(query)).text();
    }

    // --- reprJoin confluence, reprCollapse non-confluence (§3.6, §12.1) ---------------------------------

    @Property(tries = 250)
    void join_every_arrival_order_of_every_key_yields_the_nary_state_and_decision(
            @ForAll("multiKeyProfiles") List<Map<String, SlotState>> profile, @ForAll Score score) {
        for (String key : List.of("k1", "k2", "k3")) {
            List<SlotState> states = profile.stream().map(b -> b.get(key)).toList();
            Merge.Result nary = Merge.nary(states, score);
            assertThat(Merge.isConfluent(states, score, Representation.JOIN)).isTrue();
            for (List<SlotState> order : Merge.permutations(states)) {
                Merge.Result inc = Merge.incremental(order, score, Representation.JOIN);
                assertThat(inc.state()).isEqualTo(nary.state());
                assertThat(inc.decision()).isEqualTo(nary.decision());
            }
            // the union holds exactly every item any branch holds: nothing lost, nothing invented
            TreeSet<SlotItem> all = new TreeSet<>(java.util.Comparator.comparing(SlotItem::value).thenComparing(SlotItem::source)
                    .thenComparingInt(SlotItem::evidence));
            states.forEach(s -> all.addAll(s.items()));
            assertThat(nary.state().items()).containsExactlyElementsOf(all);
        }
    }

    @Property(tries = 300)
    void collapse_with_two_well_formed_branches_is_confluent(@ForAll("wellFormedPairs") List<SlotState> pair, @ForAll Score score) {
        assertThat(Merge.isConfluent(pair, score, Representation.COLLAPSE)).isTrue();
    }

    @Example
    void collapse_is_not_confluent_on_the_p1_witness_for_both_scores_and_order_b0_b1_b2_gives_b() {
        List<SlotState> witness = Fixtures.p1Witness();
        assertThat(Merge.isConfluent(witness, Score.EGALITARIAN, Representation.COLLAPSE)).isFalse();
        assertThat(Merge.nary(witness, Score.EGALITARIAN).decision()).isInstanceOf(Decision.Disputed.class);
        assertThat(Merge.incremental(witness, Score.EGALITARIAN, Representation.COLLAPSE).decision().winner()).isEqualTo("b");
        assertThat(Merge.isConfluent(witness, Score.EGALITARIAN, Representation.JOIN)).isTrue();
    }

    @Example
    void the_two_branch_caveat_of_3_6_is_real_a_general_pair_fails_under_collapse() {
        // B0={b@1}, B1={a@2, b@1}: n-ary disputed{a,b} (2 vs 1+1); union then collapse keeps {a@2, b@1} → a
        List<SlotState> pair = List.of(SlotState.of(List.of(new SlotItem("b", "b0", 1))),
                SlotState.of(List.of(new SlotItem("a", "b1", 2), new SlotItem("b", "b1", 1))));
        assertThat(Merge.nary(pair, Score.EGALITARIAN).decision().tied()).containsExactly("a", "b");
        assertThat(Merge.isConfluent(pair, Score.EGALITARIAN, Representation.COLLAPSE)).isFalse();
        assertThat(Merge.isConfluent(pair, Score.EGALITARIAN, Representation.JOIN)).isTrue();
    }

    // --- permutation invariance (IC2 / I3) ------------------------------------------------------------

    @Property(tries = 200)
    void decisions_states_trust_and_render_are_invariant_under_branch_permutation(
            @ForAll("typedBranches") List<Branch> branches, @ForAll long seed, @ForAll Score score) {
        List<Slot> a = Derivations.propagate(BeliefMerge.mergeBranches(branches, score)).slots();
        List<Slot> b = Derivations.propagate(BeliefMerge.mergeBranches(permuted(branches, seed), score)).slots();
        assertThat(b.stream().map(Slot::key).toList()).isEqualTo(a.stream().map(Slot::key).toList());
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).state()).isEqualTo(a.get(i).state());
            assertThat(b.get(i).decision()).isEqualTo(a.get(i).decision());
            assertThat(TrustCheck.slotTrust(b.get(i))).isEqualTo(TrustCheck.slotTrust(a.get(i)));
            // the routes are kept in first-seen order (spec §7.2) and satisfiedBy is the first route that
            // holds, so only their order may follow the arrival order; status, unmet and reason may not,
            // and the rendered "derived from" line lists every premise sorted
            Derivation da = a.get(i).derivation();
            Derivation db = b.get(i).derivation();
            assertThat(db.status()).isEqualTo(da.status());
            assertThat(db.unmet()).isEqualTo(da.unmet());
            assertThat(db.reason()).isEqualTo(da.reason());
            assertThat(db.justifications()).containsExactlyInAnyOrderElementsOf(da.justifications());
            assertThat(Renderer.renderSlot(b.get(i))).isEqualTo(Renderer.renderSlot(a.get(i)));
            assertThat(new java.util.HashSet<>(b.get(i).claims())).isEqualTo(new java.util.HashSet<>(a.get(i).claims()));
        }
        assertThat(TrustCheck.check(b).ok()).isEqualTo(TrustCheck.check(a).ok());
        Renderer.Options o = Renderer.Options.defaults().withBudget(600);
        assertThat(Renderer.render(b, o).text()).isEqualTo(Renderer.render(a, o).text());
    }

    /**
     * Pinned truth (spec §2.4, §14 item 7): a slot's type is its first claim's type, so when aligned
     * branches type one key differently the type (and with it the packing utility) follows the arrival
     * order; the decision does not. The offline path never types slots, so its blocks are order-free.
     */
    @Example
    void the_slot_type_follows_the_first_branch_while_the_decision_does_not() {
        Branch constraint = new Branch("s1", Trust.EXTERNAL,
                List.of(new Claim("pool", "twenty", 4, "Keep the pool at twenty.", "s1", null, SlotType.CONSTRAINT, List.of())));
        Branch fact = new Branch("s2", Trust.EXTERNAL,
                List.of(new Claim("pool", "twenty", 2, "The pool is twenty.", "s2", null, SlotType.FACT, List.of())));
        Slot forward = BeliefMerge.mergeBranches(List.of(constraint, fact), Score.EGALITARIAN).getFirst();
        Slot backward = BeliefMerge.mergeBranches(List.of(fact, constraint), Score.EGALITARIAN).getFirst();
        assertThat(forward.type()).isEqualTo(SlotType.CONSTRAINT);
        assertThat(backward.type()).isEqualTo(SlotType.FACT);
        assertThat(backward.decision()).isEqualTo(forward.decision());
        assertThat(backward.state()).isEqualTo(forward.state());
    }

    @Property(tries = 150)
    void the_offline_pipeline_renders_the_same_block_for_every_order_of_the_sessions(
            @ForAll("surfaces") List<Surface> surfaces, @ForAll long seed, @ForAll @IntRange(min = 0, max = 1500) int budget) {
        assertThat(offlineRender(permuted(surfaces, seed), budget, null)).isEqualTo(offlineRender(surfaces, budget, null));
        assertThat(offlineRender(permuted(surfaces, seed), budget, "database cache")).isEqualTo(offlineRender(surfaces, budget, "database cache"));
    }

    // --- idempotence (I4) ---------------------------------------------------------------------------

    @Property(tries = 200)
    void merging_any_branch_again_anywhere_changes_no_state_decision_or_render(
            @ForAll("typedBranches") List<Branch> branches, @ForAll @IntRange(min = 0, max = 20) int which, @ForAll long seed) {
        List<Branch> repeated = new ArrayList<>(branches);
        repeated.add(branches.get(which % branches.size()));
        repeated = new ArrayList<>(permuted(repeated, seed));
        List<Slot> once = BeliefMerge.mergeBranches(branches, Score.EGALITARIAN);
        List<Slot> again = BeliefMerge.mergeBranches(repeated, Score.EGALITARIAN);
        assertThat(again.stream().map(Slot::state).toList()).isEqualTo(once.stream().map(Slot::state).toList());
        assertThat(again.stream().map(Slot::decision).toList()).isEqualTo(once.stream().map(Slot::decision).toList());
        Renderer.Options o = Renderer.Options.defaults().withBudget(800);
        assertThat(Renderer.render(Derivations.propagate(again).slots(), o).text())
                .isEqualTo(Renderer.render(Derivations.propagate(once).slots(), o).text());
    }

    @Property(tries = 200)
    void a_state_joined_with_itself_or_streamed_twice_is_unchanged(@ForAll("multiKeyProfiles") List<Map<String, SlotState>> profile) {
        for (SlotState s : profile.stream().map(b -> b.get("k1")).toList()) {
            assertThat(s.union(s)).isEqualTo(s);
            assertThat(Merge.streaming(List.of(s, s), Score.EGALITARIAN)).isEqualTo(Merge.streaming(List.of(s), Score.EGALITARIAN));
        }
    }

    @Property(tries = 100)
    void the_offline_pipeline_is_idempotent_in_its_sessions(@ForAll("surfaces") List<Surface> surfaces, @ForAll @IntRange(min = 0, max = 1500) int budget) {
        List<Surface> twice = new ArrayList<>(surfaces);
        twice.addAll(surfaces);
        MergeOutcome once = BeliefMerge.mergeSurfacesAligned(surfaces, MergeOptions.defaults(), null, CancelSignal.NEVER, w -> {});
        MergeOutcome doubled = BeliefMerge.mergeSurfacesAligned(twice, MergeOptions.defaults(), null, CancelSignal.NEVER, w -> {});
        assertThat(doubled.slots().stream().map(Slot::state).toList()).isEqualTo(once.slots().stream().map(Slot::state).toList());
        assertThat(doubled.slots().stream().map(Slot::decision).toList()).isEqualTo(once.slots().stream().map(Slot::decision).toList());
        Renderer.Options o = Renderer.Options.defaults().withBudget(budget);
        assertThat(Renderer.render(doubled.slots(), o).text()).isEqualTo(Renderer.render(once.slots(), o).text());
        // the withheld count counts redactions performed, per text read (as the original): reading a session
        // twice redacts its secrets twice. The merge itself is idempotent; the command line reads each log once.
        assertThat(doubled.redacted()).isEqualTo(2 * once.redacted());
    }

    // --- deterministic rendering (I5) ---------------------------------------------------------------

    @Property(tries = 150)
    void rendering_independently_rebuilt_equal_input_gives_byte_identical_blocks(
            @ForAll("surfaces") List<Surface> surfaces, @ForAll @IntRange(min = 0, max = 1500) int budget) {
        // two merges from separately built, equal inputs: nothing may depend on identity, hashing or call history
        List<Surface> copy = surfaces.stream()
                .map(s -> new Surface(new String(s.id().toCharArray()), new ArrayList<>(s.messages()), s.trust())).toList();
        MergeOutcome first = BeliefMerge.mergeSurfacesAligned(surfaces, MergeOptions.defaults(), null, CancelSignal.NEVER, w -> {});
        MergeOutcome second = BeliefMerge.mergeSurfacesAligned(copy, MergeOptions.defaults(), null, CancelSignal.NEVER, w -> {});
        Renderer.Options o = Renderer.Options.defaults().withBudget(budget).withRedacted(first.redacted());
        Renderer.Rendered a = first.render(o);
        Renderer.Rendered b = second.render(o);
        assertThat(b).isEqualTo(a);
        assertThat(first.render(o)).isEqualTo(a);
        if (!a.text().isEmpty()) assertThat(a.text()).startsWith("## Merged context (BeliefMerge)\n\n");
        assertThat(a.text()).doesNotContain("sk-aB3dE5gH7jK9");
    }

    /**
     * Pinned truth: the renderer is a function of the slot <em>list</em>. Partial packing keeps the first
     * seed reaching the strict maximum (as the original), so slots of exactly equal utility and cost handed
     * over in another order can swap places in the block. Every production path hands slots key-sorted
     * ({@code mergeBranches}), so blocks are deterministic; another order still gets a block of the same
     * size and utility.
     */
    @Property(tries = 150)
    void another_slot_order_gives_a_block_of_the_same_utility_and_size_and_key_sorted_input_is_what_the_merge_gives(
            @ForAll("typedBranches") List<Branch> branches, @ForAll long seed, @ForAll @IntRange(min = 60, max = 1500) int budget) {
        List<Slot> slots = Derivations.propagate(BeliefMerge.mergeBranches(branches, Score.EGALITARIAN)).slots();
        assertThat(slots.stream().map(Slot::key).toList()).isSorted();
        Renderer.Options o = Renderer.Options.defaults().withBudget(budget);
        Renderer.Rendered sorted = Renderer.render(slots, o);
        Renderer.Rendered permuted = Renderer.render(permuted(slots, seed), o);
        assertThat(permuted.included()).isEqualTo(sorted.included());
        assertThat(permuted.dropped()).isEqualTo(sorted.dropped());
        assertThat(permuted.utility()).isCloseTo(sorted.utility(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Renderer.render(slots, o)).isEqualTo(sorted);
    }
}
