package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.item;
import static io.dsh4j.beliefmerge.core.Fixtures.p1Witness;
import static io.dsh4j.beliefmerge.core.Fixtures.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Spec §3 — evidence, slot states, decisions, merge shapes (checklist items 1–6). */
class MergeCoreTest {

    @Nested
    class SlotStates {

        @Test
        void items_are_always_in_value_source_evidence_order() {
            SlotState s = state(item("b", "x", 1), item("a", "z", 2), item("a", "y", 3), item("a", "y", 1));
            assertThat(s.items()).containsExactly(item("a", "y", 1), item("a", "y", 3), item("a", "z", 2), item("b", "x", 1));
        }

        @Test
        void union_is_associative_commutative_and_idempotent_at_the_item_level() {
            SlotState a = state(item("a", "s1", 1), item("b", "s2", 2));
            SlotState b = state(item("b", "s2", 2), item("c", "s3", 4));
            SlotState c = state(item("a", "s4", 3));
            assertThat(a.union(b).union(c).items()).isEqualTo(a.union(b.union(c)).items());
            assertThat(a.union(b).items()).isEqualTo(b.union(a).items());
            assertThat(a.union(a).items()).isEqualTo(a.items());
        }

        @Test
        void duplicates_collapse_and_per_value_lists_supports_in_item_order() {
            SlotState s = state(item("a", "s", 1), item("a", "s", 1), item("a", "t", 2), item("b", "s", 4));
            assertThat(s.size()).isEqualTo(3);
            assertThat(s.perValue()).containsOnlyKeys("a", "b");
            assertThat(s.perValue().get("a")).containsExactly(item("a", "s", 1), item("a", "t", 2));
            assertThat(s.values()).containsExactly("a", "b");
            assertThat(s.toString()).isEqualTo("{a@1(s), a@2(t), b@4(s)}");
            assertThat(SlotState.empty().toString()).isEqualTo("<empty>");
            assertThat(SlotState.empty().isEmpty()).isTrue();
        }
    }

    @Nested
    class Scores {

        @Test
        void egalitarian_weights_are_1_2_4_8_and_unknown_levels_weigh_nothing() {
            assertThat(List.of(Evidence.weight(1), Evidence.weight(2), Evidence.weight(3), Evidence.weight(4),
                    Evidence.weight(0), Evidence.weight(5))).containsExactly(1, 2, 4, 8, 0, 0);
        }

        @Test
        void two_weak_agreeing_opinions_tie_with_one_inferred_one() {
            Decision d = Score.EGALITARIAN.select(state(item("a", "b0", 1), item("a", "b1", 1), item("b", "b2", 2)));
            assertThat(d).isEqualTo(new Decision.Disputed(List.of("a", "b")));
            assertThat(d.key()).isEqualTo("disputed||a,b");
            assertThat(d.describe()).isEqualTo("disputed{a,b}");
        }

        @Test
        void elitist_counts_a_missing_position_as_minus_infinity() {
            // [2,1] for a beats [2] for b
            Decision d = Score.ELITIST.select(state(item("a", "s1", 2), item("a", "s2", 1), item("b", "s3", 2)));
            assertThat(d).isEqualTo(new Decision.Resolved("a"));
            // [3] beats [2,2,2]
            assertThat(Score.ELITIST.select(state(item("a", "s1", 3), item("b", "s2", 2), item("b", "s3", 2),
                    item("b", "s4", 2)))).isEqualTo(new Decision.Resolved("a"));
        }

        @Test
        void a_genuine_tie_is_never_guessed() {
            assertThat(Score.EGALITARIAN.select(state(item("a", "b0", 2), item("b", "b1", 2))).outcome()).isEqualTo("disputed");
            assertThat(Score.ELITIST.select(state(item("a", "b0", 2), item("b", "b1", 2))).tied()).containsExactly("a", "b");
        }

        @Test
        void an_empty_state_decides_nothing() {
            assertThat(Score.EGALITARIAN.select(SlotState.empty())).isEqualTo(Decision.Empty.INSTANCE);
            assertThat(Decision.Empty.INSTANCE.key()).isEqualTo("empty||");
            assertThat(Decision.Empty.INSTANCE.describe()).isEqualTo("<empty>");
        }

        @Test
        void an_unknown_score_name_is_an_error() {
            assertThatThrownBy(() -> Score.named("majority")).hasMessage("unknown score: majority");
            assertThat(Score.named("elitist")).isEqualTo(Score.ELITIST);
        }

        @Test
        void q12_one_source_cannot_stack_its_own_weight_by_repeating_a_value_at_two_levels() {
            // branch-a says "assert" as the user (8) and again in reasoning (1); branch-b refutes as the user (8)
            SlotState s = state(item("assert", "branch-a", 4), item("assert", "branch-a", 1), item("refute", "branch-b", 4));
            assertThat(Score.EGALITARIAN.select(s)).isEqualTo(new Decision.Disputed(List.of("assert", "refute")));
            assertThat(Score.ELITIST.select(s)).isEqualTo(new Decision.Disputed(List.of("assert", "refute")));
            assertThat(s.size()).as("provenance keeps every item").isEqualTo(3);
        }
    }

