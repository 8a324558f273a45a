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
import org.junit.jupiter.api.Test;

/**
 * Spec §7 and issue 17 (linear text paths): the IN set of {@link Derivations#propagate}, found with a
 * worklist, is the least fixpoint the spec defines — the set a sweep over every slot reaches when it
 * repeats until nothing changes — on random derivation graphs with cycles, self-premises, unknown
 * premises, duplicate premises, alternatives and standing ties; and a chain of 20,000 derivations
 * (quadratic for the sweep) labels every link founded.
 */
class DerivationFixpointProperties {

    record Node(String key, List<List<String>> routes, boolean tied) {}

    @Provide
    Arbitrary<List<Node>> graphs() {
        Arbitrary<String> premise = Arbitraries.of("k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "unknown");
        Arbitrary<List<String>> route = premise.list().ofMaxSize(3);
        return Arbitraries.integers().between(0, 7).flatMap(n -> Combinators.combine(
                        route.list().ofMaxSize(3).list().ofSize(n + 1), Arbitraries.of(true, false, false, false).list().ofSize(n + 1))
                .as((routes, ties) -> {
                    List<Node> nodes = new ArrayList<>();
                    for (int i = 0; i <= n; i++) nodes.add(new Node("k" + i, routes.get(i), ties.get(i)));
                    return nodes;
                }));
    }

    static List<Slot> slots(List<Node> nodes) {
        List<Claim> claims = new ArrayList<>();
        for (Node node : nodes) {
            if (node.tied()) {
                claims.add(new Claim(node.key(), "x", 2, "x", "t1", Trust.EXTERNAL, null, node.routes()));
                claims.add(new Claim(node.key(), "y", 2, "y", "t2", Trust.EXTERNAL, null, node.routes()));
            } else {
                claims.add(DerivationTest.c(node.key(), node.routes()));
            }
        }
        return DerivationTest.merge(claims.toArray(new Claim[0]));
    }

    /** The spec's definition: sweep every slot until the IN set stops growing. */
    static Set<String> sweep(List<Slot> slots) {
        Set<String> in = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Slot slot : slots) {
                if (in.contains(slot.key()) || !slot.isAsserted()) continue;
                List<List<String>> r = Justifications.of(slot);
                if (r.isEmpty() || r.stream().anyMatch(in::containsAll)) {
                    in.add(slot.key());
                    changed = true;
                }
            }
        }
        return in;
    }

    static Set<String> in(Derivations.Result r) {
        Set<String> in = new HashSet<>();
        for (Slot s : r.slots()) {
            Derivation.Status st = s.derivation().status();
            if (st == Derivation.Status.AXIOM || st == Derivation.Status.FOUNDED) in.add(s.key());
        }
        return in;
    }

    @Property(tries = 2000)
    void the_worklist_reaches_the_sweeps_least_fixpoint(@ForAll("graphs") List<Node> nodes) {
        List<Slot> slots = slots(nodes);
        Derivations.Result r = Derivations.propagate(slots);
        Set<String> expected = sweep(slots);
        assertThat(in(r)).isEqualTo(expected);
        assertThat(r.inCount()).isEqualTo(expected.size());
    }

    @Test
    void a_chain_of_twenty_thousand_derivations_is_founded_link_by_link() {
        int n = 20_000;
        List<Claim> claims = new ArrayList<>();
        // listed from the far end, so that a sweep in slot order settles one link per pass
        for (int i = n - 1; i >= 0; i--) claims.add(DerivationTest.c(String.format("k%05d", i), i == 0 ? null : List.of(String.format("k%05d", i - 1))));
        List<Slot> slots = new ArrayList<>(DerivationTest.merge(claims.toArray(new Claim[0])));
        java.util.Collections.reverse(slots);
        Derivations.Result r = Derivations.propagate(slots);
        assertThat(r.inCount()).isEqualTo(n);
        assertThat(r.slots()).allSatisfy(s -> assertThat(s.derivation().status()).isIn(Derivation.Status.AXIOM, Derivation.Status.FOUNDED));
    }
}
