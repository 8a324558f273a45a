package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.claim;
import static io.dsh4j.beliefmerge.core.Fixtures.surface;
import static io.dsh4j.beliefmerge.core.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Spec §2.5, §4.2 (checklist items 20–25; tests §10.3 and the §10.2 integration cases). */
class AdjudicationTest {

    static final Texts EN = Texts.english();

    static List<Slot> tieSlots(int evidence) {
        return BeliefMerge.mergeBranches(List.of(
                new Branch("branch-a", Trust.EXTERNAL, List.of(Claim.of("database.engine", "postgresql", evidence, "We use PostgreSQL.", "branch-a"))),
                new Branch("branch-b", Trust.EXTERNAL, List.of(Claim.of("database.engine", "mysql", 2, "We use MySQL.", "branch-b")))),
                Score.EGALITARIAN);
    }

    static String answer(String outcome, String value) {
        return "{\"resolutions\":[{\"key\":\"database.engine\",\"outcome\":\"" + outcome + "\""
                + (value == null ? "" : ",\"value\":\"" + value + "\"") + ",\"premises\":[\"c0.o1\"],\"rationale\":\"r\"}]}";
    }

    static Adjudication.Outcome run(List<Slot> slots, TextModel model, boolean symmetry) {
        return Adjudication.adjudicate(slots, model, new Adjudication.Options(symmetry, 2000, 12), CancelSignal.NEVER, EN);
    }

    static String render(List<Slot> slots) {
        return Renderer.render(Derivations.propagate(slots).slots(), Renderer.Options.defaults().withBudget(2000)).text();
    }

    @Test
    void only_ties_are_conflicts() {
        assertThat(Adjudication.findConflicts(tieSlots(2))).hasSize(1);
        assertThat(Adjudication.findConflicts(tieSlots(4))).isEmpty();
    }

    @Test
    void a_conflict_carries_sorted_options_with_sources_and_quotes() {
        Adjudication.Conflict c = Adjudication.findConflicts(tieSlots(2)).getFirst();
        assertThat(c.key()).isEqualTo("database.engine");
        assertThat(c.type()).isEqualTo(SlotType.FACT);
        assertThat(c.options()).extracting(Adjudication.Option::value).containsExactly("mysql", "postgresql");
        assertThat(c.options()).allSatisfy(o -> {
            assertThat(o.quotes()).isNotEmpty();
            assertThat(o.sources()).isNotEmpty();
            assertThat(o.maxEvidence()).isEqualTo(2);
        });
    }

    @Test
    void the_system_prompt_says_order_means_nothing_unresolvable_is_good_and_never_invent() {
        assertThat(Pattern.compile("order carries no meaning", Pattern.CASE_INSENSITIVE).matcher(Adjudication.SYSTEM_PROMPT).find()).isTrue();
        assertThat(Pattern.compile("unresolvable.*GOOD answer", Pattern.CASE_INSENSITIVE | Pattern.DOTALL).matcher(Adjudication.SYSTEM_PROMPT).find()).isTrue();
        assertThat(Pattern.compile("never\\s+invent a value", Pattern.CASE_INSENSITIVE).matcher(Adjudication.SYSTEM_PROMPT).find()).isTrue();
    }

    @Test
    void the_prompt_has_the_exact_structure_and_reversal_renumbers_options() {
        List<Adjudication.Conflict> cs = Adjudication.findConflicts(tieSlots(2));
        String forward = Adjudication.buildPrompt(cs, false);
        String backward = Adjudication.buildPrompt(cs, true);
        assertThat(forward).isEqualTo("""
                1 conflict(s) to resolve. Keys are: database.engine

                CONFLICT 0  key="database.engine"  type="Fact"
                  option id="c0.o0" value="mysql"
                    asserted in [branch-b]: We use MySQL.
                  option id="c0.o1" value="postgresql"
                    asserted in [branch-a]: We use PostgreSQL.""");
        assertThat(backward).isNotEqualTo(forward).contains("option id=\"c0.o0\" value=\"postgresql\"").contains("mysql");
    }

