package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 17 (a 10 MB message through {@code merge}): the per-slot stages made cheaper give exactly what
 * the stages they replace give — the merge of a key with one claim (no per-source tree), the claim text
 * that represents a value (one pass, no stream), a slot's supporters and trust (visited, not
 * collected), a slot's sources and packing trust, and the label of a slot without premise routes — on branches with mixed keys, values, evidence, texts, trust labels and sources.
 */
class SlotPathProperties {

    @Provide
    Arbitrary<List<Branch>> branches() {
        Arbitrary<Claim> claim = Combinators.combine(
                        Arbitraries.of("k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8"), Arbitraries.of("assert", "refute", "x"),
                        Arbitraries.integers().between(0, 4), Arbitraries.of("a", "bb", "b", "ccc", "a b", "bc"),
                        Arbitraries.of(Trust.class).injectNull(0.3),
                        Arbitraries.of(SlotType.class).injectNull(0.5))
                .as((k, v, e, t, trust, type) -> new Claim(k, v, e, t, "src", trust, type, List.of()));
        Arbitrary<Trust> branchTrust = Arbitraries.of(Trust.class).injectNull(0.2);
        return Combinators.combine(claim.list().ofMaxSize(10), branchTrust, Arbitraries.of("s0", "s1", "s2", "s1"))
                .as((claims, trust, id) -> new Branch(id, trust, claims.stream()
                        .map(c -> new Claim(c.key(), c.value(), c.evidence(), c.text(), id, c.trust(), c.slotType(), c.derivedFrom()))
                        .toList()))
                .list().ofMinSize(1).ofMaxSize(4);
    }

    /** {@code mergeBranches} as it was: every key grouped per source through a tree, whatever its claim count. */
    private static List<Slot> referenceMerge(List<Branch> branches, Score score) {
        Map<String, List<Claim>> byKey = new TreeMap<>();
        for (Branch branch : branches) {
            Trust fallback = Trust.orUntrusted(branch.trust());
            for (Claim claim : branch.claims()) {
                Claim labelled = claim.trust() != null ? claim : claim.withTrust(fallback);
                byKey.computeIfAbsent(labelled.key(), k -> new ArrayList<>()).add(labelled);
            }
        }
        List<Slot> slots = new ArrayList<>();
        for (Map.Entry<String, List<Claim>> e : byKey.entrySet()) {
            List<Claim> claims = e.getValue();
            Map<String, List<SlotItem>> perSource = new TreeMap<>();
            for (Claim c : claims) {
                perSource.computeIfAbsent(c.sourceId(), s -> new ArrayList<>()).add(new SlotItem(c.value(), c.sourceId(), c.evidence()));
            }
            Merge.Result merged = Merge.streaming(perSource.values().stream().map(SlotState::of).toList(), score);
            SlotType type = claims.getFirst().slotType() == null ? SlotType.FACT : claims.getFirst().slotType();
            slots.add(new Slot(e.getKey(), type, merged.state(), merged.decision(), claims));
        }
        return slots;
    }

    private static String referenceRepresent(Slot slot, String value) {
        return slot.claims().stream()
                .filter(c -> c.value().equals(value))
                .min(Comparator.comparingInt(Claim::evidence).reversed()
                        .thenComparing(Comparator.comparingInt((Claim c) -> c.text().length()).reversed())
                        .thenComparing(Claim::text))
                .map(Claim::text)
                .orElse(value);
    }

    private static List<Claim> referenceSupporters(Slot slot) {
        Set<String> values = new HashSet<>(slot.presentedValues());
        return slot.claims().stream().filter(c -> values.contains(c.value())).toList();
    }

    @Property(tries = 1500)
    void a_key_with_one_claim_merges_as_the_per_source_grouping_does(@ForAll("branches") List<Branch> branches) {
        for (Score score : Score.values()) {
            assertThat(BeliefMerge.mergeBranches(branches, score)).isEqualTo(referenceMerge(branches, score));
        }
    }

    @Property(tries = 1500)
    void the_representing_text_supporters_and_trust_are_those_of_the_stream_definitions(@ForAll("branches") List<Branch> branches) {
        for (Slot slot : BeliefMerge.mergeBranches(branches, MergeOptions.defaults().score())) {
            for (String value : List.of("assert", "refute", "x", "absent")) {
                assertThat(Renderer.representText(slot, value)).isEqualTo(referenceRepresent(slot, value));
            }
            List<Claim> supporters = referenceSupporters(slot);
            assertThat(TrustCheck.supporters(slot)).isEqualTo(supporters);
            Trust trust = Trust.UNTRUSTED;
            for (Claim c : supporters) trust = Trust.join(trust, Trust.orUntrusted(c.trust()));
            assertThat(TrustCheck.slotTrust(slot)).isEqualTo(trust);
            assertThat(slot.state().sources()).isEqualTo(List.copyOf(new java.util.TreeSet<>(
                    slot.state().items().stream().map(SlotItem::source).toList())));
            Set<String> shown = new HashSet<>(slot.decision() instanceof Decision.Resolved r ? List.of(r.winner()) : slot.decision().tied());
            int best = -1;
            for (Claim c : slot.claims()) {
                if (shown.contains(c.value())) best = Math.max(best, c.trust() == null ? 0 : c.trust().level());
            }
            assertThat(Packer.trustOf(slot)).isEqualTo(Math.max(best, 0));
        }
    }

    @Property(tries = 500)
    void derivations_label_slots_as_before_with_shared_labels_for_slots_without_routes(@ForAll("branches") List<Branch> branches) {
        List<Slot> slots = BeliefMerge.mergeBranches(branches, MergeOptions.defaults().score());
        for (Slot slot : Derivations.propagate(slots).slots()) {
            if (!Justifications.of(slot).isEmpty()) continue;
            Derivation expected = slot.isAsserted()
                    ? new Derivation(Derivation.Status.AXIOM, List.of(), List.of(), null, null)
                    : new Derivation(Derivation.Status.UNASSERTED, List.of(), List.of(Derivations.NOT_SETTLED), null, null);
            assertThat(slot.derivation()).isEqualTo(expected);
        }
    }
}
