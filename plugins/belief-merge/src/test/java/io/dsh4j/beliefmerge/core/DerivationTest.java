package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spec §7 (checklist items 26–30; tests §10.4). */
class DerivationTest {

    /** A claim of value {@code v}, evidence 4, EXTERNAL, with raw premises. */
    static Claim c(String key, Object derivedFrom) {
        return new Claim(key, "v", 4, key + " holds", "src-" + key, Trust.EXTERNAL, null, Justifications.normalise(derivedFrom));
    }

    static List<Slot> merge(Claim... claims) {
        List<Branch> branches = new ArrayList<>();
        for (Claim claim : claims) branches.add(new Branch(claim.sourceId() + branches.size(), Trust.EXTERNAL, List.of(claim)));
        return BeliefMerge.mergeBranches(branches, Score.EGALITARIAN);
    }

    static Slot by(Derivations.Result r, String key) {
        return r.slots().stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow();
    }

    static Derivation.Status status(Derivations.Result r, String key) {
        return by(r, key).derivation().status();
    }

    /** Slot {@code key} tied between values x and y at evidence 2. */
    static List<Claim> tied(String key) {
        return List.of(new Claim(key, "x", 2, "x", "t1", Trust.EXTERNAL, null, List.of()),
                new Claim(key, "y", 2, "y", "t2", Trust.EXTERNAL, null, List.of()));
    }

    @Test
    void a_flat_list_is_one_conjunction_and_nested_lists_are_alternatives() {
        assertThat(Justifications.normalise(List.of("a", "c"))).containsExactly(List.of("a", "c"));
        assertThat(Justifications.normalise(List.of(List.of("a", "c"), List.of("d")))).containsExactly(List.of("a", "c"), List.of("d"));
        assertThat(Justifications.normalise(Arrays.asList("a", "", 42, null))).containsExactly(List.of("a"));
        assertThat(Justifications.normalise(Arrays.asList(List.of("a"), "b", 3, List.of("", 4)))).containsExactly(List.of("a"), List.of("b"));
        assertThat(Justifications.normalise("a")).isEmpty();
        assertThat(Justifications.normalise(List.of())).isEmpty();
    }

    @Test
    void duplicate_routes_from_two_sources_collapse() {
        Slot s = merge(c("b", List.of("a", "c")), new Claim("b", "v", 4, "b", "other", Trust.EXTERNAL, null, List.of(List.of("c", "a"))))
                .getFirst();
        assertThat(Justifications.of(s)).containsExactly(List.of("a", "c"));
    }

    @Test
    void a_lone_asserted_slot_is_an_axiom() {
        Derivations.Result r = Derivations.propagate(merge(c("a", null)));
        assertThat(status(r, "a")).isEqualTo(Derivation.Status.AXIOM);
        assertThat(r.inCount()).isEqualTo(1);
        assertThat(r.derivedCount()).isZero();
    }

    @Test
    void a_conclusion_with_its_premise_present_is_founded() {
        Derivations.Result r = Derivations.propagate(merge(c("a", null), c("b", List.of("a"))));
        assertThat(status(r, "a")).isEqualTo(Derivation.Status.AXIOM);
        assertThat(status(r, "b")).isEqualTo(Derivation.Status.FOUNDED);
        assertThat(by(r, "b").derivation().satisfiedBy()).containsExactly("a");
        assertThat(r.retractedCount()).isZero();
        assertThat(r.derivedCount()).isEqualTo(1);
    }

    @Test
    void a_conclusion_whose_premise_is_absent_is_retracted_with_a_reason() {
        Derivations.Result r = Derivations.propagate(merge(c("b", List.of("a"))));
        Derivation d = by(r, "b").derivation();
        assertThat(d.status()).isEqualTo(Derivation.Status.RETRACTED);
        assertThat(d.unmet()).containsExactly("a");
        assertThat(d.reason()).contains("unmet").contains("a");
        assertThat(r.unknownPremises()).containsExactly("a");
    }