    @Test
    void an_option_without_quotes_names_its_sources() {
        Adjudication.Conflict c = new Adjudication.Conflict("k", SlotType.GOAL, List.of(
                new Adjudication.Option("a", List.of("s1", "s2"), 2, List.of()), new Adjudication.Option("b", List.of(), 0, List.of())));
        assertThat(Adjudication.buildPrompt(List.of(c), false)).contains("    (no verbatim quote recorded; sources: s1, s2)")
                .contains("    (no verbatim quote recorded; sources: unknown)").contains("type=\"Goal\"");
    }

    @Test
    void a_consistent_answer_is_attached_and_the_state_is_untouched() {
        ScriptedModel model = ScriptedModel.answering(answer("choose", "postgresql"));
        Adjudication.Outcome r = run(tieSlots(2), model, true);
        assertThat(r.mode()).isEqualTo("llm");
        assertThat(r.conflicts()).isEqualTo(1);
        assertThat(r.resolved()).isEqualTo(1);
        Slot s = r.slots().getFirst();
        assertThat(s.resolution().outcome()).isEqualTo(Resolution.Outcome.CHOOSE);
        assertThat(s.resolution().value()).isEqualTo("postgresql");
        assertThat(s.decision().outcome()).isEqualTo("disputed");
        assertThat(s.state()).isEqualTo(tieSlots(2).getFirst().state());
        assertThat(model.calls).hasSize(2);
        String text = render(r.slots());
        assertThat(text).contains("database.engine` = **postgresql**").containsIgnoringCase("tie broken by adjudication").doesNotContain("DISPUTED");
    }

    @Test
    void both_and_conditional_render_their_headings() {
        assertThat(render(run(tieSlots(2), ScriptedModel.answering(answer("both", null)), false).slots())).contains("BOTH hold");
        String conditional = "{\"resolutions\":[{\"key\":\"database.engine\",\"outcome\":\"conditional\",\"guard\":\"if deployed on K8s\"}]}";
        Adjudication.Outcome r = run(tieSlots(2), ScriptedModel.answering(conditional), false);
        assertThat(r.slots().getFirst().resolution().guard()).isEqualTo("if deployed on K8s");
        assertThat(render(r.slots())).contains("CONDITIONAL \u2014 both hold under different conditions: if deployed on K8s:");
        String noGuard = "{\"resolutions\":[{\"key\":\"database.engine\",\"outcome\":\"conditional\",\"guard\":\"  \"}]}";
        Adjudication.Outcome empty = run(tieSlots(2), ScriptedModel.answering(noGuard), false);
        assertThat(empty.slots().getFirst().resolution()).isNull();
        assertThat(render(empty.slots())).contains("DISPUTED");
    }

    @Test
    void an_invented_value_is_dropped_and_a_differently_cased_one_accepted() {
        Adjudication.Outcome invented = run(tieSlots(2), ScriptedModel.answering(answer("choose", "sqlite")), false);
        assertThat(invented.slots().getFirst().resolution()).isNull();
        assertThat(render(invented.slots())).contains("DISPUTED");
        Adjudication.Outcome cased = run(tieSlots(2), ScriptedModel.answering(answer("choose", " PostgreSQL ")), false);
        assertThat(cased.slots().getFirst().resolution().value()).isEqualTo("postgresql");
    }

    @Test
    void a_flip_between_forward_and_reversed_runs_is_unresolvable_and_order_sensitive() {
        Adjudication.Outcome r = run(tieSlots(2), ScriptedModel.answering(answer("choose", "postgresql"), answer("choose", "mysql")), true);
        assertThat(r.orderSensitive()).isEqualTo(1);
        assertThat(r.resolved()).isZero();
        Resolution res = r.slots().getFirst().resolution();
        assertThat(res.outcome()).isEqualTo(Resolution.Outcome.UNRESOLVABLE);
        assertThat(res.orderSensitive()).isTrue();
        assertThat(res.rationale()).startsWith("order-sensitive");
        assertThat(render(r.slots())).contains("DISPUTED");
    }

    @Test
    void a_stable_answer_survives_the_symmetry_check() {
        Adjudication.Outcome r = run(tieSlots(2), ScriptedModel.answering(answer("choose", "postgresql")), true);
        assertThat(r.orderSensitive()).isZero();
        assertThat(r.slots().getFirst().resolution().value()).isEqualTo("postgresql");
    }

