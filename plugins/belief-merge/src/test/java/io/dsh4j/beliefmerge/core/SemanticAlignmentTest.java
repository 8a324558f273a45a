package io.dsh4j.beliefmerge.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The offline semantic alignment stage (issue 14, beyond the original) over a fixed embedder: paraphrases
 * across sources share a slot, same-template sentences become competing values, the result does not
 * depend on branch order, and a broken embedder leaves the heuristic claims with one warning.
 */
class SemanticAlignmentTest {

    /** Vectors by text: listed texts get their own, every other text a one-hot of its hash (orthogonal-ish). */
    static final class FixedEmbedder implements SemanticAlignment.Embedder {
        final Map<String, float[]> fixed = new HashMap<>();
        final AtomicInteger calls = new AtomicInteger();

        FixedEmbedder with(String text, float... v) {
            fixed.put(text, v);
            return this;
        }

        @Override
        public float[][] embed(List<String> texts) {
            calls.incrementAndGet();
            float[][] out = new float[texts.size()][];
            for (int i = 0; i < texts.size(); i++) {
                float[] v = fixed.get(texts.get(i));
                if (v == null) {
                    v = new float[8];
                    v[3 + Math.floorMod(texts.get(i).hashCode(), 5)] = 1;
                }
                out[i] = v;
            }
            return out;
        }
    }

    static Surface surface(String id, String... userLines) {
        List<SourceMessage> m = new ArrayList<>();
        for (String l : userLines) m.add(SourceMessage.text("user", l, "user"));
        return new Surface(id, m, Trust.EXTERNAL);
    }

    static List<Slot> merge(List<Surface> surfaces, SemanticAlignment.Embedder e) {
        MergeOptions o = MergeOptions.defaults();
        List<Branch> b = BeliefMerge.extractHeuristic(surfaces, o.extraction()).branches();
        return BeliefMerge.mergeBranches(SemanticAlignment.align(b, e, SemanticAlignment.Options.defaults()).branches(), o.score());
    }

    final FixedEmbedder embedder = new FixedEmbedder()
            .with("we moved the database to postgresql", 1, 0.1f, 0, 0, 0, 0, 0, 0)
            .with("the database is postgres now", 1, 0.12f, 0, 0, 0, 0, 0, 0)
            .with("the rollout is done", 0.7f, 0.7f, 0, 0, 0, 0, 0, 0);

    @Test
    void paraphrases_from_two_sources_land_in_one_slot_under_the_smaller_key() {
        List<Slot> slots = merge(List.of(surface("a", "We moved the database to PostgreSQL."), surface("b", "The database is Postgres now.")),
                embedder);
        assertThat(slots).extracting(Slot::key).containsExactly("the database is postgres now");
        Slot s = slots.getFirst();
        assertThat(s.decision()).isInstanceOfSatisfying(Decision.Resolved.class, r -> assertThat(r.winner()).isEqualTo("assert"));
        assertThat(s.state().items()).extracting(SlotItem::source).containsExactlyInAnyOrder("a", "b");
        assertThat(s.claims()).extracting(Claim::text).containsExactlyInAnyOrder("We moved the database to PostgreSQL.", "The database is Postgres now.");
    }

    @Test
    void a_lone_source_keeps_its_own_near_duplicates_apart() {
        List<Slot> slots = merge(List.of(surface("a", "We moved the database to PostgreSQL.", "The database is Postgres now.")), embedder);
        assertThat(slots).extracting(Slot::key).containsExactly("the database is postgres now", "we moved the database to postgresql");
    }

    @Test
    void dissimilar_sentences_and_the_heuristic_keys_stay_as_they_were() {
        List<Slot> slots = merge(List.of(surface("a", "We moved the database to PostgreSQL."), surface("b", "The rollout is done.")),
                embedder);
        assertThat(slots).extracting(Slot::key).containsExactly("the rollout is done", "we moved the database to postgresql");
    }