    @Test
    void a_disputed_premise_does_not_support() {
        List<Claim> claims = new ArrayList<>(tied("a"));
        claims.add(c("b", List.of("a")));
        Derivations.Result r = Derivations.propagate(merge(claims.toArray(Claim[]::new)));
        assertThat(status(r, "a")).isEqualTo(Derivation.Status.UNASSERTED);
        assertThat(by(r, "a").derivation().unmet()).containsExactly(Derivations.NOT_SETTLED);
        assertThat(status(r, "b")).isEqualTo(Derivation.Status.RETRACTED);
    }

    @Test
    void an_unresolvable_premise_does_not_support_and_an_adjudicated_one_does() {
        List<Claim> claims = new ArrayList<>(tied("a"));
        claims.add(c("b", List.of("a")));
        List<Slot> slots = merge(claims.toArray(Claim[]::new));
        Resolution unresolvable = new Resolution("a", Resolution.Outcome.UNRESOLVABLE, null, null, List.of(), "", false, false);
        Resolution choose = new Resolution("a", Resolution.Outcome.CHOOSE, "x", null, List.of(), "", false, false);
        assertThat(status(Derivations.propagate(withResolution(slots, unresolvable)), "b")).isEqualTo(Derivation.Status.RETRACTED);
        assertThat(status(Derivations.propagate(withResolution(slots, choose)), "b")).isEqualTo(Derivation.Status.FOUNDED);
        for (Resolution.Outcome o : List.of(Resolution.Outcome.BOTH, Resolution.Outcome.CONDITIONAL)) {
            Resolution r = new Resolution("a", o, null, "g", List.of(), "", false, false);
            assertThat(status(Derivations.propagate(withResolution(slots, r)), "b")).isEqualTo(Derivation.Status.FOUNDED);
        }
    }

    static List<Slot> withResolution(List<Slot> slots, Resolution r) {
        return slots.stream().map(s -> s.key().equals(r.key()) ? s.withResolution(r) : s).toList();
    }

    @Test
    void one_surviving_route_keeps_a_conclusion_and_losing_every_route_retracts_it() {
        Derivations.Result multi = Derivations.propagate(merge(c("a", null), c("b", List.of(List.of("a"), List.of("c")))));
        assertThat(status(multi, "b")).isEqualTo(Derivation.Status.FOUNDED);
        assertThat(multi.retractedCount()).isZero();
        Derivations.Result lost = Derivations.propagate(merge(c("b", List.of(List.of("c"), List.of("d")))));
        assertThat(by(lost, "b").derivation().unmet()).containsExactly("c", "d");
    }

    @Test
    void a_conjunction_needs_every_premise() {
        Derivations.Result r = Derivations.propagate(merge(c("a", null), c("b", List.of("a", "c"))));
        assertThat(status(r, "b")).isEqualTo(Derivation.Status.RETRACTED);
        assertThat(by(r, "b").derivation().unmet()).containsExactly("c");
    }

    @Test
    void retraction_is_transitive_and_long_chains_are_founded() {
        List<Claim> claims = new ArrayList<>(tied("a"));
        claims.add(c("b", List.of("a")));
        claims.add(c("c", List.of("b")));
        assertThat(Derivations.propagate(merge(claims.toArray(Claim[]::new))).retracted()).containsExactly("b", "c");
        Derivations.Result chain = Derivations.propagate(merge(c("d", List.of("c")), c("c", List.of("b")), c("b", List.of("a")), c("a", null)));
        assertThat(chain.inCount()).isEqualTo(4);
        assertThat(chain.slots()).allSatisfy(s -> assertThat(s.derivation().status()).isIn(Derivation.Status.AXIOM, Derivation.Status.FOUNDED));
    }

    @Test
    void an_unsupported_cycle_is_retracted_and_a_supported_one_is_founded() {
        assertThat(Derivations.propagate(merge(c("x", List.of("y")), c("y", List.of("x")))).retractedCount()).isEqualTo(2);
        Derivations.Result supported = Derivations.propagate(merge(c("x", List.of(List.of("y"), List.of("root"))), c("y", List.of("x")),
                c("root", null)));
        assertThat(status(supported, "x")).isEqualTo(Derivation.Status.FOUNDED);
        assertThat(status(supported, "y")).isEqualTo(Derivation.Status.FOUNDED);
    }

    @Test
    void unknown_premises_are_reported_sorted() {
        Derivations.Result r = Derivations.propagate(merge(c("b", List.of("ghost", "alpha-ghost"))));
        assertThat(r.unknownPremises()).containsExactly("alpha-ghost", "ghost");
        assertThat(status(r, "b")).isEqualTo(Derivation.Status.RETRACTED);
    }