    @Test
    void reconciliation_compares_outcomes_and_values_never_option_ids() {
        Resolution fwd = new Resolution("k", Resolution.Outcome.CHOOSE, "a", null, List.of("c0.o0"), "", false, false);
        Resolution sameValue = new Resolution("k", Resolution.Outcome.CHOOSE, "a", null, List.of("c0.o1"), "", true, false);
        Resolution otherValue = new Resolution("k", Resolution.Outcome.CHOOSE, "b", null, List.of("c0.o0"), "", true, false);
        Resolution cond1 = new Resolution("c", Resolution.Outcome.CONDITIONAL, null, "if x", List.of(), "", false, false);
        Resolution cond2 = new Resolution("c", Resolution.Outcome.CONDITIONAL, null, "when y", List.of(), "", true, false);
        assertThat(Adjudication.reconcile(Map.of("k", fwd, "c", cond1), Map.of("k", sameValue, "c", cond2), EN).orderSensitive()).isZero();
        assertThat(Adjudication.reconcile(Map.of("k", fwd), Map.of("k", otherValue), EN).orderSensitive()).isEqualTo(1);
        Adjudication.Reconciled missing = Adjudication.reconcile(Map.of("k", fwd), Map.of(), EN);
        assertThat(missing.rejected()).isEqualTo(1);
        assertThat(missing.resolutions()).isEmpty();
    }

    @Test
    void symmetry_on_costs_exactly_two_calls_and_off_one() {
        ScriptedModel on = ScriptedModel.answering(answer("choose", "postgresql"));
        run(tieSlots(2), on, true);
        ScriptedModel off = ScriptedModel.answering(answer("choose", "postgresql"));
        run(tieSlots(2), off, false);
        assertThat(on.calls).hasSize(2);
        assertThat(off.calls).hasSize(1);
        assertThat(on.calls.get(0).user()).isNotEqualTo(on.calls.get(1).user());
    }

    @Test
    void unknown_keys_bad_outcomes_and_duplicates_are_dropped() {
        List<Adjudication.Conflict> cs = Adjudication.findConflicts(tieSlots(2));
        Adjudication.Parsed p = Adjudication.parse("""
                {"resolutions":[{"key":"DATABASE.ENGINE","outcome":"choose","value":"mysql"},
                  {"key":"database.engine","outcome":"pick","value":"mysql"},
                  {"key":"database.engine","outcome":"both"},
                  {"key":"database.engine","outcome":"choose","value":"mysql"}, 3]}""", cs, false);
        assertThat(p.resolutions()).containsOnlyKeys("database.engine");
        assertThat(p.resolutions().get("database.engine").outcome()).isEqualTo(Resolution.Outcome.BOTH);
        assertThat(p.dropped()).containsEntry("unknownKey", 1).containsEntry("badOutcome", 1).containsEntry("duplicate", 1);
    }

    @Test
    void a_malformed_answer_is_an_error_that_leaves_slots_untouched() {
        List<Slot> before = tieSlots(2);
        Adjudication.Outcome r = run(before, ScriptedModel.answering("not json at all"), true);
        assertThat(r.mode()).isEqualTo("error");
        assertThat(r.error()).containsIgnoringCase("JSON");
        assertThat(r.slots()).isEqualTo(before);
        Adjudication.Outcome noArray = run(before, ScriptedModel.answering("{\"answers\":[]}"), true);
        assertThat(noArray.error()).isEqualTo("adjudication response has no \"resolutions\" array");
    }

    @Test
    void no_ties_means_no_call_and_no_model_means_skipped() {
        ScriptedModel model = ScriptedModel.answering(answer("choose", "postgresql"));
        Adjudication.Outcome none = run(tieSlots(4), model, true);
        assertThat(none.mode()).isEqualTo("none");
        assertThat(model.calls).isEmpty();
        Adjudication.Outcome skipped = Adjudication.adjudicate(tieSlots(2), null, Adjudication.Options.defaults(), CancelSignal.NEVER, EN);
        assertThat(skipped.mode()).isEqualTo("skipped");
        assertThat(skipped.conflicts()).isEqualTo(1);
        assertThat(skipped.slots().getFirst().resolution()).isNull();
    }