    @Test
    void a_template_match_is_a_value_question_even_for_near_synonyms_so_a_conflict_is_never_hidden() {
        List<Slot> slots = merge(List.of(surface("a", "The migration is finished."), surface("b", "The migration is done.")), embedder);
        assertThat(slots).singleElement().satisfies(s -> assertThat(s.decision()).isInstanceOfSatisfying(Decision.Disputed.class,
                d -> assertThat(d.tied()).containsExactly("done", "finished")));
    }

    @Test
    void same_template_sentences_become_competing_values_and_the_stronger_evidence_wins() {
        Surface a = surface("a", "Our database engine is PostgreSQL.");
        Surface b = new Surface("b", List.of(SourceMessage.text("assistant", "Our database engine is MySQL.", "model")), Trust.EXTERNAL);
        List<Slot> slots = merge(List.of(a, b), embedder);
        assertThat(slots).singleElement().satisfies(s -> {
            assertThat(s.key()).isEqualTo("our database engine is _");
            assertThat(s.decision()).isInstanceOfSatisfying(Decision.Resolved.class, r -> assertThat(r.winner()).isEqualTo("postgresql"));
            assertThat(s.state().items()).extracting(SlotItem::value).containsExactlyInAnyOrder("postgresql", "mysql");
        });
        String block = Renderer.render(slots, Renderer.Options.defaults()).text();
        assertThat(block).contains("`our database engine is _` = **postgresql**").doesNotContain("MySQL");
    }

    @Test
    void equal_evidence_on_two_values_is_a_dispute_never_a_guess_and_a_refuted_value_reads_not() {
        List<Slot> slots = merge(List.of(surface("a", "Our cache backend is redis."), surface("b", "Our cache backend is memcached.")),
                embedder);
        assertThat(slots.getFirst().decision()).isInstanceOfSatisfying(Decision.Disputed.class,
                d -> assertThat(d.tied()).containsExactly("memcached", "redis"));
        List<Slot> refuted = merge(List.of(surface("a", "Our cache backend is redis."), surface("b", "Our cache backend is not memcached.")),
                embedder);
        assertThat(refuted.getFirst().state().items()).extracting(SlotItem::value).contains("not memcached", "redis");
    }

    @Test
    void a_template_needs_two_shared_words_and_values_of_at_most_three_words() {
        SemanticAlignment.Options o = SemanticAlignment.Options.defaults();
        assertThat(SemanticAlignment.template("we deploy on kubernetes".split(" "), "we deploy on lambda".split(" "), o))
                .isEqualTo("we deploy on _");
        assertThat(SemanticAlignment.template("yes".split(" "), "no".split(" "), o)).isNull();
        assertThat(SemanticAlignment.template("ok then go".split(" "), "ok".split(" "), o)).isNull();
        assertThat(SemanticAlignment.template("ci sits on a b c d".split(" "), "ci sits on jenkins".split(" "), o)).isNull();
        assertThat(SemanticAlignment.middle("ci sits on github actions".split(" "), "ci sits on _")).isEqualTo("github actions");
    }

    @Test
    void near_duplicates_that_differ_in_their_subject_stay_two_claims_however_close_their_vectors() {
        FixedEmbedder same = new FixedEmbedder()
                .with("the billing service runs on postgres", 1, 0, 0, 0, 0, 0, 0, 0)
                .with("the search service runs on postgres", 1, 0, 0, 0, 0, 0, 0, 0);
        List<Slot> slots = merge(List.of(surface("a", "The billing service runs on postgres."),
                surface("b", "The search service runs on postgres.")), same);
        assertThat(slots).extracting(Slot::key)
                .containsExactly("the billing service runs on postgres", "the search service runs on postgres");
        assertThat(SemanticAlignment.template("our cache ttl is sixty seconds".split(" "),
                "our cache ttl is three hundred seconds".split(" "), SemanticAlignment.Options.defaults()))
                .isEqualTo("our cache ttl is _ seconds");
    }