    @Test
    void q11_a_tied_slot_whose_premises_hold_is_unasserted_not_founded() {
        List<Claim> claims = new ArrayList<>();
        claims.add(c("a", null));
        claims.add(new Claim("b", "x", 2, "x", "t1", Trust.EXTERNAL, null, List.of(List.of("a"))));
        claims.add(new Claim("b", "y", 2, "y", "t2", Trust.EXTERNAL, null, List.of(List.of("a"))));
        claims.add(c("c", List.of("b")));
        Derivations.Result r = Derivations.propagate(merge(claims.toArray(Claim[]::new)));
        assertThat(status(r, "b")).isEqualTo(Derivation.Status.UNASSERTED);
        assertThat(status(r, "c")).isEqualTo(Derivation.Status.RETRACTED);
        assertThat(r.inCount()).as("only what is really IN").isEqualTo(1);
    }

    @Test
    void the_trust_ceiling_is_the_weakest_premise_of_the_best_route() {
        Slot s = merge(c("b", List.of("a", "c"))).getFirst();
        Map<String, Trust> t = Map.of("a", Trust.TRUSTED, "c", Trust.UNTRUSTED);
        assertThat(Derivations.trustCeiling(s, t::get)).isEqualTo(Trust.UNTRUSTED);
        assertThat(Derivations.trustCeiling(s, Map.of("a", Trust.TRUSTED, "c", Trust.TRUSTED)::get)).isEqualTo(Trust.TRUSTED);
        Slot routes = merge(c("b", List.of(List.of("weak"), List.of("strong")))).getFirst();
        assertThat(Derivations.trustCeiling(routes, Map.of("weak", Trust.UNTRUSTED, "strong", Trust.TRUSTED)::get)).isEqualTo(Trust.TRUSTED);
        assertThat(Derivations.trustCeiling(merge(c("a", null)).getFirst(), k -> Trust.TRUSTED)).isNull();
    }

    @Test
    void q1_a_route_through_an_unknown_premise_neither_supports_nor_caps_trust() {
        Slot s = merge(c("b", List.of(List.of("ghost"), List.of("a")))).getFirst();
        assertThat(Derivations.trustCeiling(s, Map.of("a", Trust.EXTERNAL)::get)).isEqualTo(Trust.EXTERNAL);
        Slot onlyGhost = merge(c("b", List.of("Ghost.Key"))).getFirst();
        assertThat(Derivations.trustCeiling(onlyGhost, k -> null)).isNull();
        // the whole pipeline: a typo in a premise retracts the slot but no longer withholds the block
        List<Slot> slots = Derivations.propagate(merge(c("a", null), c("b", List.of("a.typo")))).slots();
        assertThat(TrustCheck.check(slots).ok()).isTrue();
        assertThat(Renderer.render(slots, Renderer.Options.defaults()).text()).contains("RETRACTED").contains("a.typo");
    }

    @Test
    void a_retracted_slot_renders_its_reason_and_a_founded_one_its_premises() {
        Derivations.Result r = Derivations.propagate(merge(c("a", null), c("c", null), c("b", List.of("a", "c")), c("z", List.of("missing"))));
        String retracted = Renderer.renderSlot(by(r, "z"));
        assertThat(retracted).contains("\u26d4 **RETRACTED** \u2014 every supporting route is unmet (missing)");
        String founded = Renderer.renderSlot(by(r, "b"));
        assertThat(founded).contains("\u21b3 _derived from: a, c_").doesNotContain("RETRACTED");
        assertThat(Renderer.renderSlot(by(r, "a"))).doesNotContain("RETRACTED").doesNotContain("derived from");
    }

    @Test
    void a_retracted_slot_packs_last() {
        Derivations.Result r = Derivations.propagate(merge(c("a", null), c("z", List.of("missing"))));
        double live = Packer.personalUtility(by(r, "a"), PackWeights.defaults(), null);
        double dead = Packer.personalUtility(by(r, "z"), PackWeights.defaults(), null);
        assertThat(dead).isGreaterThanOrEqualTo(0).isLessThan(live / 10);
    }
}