    @Test
    void at_most_max_conflicts_are_sent_the_most_corroborated_first_in_key_order() {
        List<Claim> claims = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String key = String.format("k%02d", i);
            claims.add(claim(key, "x", 2, "x", "s1", Trust.EXTERNAL));
            claims.add(claim(key, "y", 2, "y", "s2", Trust.EXTERNAL));
            if (i % 7 == 0) claims.add(claim(key, "x", 2, "x", "s3", Trust.EXTERNAL));
            if (i % 7 == 0) claims.add(claim(key, "y", 2, "y", "s4", Trust.EXTERNAL));
        }
        List<Slot> slots = BeliefMerge.mergeBranches(List.of(new Branch("all", Trust.EXTERNAL, claims)), Score.EGALITARIAN);
        ScriptedModel model = ScriptedModel.answering("{\"resolutions\":[]}");
        Adjudication.Outcome r = Adjudication.adjudicate(slots, model, new Adjudication.Options(true, 2000, 5), CancelSignal.NEVER, EN);
        assertThat(r.conflicts()).isEqualTo(5);
        String prompt = model.calls.getFirst().user();
        assertThat(prompt).startsWith("5 conflict(s) to resolve. Keys are: k00, k07, k14, k21, k28\n");
        assertThat(prompt).contains("CONFLICT 4  key=\"k28\"");
    }

    @Test
    void adjudication_is_deterministic_and_the_state_stays_the_source_of_truth() {
        Adjudication.Outcome a = run(tieSlots(2), ScriptedModel.answering(answer("choose", "mysql")), true);
        Adjudication.Outcome b = run(tieSlots(2), ScriptedModel.answering(answer("choose", "mysql")), true);
        assertThat(a.slots()).isEqualTo(b.slots());
        assertThat(a.slots().getFirst().resolution().value()).isEqualTo("mysql");
        assertThat(a.slots().getFirst().state().values()).containsExactly("mysql", "postgresql");
    }

    // --- the pipeline in one call: alignment -> merge -> adjudication -> derivation (§10.2 18-21) ---

    static final String TTL_ALIGNED = """
            {"slots":[{"key":"cache.ttl_seconds","opinions":[
              {"source":"a","value":"sixty","evidence":2,"quote":"TTL is sixty."},
              {"source":"b","value":"three_hundred","evidence":2,"quote":"TTL is three hundred."}]}]}""";

    static List<Surface> ttlSurfaces() {
        return List.of(surface("a", Trust.EXTERNAL, user("The cache TTL is sixty seconds.")),
                surface("b", Trust.EXTERNAL, user("The cache TTL is three hundred seconds.")));
    }

    static String ttlAnswer(String value) {
        return "{\"resolutions\":[{\"key\":\"cache.ttl_seconds\",\"outcome\":\"choose\",\"value\":\"" + value + "\"}]}";
    }

    @Test
    void integration_a_tie_is_aligned_merged_adjudicated_and_rendered_decided_in_three_calls() {
        ScriptedModel model = ScriptedModel.answering(TTL_ALIGNED, ttlAnswer("sixty"));
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(ttlSurfaces(), MergeOptions.defaults(), model, CancelSignal.NEVER, w -> { });
        assertThat(m.mode()).isEqualTo("llm");
        assertThat(m.adjudication()).isEqualTo(new MergeOutcome.AdjudicationSummary("llm", 1, 1, 0, null));
        assertThat(m.slots().getFirst().resolution().value()).isEqualTo("sixty");
        assertThat(m.render(Renderer.Options.defaults()).text()).contains("cache.ttl_seconds` = **sixty**").doesNotContain("DISPUTED");
        assertThat(model.calls).hasSize(3);
    }

    @Test
    void integration_adjudicate_off_leaves_the_tie_disputed_after_one_call() {
        ScriptedModel model = ScriptedModel.answering(TTL_ALIGNED, ttlAnswer("sixty"));
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(ttlSurfaces(), MergeOptions.defaults().withAdjudicate(false), model,
                CancelSignal.NEVER, w -> { });
        assertThat(m.adjudication().mode()).isEqualTo("none");
        assertThat(m.slots().getFirst().resolution()).isNull();
        assertThat(m.render(Renderer.Options.defaults()).text()).contains("DISPUTED");
        assertThat(model.calls).hasSize(1);
    }

    @Test
    void integration_an_order_sensitive_adjudicator_is_downgraded() {
        ScriptedModel model = ScriptedModel.answering(TTL_ALIGNED, ttlAnswer("sixty"), ttlAnswer("three_hundred"));
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(ttlSurfaces(), MergeOptions.defaults(), model, CancelSignal.NEVER, w -> { });
        assertThat(m.adjudication().orderSensitive()).isEqualTo(1);
        assertThat(m.adjudication().resolved()).isZero();
        assertThat(m.slots().getFirst().resolution().outcome()).isEqualTo(Resolution.Outcome.UNRESOLVABLE);
        assertThat(m.render(Renderer.Options.defaults()).text()).contains("DISPUTED");
    }

    @Test
    void integration_a_failing_adjudicator_warns_and_the_tie_stands() {
        List<String> warnings = new ArrayList<>();
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(ttlSurfaces(), MergeOptions.defaults(),
                ScriptedModel.answering(TTL_ALIGNED, "total nonsense"), CancelSignal.NEVER, warnings::add);
        assertThat(m.mode()).isEqualTo("llm");
        assertThat(m.adjudication().mode()).isEqualTo("error");
        assertThat(m.slots()).hasSize(1);
        assertThat(m.render(Renderer.Options.defaults()).text()).contains("DISPUTED");
        assertThat(warnings).singleElement().asString().contains("adjudication failed");
    }

    @Test
    void heuristic_ties_after_an_alignment_failure_are_still_adjudicated() {
        // same sentence asserted by one source and refuted by another at equal evidence -> a heuristic tie
        List<Surface> s = List.of(surface("a", Trust.EXTERNAL, user("The cache is enabled.")),
                surface("b", Trust.EXTERNAL, user("The cache is not enabled.")));
        String answer = "{\"resolutions\":[{\"key\":\"the cache is enabled\",\"outcome\":\"choose\",\"value\":\"refute\"}]}";
        ScriptedModel model = ScriptedModel.answering("no json here", answer);
        List<String> warnings = new ArrayList<>();
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(s, MergeOptions.defaults(), model, CancelSignal.NEVER, warnings::add);
        assertThat(m.mode()).isEqualTo("heuristic");
        assertThat(m.adjudication().mode()).isEqualTo("llm");
        assertThat(m.slots().getFirst().resolution().value()).isEqualTo("refute");
        assertThat(warnings).singleElement().asString().contains("heuristic fallback");
    }

    @Test
    void derivation_runs_after_adjudication_so_a_settled_tie_supports_its_conclusions() {
        String aligned = """
                {"slots":[{"key":"cache.ttl_seconds","opinions":[
                  {"source":"a","value":"sixty","evidence":2},{"source":"b","value":"three_hundred","evidence":2}]},
                 {"key":"cache.warm_start","derivedFrom":["cache.ttl_seconds"],"opinions":[{"source":"a","value":"yes","evidence":2}]}]}""";
        MergeOutcome settled = BeliefMerge.mergeSurfacesAligned(ttlSurfaces(), MergeOptions.defaults(),
                ScriptedModel.answering(aligned, ttlAnswer("sixty")), CancelSignal.NEVER, w -> { });
        Slot warm = settled.slots().stream().filter(s -> s.key().equals("cache.warm_start")).findFirst().orElseThrow();
        assertThat(warm.derivation().status()).isEqualTo(Derivation.Status.FOUNDED);
        MergeOutcome standing = BeliefMerge.mergeSurfacesAligned(ttlSurfaces(), MergeOptions.defaults().withAdjudicate(false),
                ScriptedModel.answering(aligned), CancelSignal.NEVER, w -> { });
        Slot retracted = standing.slots().stream().filter(s -> s.key().equals("cache.warm_start")).findFirst().orElseThrow();
        assertThat(retracted.derivation().status()).isEqualTo(Derivation.Status.RETRACTED);
        assertThat(standing.derivation().retracted()).containsExactly("cache.warm_start");
    }
}