    @Test
    void paraphrase_clusters_are_complete_link_so_a_chain_does_not_drift() {
        FixedEmbedder chain = new FixedEmbedder()
                .with("alpha one", 1, 0, 0, 0, 0, 0, 0, 0)
                .with("beta two", 0.9f, 0.436f, 0, 0, 0, 0, 0, 0)          // cos(alpha, beta) ≈ 0.90
                .with("gamma three", 0.62f, 0.785f, 0, 0, 0, 0, 0, 0);     // cos(beta, gamma) ≈ 0.90, cos(alpha, gamma) ≈ 0.62
        List<Slot> slots = merge(List.of(surface("a", "Alpha one."), surface("b", "Beta two."), surface("c", "Gamma three.")), chain);
        assertThat(slots).hasSize(2);
        assertThat(slots).extracting(s -> s.state().items().size()).containsExactlyInAnyOrder(2, 1);
    }

    @Test
    void the_result_does_not_depend_on_the_order_of_the_branches() {
        List<Surface> surfaces = new ArrayList<>(List.of(
                surface("a", "The migration is finished.", "Our cache backend is redis."),
                surface("b", "The migration is done.", "Our cache backend is memcached."),
                surface("c", "Our cache backend is redis.", "The rollout is done.")));
        String expected = Renderer.render(merge(surfaces, embedder), Renderer.Options.defaults()).text();
        for (int i = 0; i < 6; i++) {
            Collections.rotate(surfaces, 1);
            if (i == 3) Collections.swap(surfaces, 0, 1);
            assertThat(Renderer.render(merge(surfaces, embedder), Renderer.Options.defaults()).text()).isEqualTo(expected);
        }
    }

    @Test
    void a_broken_embedder_warns_once_and_the_heuristic_claims_are_merged_as_they_were() {
        List<Surface> surfaces = List.of(surface("a", "The migration is finished."), surface("b", "The migration is done."));
        SemanticAlignment.Embedder broken = texts -> new float[1][];
        List<String> warnings = new ArrayList<>();
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(surfaces, MergeOptions.defaults(), null,
                SemanticAlignment.stage(broken, SemanticAlignment.Options.defaults()), CancelSignal.NEVER, warnings::add);
        assertThat(warnings).singleElement().asString().contains("semantic failed, keeping the heuristic claims");
        assertThat(m.mode()).isEqualTo("heuristic");
        assertThat(m.slots()).hasSize(2);
        MergeOutcome ok = BeliefMerge.mergeSurfacesAligned(surfaces, MergeOptions.defaults(), null,
                SemanticAlignment.stage(embedder, SemanticAlignment.Options.defaults()), CancelSignal.NEVER, warnings::add);
        assertThat(ok.mode()).isEqualTo("heuristic+semantic");
        assertThat(ok.slots()).hasSize(1);
    }

    @Test
    void hostile_vectors_and_options_are_refused_with_a_clear_message() {
        List<Branch> b = BeliefMerge.extractHeuristic(List.of(surface("a", "One thing."), surface("b", "Another thing.")),
                MergeOptions.defaults().extraction()).branches();
        SemanticAlignment.Options o = SemanticAlignment.Options.defaults();
        assertThatThrownBy(() -> SemanticAlignment.align(b, t -> new float[][] {{1, 0}, {1}}, o))
                .hasMessageContaining("unequal length");
        assertThatThrownBy(() -> SemanticAlignment.align(b, t -> new float[][] {{Float.NaN}, {1}}, o))
                .hasMessageContaining("non-finite");
        assertThatThrownBy(() -> new SemanticAlignment.Options(1.5, 0, 3, 2, 10)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void at_most_max_keys_are_compared_and_the_rest_pass_through() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 30; i++) lines.add("Item number " + i + " is ready.");
        Surface a = surface("a", lines.toArray(String[]::new));
        Surface b = surface("b", "Item number 1 is missing.");
        List<Branch> branches = BeliefMerge.extractHeuristic(List.of(a, b), MergeOptions.defaults().extraction()).branches();
        List<Integer> seen = new ArrayList<>();
        SemanticAlignment.Aligned out = SemanticAlignment.align(branches, t -> {
            seen.add(t.size());
            return embedder.embed(t);
        }, new SemanticAlignment.Options(0.85, 0, 3, 2, 10));
        assertThat(seen).containsExactly(10);
        assertThat(out.keys()).isEqualTo(10);
        assertThat(out.branches().getFirst().claims()).hasSize(30);
    }
}