    @Nested
    class Shapes {

        @Test
        void p1_witness_nary_is_disputed_and_incremental_collapse_gives_b() {
            assertThat(Merge.nary(p1Witness(), Score.EGALITARIAN).decision()).isEqualTo(new Decision.Disputed(List.of("a", "b")));
            assertThat(Merge.incremental(p1Witness(), Score.EGALITARIAN, Representation.COLLAPSE).decision())
                    .isEqualTo(new Decision.Resolved("b"));
        }

        @Test
        void the_failure_is_the_representations_incremental_join_stays_disputed() {
            assertThat(Merge.incremental(p1Witness(), Score.EGALITARIAN, Representation.JOIN).decision())
                    .isEqualTo(new Decision.Disputed(List.of("a", "b")));
        }

        @Test
        void witness_is_confluent_under_join_and_not_under_collapse() {
            assertThat(Merge.isConfluent(p1Witness(), Score.EGALITARIAN, Representation.JOIN)).isTrue();
            assertThat(Merge.isConfluent(p1Witness(), Score.EGALITARIAN, Representation.COLLAPSE)).isFalse();
        }

        @Test
        void cascade_collapse_turns_a_winner_into_a_dispute() {
            List<SlotState> b = List.of(SlotState.singleton("assert", "b0", 1), SlotState.singleton("assert", "b1", 1),
                    SlotState.singleton("refute", "b2", 1));
            assertThat(Merge.nary(b, Score.EGALITARIAN).decision()).isEqualTo(new Decision.Resolved("assert"));
            assertThat(Merge.incremental(b, Score.EGALITARIAN, Representation.COLLAPSE).decision().outcome())
                    .isEqualTo("disputed");
        }

        @Test
        void four_branch_witness_is_confluent_under_join_for_both_scores() {
            List<SlotState> b = List.of(SlotState.singleton("a", "b0", 4), SlotState.singleton("b", "b1", 3),
                    SlotState.singleton("c", "b2", 3), state(item("d", "b3", 1), item("e", "b3", 2)));
            assertThat(Merge.isConfluent(b, Score.EGALITARIAN, Representation.JOIN)).isTrue();
            assertThat(Merge.isConfluent(b, Score.ELITIST, Representation.JOIN)).isTrue();
        }

        @Test
        void streaming_is_idempotent() {
            SlotState a = state(item("a", "s1", 2), item("b", "s2", 2), item("a", "s3", 1));
            assertThat(Merge.streaming(List.of(a), Score.EGALITARIAN).decision())
                    .isEqualTo(Merge.streaming(List.of(a, a), Score.EGALITARIAN).decision());
            assertThat(Merge.streaming(List.of(a, a), Score.EGALITARIAN).state()).isEqualTo(a);
        }

        @Test
        void empty_profile_merges_to_empty() {
            assertThat(Merge.incremental(List.of(), Score.EGALITARIAN, Representation.JOIN).decision())
                    .isEqualTo(Decision.Empty.INSTANCE);
            assertThat(Merge.nary(List.of(), Score.ELITIST).state().isEmpty()).isTrue();
        }

        @Test
        void collapse_keeps_one_merged_item_per_presented_value() {
            SlotState s = state(item("a", "s1", 1), item("a", "s2", 3), item("b", "s3", 2));
            assertThat(Representation.COLLAPSE.represent(s, Score.EGALITARIAN).items())
                    .containsExactly(item("a", Evidence.MERGED_SOURCE, 3));
            assertThat(Representation.COLLAPSE.represent(SlotState.empty(), Score.EGALITARIAN).isEmpty()).isTrue();
        }
    }

    @Nested
    class Branches {

        @Test
        void merge_branches_sorts_keys_groups_by_source_fills_trust_and_types_slots() {
            Claim typed = new Claim("b.key", "x", 2, "x", "s2", null, SlotType.GOAL, List.of());
            Claim untyped = Claim.of("b.key", "y", 4, "y", "s1");
            Claim other = Claim.of("a.key", "z", 1, "z", "s3");
            List<Slot> slots = BeliefMerge.mergeBranches(List.of(
                    new Branch("branch-1", Trust.EXTERNAL, List.of(typed, other)),
                    new Branch("branch-2", null, List.of(untyped))), Score.EGALITARIAN);
            assertThat(slots).extracting(Slot::key).containsExactly("a.key", "b.key");
            Slot b = slots.get(1);
            assertThat(b.type()).as("the first claim's type").isEqualTo(SlotType.GOAL);
            assertThat(slots.get(0).type()).isEqualTo(SlotType.FACT);
            assertThat(b.claims()).extracting(Claim::trust).containsExactly(Trust.EXTERNAL, Trust.UNTRUSTED);
            assertThat(b.state().items()).extracting(SlotItem::source).containsExactly("s2", "s1");
            assertThat(b.decision()).isEqualTo(new Decision.Resolved("y"));
            // grouping is by the claim's source id, not by the branch that carried it
            assertThat(slots.get(0).state().items()).singleElement().extracting(SlotItem::source).isEqualTo("s3");
        }
    }
}
