package io.dsh4j.beliefmerge.core;

import static io.dsh4j.beliefmerge.core.Fixtures.reasoning;
import static io.dsh4j.beliefmerge.core.Fixtures.surface;
import static io.dsh4j.beliefmerge.core.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.beliefmerge.core.internal.JsonObjects;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Spec §4.1 joint alignment and §2.3.3 fallback (checklist items 11–16; tests §10.2). */
class AlignmentTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static final String ALIGNED = """
            {"slots":[{"key":"database.engine","type":"Fact","opinions":[
              {"source":"branch-a","value":"PostgreSQL","evidence":4,"quote":"We switched the database to PostgreSQL."},
              {"source":"branch-b","value":"MySQL","evidence":1,"quote":"The database is probably MySQL."}]}]}""";

    static List<Surface> surfaces() {
        return List.of(surface("branch-a", Trust.EXTERNAL, user("We switched the database to PostgreSQL.")),
                surface("branch-b", Trust.EXTERNAL, reasoning("The database is probably MySQL.")));
    }

    static MergeOutcome merge(TextModel model, MergeOptions o, List<String> warnings) {
        return BeliefMerge.mergeSurfacesAligned(surfaces(), o, model, CancelSignal.NEVER, warnings::add);
    }

    static JsonNode json(String s) {
        try {
            return JSON.readTree(s);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void joint_alignment_collapses_paraphrases_into_one_slot_and_evidence_decides() {
        List<String> warnings = new ArrayList<>();
        MergeOutcome m = merge(ScriptedModel.answering(ALIGNED), MergeOptions.defaults(), warnings);
        assertThat(m.mode()).isEqualTo("llm");
        assertThat(m.slots()).hasSize(1);
        Slot s = m.slots().getFirst();
        assertThat(s.key()).isEqualTo("database.engine");
        assertThat(s.decision()).isEqualTo(new Decision.Resolved("postgresql"));
        assertThat(s.state().values()).containsExactly("mysql", "postgresql");
        assertThat(s.claims()).allSatisfy(c -> assertThat(c.trust()).isEqualTo(Trust.EXTERNAL));
        assertThat(warnings).isEmpty();
    }

    @Test
    void fenced_and_prose_wrapped_json_is_accepted() {
        assertThat(merge(ScriptedModel.answering("```json\n" + ALIGNED + "\n```"), MergeOptions.defaults(), new ArrayList<>()).slots()).hasSize(1);
        assertThat(merge(ScriptedModel.answering("Here you go:\n" + ALIGNED + "\nHope this helps."), MergeOptions.defaults(),
                new ArrayList<>()).slots()).hasSize(1);
    }

    @Test
    void extract_json_object_rejects_empty_text_non_json_and_top_level_arrays() {
        assertThatThrownBy(() -> JsonObjects.extract("")).hasMessage("empty model response");
        assertThatThrownBy(() -> JsonObjects.extract("not json at all")).hasMessage("no JSON object found in model response");
        assertThatThrownBy(() -> JsonObjects.extract("[1,2,3]")).hasMessage("no JSON object found in model response");
        assertThatThrownBy(() -> JsonObjects.extract("{\"a\": }")).isInstanceOf(ModelOutputException.class).hasMessageContaining("JSON");
        assertThatThrownBy(() -> JsonObjects.extract("{\"a\":1} and {\"b\":2}")).isInstanceOf(ModelOutputException.class);
        assertThat(JsonObjects.extract("{\"a\":1,\"a\":2}").get("a").asInt()).as("last duplicate wins").isEqualTo(2);
    }

    @Test
    void invented_sources_are_dropped_and_cannot_forge_corroboration() {
        String forged = """
                {"slots":[{"key":"database.engine","opinions":[
                  {"source":"branch-a","value":"postgresql","evidence":4},
                  {"source":"ghost-1","value":"mysql","evidence":4},{"source":"ghost-2","value":"mysql","evidence":4}]}]}""";
        Alignment.Normalized n = Alignment.normalize(json(forged), Set.of("branch-a"), 40);
        assertThat(n.slots().getFirst().opinions()).extracting(Alignment.Opinion::source).containsExactly("branch-a");
        assertThat(n.dropped().get("unknownSource")).isEqualTo(2);
        MergeOutcome m = merge(ScriptedModel.answering(forged), MergeOptions.defaults(), new ArrayList<>());
        assertThat(m.slots().getFirst().decision()).isEqualTo(new Decision.Resolved("postgresql"));
        assertThat(m.slots().getFirst().state().size()).isEqualTo(1);
    }

    @Test
    void evidence_is_clamped_with_javascript_number_semantics() {
        String[] raw = {"4", "\"4\"", "\" 4 \"", "99", "-5", "2.5", "\"nonsense\"", "null", "\"\"", "false", "[]", "true", "{}",
                "\"0x3\"", "[3]", "\"Infinity\"", "1e400"};
        int[] expected = {4, 4, 4, 4, 1, 3, 2, 1, 1, 1, 1, 1, 2, 3, 3, 2, 2};
        for (int i = 0; i < raw.length; i++) {
            assertThat(Alignment.clampEvidence(json("{\"e\":" + raw[i] + "}").get("e"))).as(raw[i]).isEqualTo(expected[i]);
        }
        assertThat(Alignment.clampEvidence(null)).as("missing").isEqualTo(2);
    }

    @Test
    void normalisation_lower_cases_keys_and_values_defaults_types_sorts_and_caps() {
        String answer = """
                {"slots":[
                  {"key":" Zeta.Key ","type":"Goal","opinions":[{"source":"a","value":" Yes "}]},
                  {"key":"alpha","type":"goal","opinions":[{"source":"a","value":"x","quote":5}]},
                  {"key":"zeta.key","opinions":[{"source":"a","value":"dup"}]},
                  {"key":"","opinions":[{"source":"a","value":"x"}]},
                  {"key":"numbers","opinions":[{"source":"a","value":42}]},
                  {"key":"mid","opinions":"none"},
                  7,
                  {"key":"beta","opinions":[{"source":"b","value":"v"},{"source":"a","value":"w"},{"source":"a","value":"v"}]}]}""";
        Alignment.Normalized n = Alignment.normalize(json(answer), Set.of("a", "b"), 40);
        assertThat(n.slots()).extracting(Alignment.AlignedSlot::key).containsExactly("alpha", "beta", "zeta.key");
        assertThat(n.slots().get(2).opinions().getFirst().value()).isEqualTo("yes");
        assertThat(n.slots().get(2).type()).isEqualTo(SlotType.GOAL);
        assertThat(n.slots().get(0).type()).as("types are case-sensitive").isEqualTo(SlotType.FACT);
        assertThat(n.slots().get(0).opinions().getFirst().quote()).isEmpty();
        assertThat(n.slots().get(1).opinions()).extracting(o -> o.source() + ":" + o.value()).containsExactly("a:v", "a:w", "b:v");
        assertThat(n.dropped()).containsEntry("badKey", 2).containsEntry("notObject", 1).containsEntry("emptyValue", 1)
                .containsEntry("noOpinions", 2);
    }

    @Test
    void q8_the_slot_cap_keeps_the_models_first_slots_not_the_alphabetically_first() {
        String answer = """
                {"slots":[{"key":"zz.most.valuable","opinions":[{"source":"a","value":"v"}]},
                          {"key":"mm.second","opinions":[{"source":"a","value":"v"}]},
                          {"key":"aa.least","opinions":[{"source":"a","value":"v"}]}]}""";
        Alignment.Normalized n = Alignment.normalize(json(answer), Set.of("a"), 2);
        assertThat(n.slots()).extracting(Alignment.AlignedSlot::key).containsExactly("mm.second", "zz.most.valuable");
    }

    @Test
    void q9_premise_keys_are_normalised_like_slot_keys_and_nested_lists_are_alternative_routes() {
        String answer = """
                {"slots":[{"key":"c","derivedFrom":[" A.Key ","b","", 5, "b"],"opinions":[{"source":"a","value":"v"}]},
                          {"key":"d","derivedFrom":[["A"],["B","c"]],"opinions":[{"source":"a","value":"v"}]}]}""";
        Alignment.Normalized n = Alignment.normalize(json(answer), Set.of("a"), 40);
        assertThat(n.slots().get(0).derivedFrom()).containsExactly(List.of("a.key", "b"));
        assertThat(n.slots().get(1).derivedFrom()).containsExactly(List.of("a"), List.of("b", "c"));
    }

    @Test
    void zero_usable_slots_or_no_slots_array_is_an_error() {
        assertThatThrownBy(() -> Alignment.normalize(json("{\"slots\":[]}"), Set.of("a"), 40))
                .hasMessageStartingWith("alignment produced no usable slots");
        assertThatThrownBy(() -> Alignment.normalize(json("{}"), Set.of("a"), 40)).hasMessage("alignment response has no \"slots\" array");
        assertThatThrownBy(() -> Alignment.normalize(json("{\"slots\":[{\"key\":\"\",\"opinions\":[]}]}"), Set.of("a"), 40))
                .hasMessageContaining("model emitted 1 slot(s)");
    }

    @Test
    void without_a_model_the_pipeline_is_heuristic_and_makes_no_call() {
        List<String> warnings = new ArrayList<>();
        MergeOutcome m = merge(null, MergeOptions.defaults(), warnings);
        assertThat(m.mode()).isEqualTo("heuristic");
        assertThat(m.slots()).hasSize(2);
        assertThat(warnings).isEmpty();
        assertThat(m.adjudication().mode()).isEqualTo("none");
    }

    @Test
    void every_alignment_failure_warns_once_and_falls_back_to_the_heuristic() {
        List<TextModel> failing = List.of(
                ScriptedModel.throwing("boom"),
                ScriptedModel.replying(new ModelReply.Failure("llm stream failed", "STREAM")),
                ScriptedModel.replying(new ModelReply.Failure("stream aborted", "ABORTED")),
                ScriptedModel.replying(new ModelReply.Failure("alignment truncated at the token cap (invalid JSON likely)", "MAX_TOKENS")),
                ScriptedModel.replying(new ModelReply.Failure("no provider/model route available for alignment", null)),
                ScriptedModel.answering("not json"),
                ScriptedModel.answering("{\"nothing\": 1}"),
                ScriptedModel.answering("{\"slots\":[{\"key\":\"\",\"opinions\":[]}]}"),
                (s, u, m, c) -> null);
        for (TextModel model : failing) {
            List<String> warnings = new ArrayList<>();
            MergeOutcome m = merge(model, MergeOptions.defaults(), warnings);
            assertThat(m.mode()).isEqualTo("heuristic");
            assertThat(warnings).hasSize(1);
            assertThat(warnings.getFirst()).contains("heuristic fallback");
        }
    }

    @Test
    void the_prompt_names_every_branch_the_cap_and_labels_lines() {
        Alignment.Prompt p = Alignment.buildPrompt(surfaces(), new Alignment.Options(true, false, 6000, 17, 4000));
        assertThat(p.system()).contains("ALIGN BY MEANING").contains("\"derivedFrom\":[\"database.engine\"]");
        List<String> lines = p.user().lines().toList();
        assertThat(lines.get(0)).contains("2 branches");
        assertThat(lines.get(1)).endsWith("branch-a, branch-b");
        assertThat(lines.get(2)).contains("17");
        assertThat(lines.get(3)).isEmpty();
        assertThat(lines.subList(4, lines.size())).containsExactly("### branch id: branch-a",
                "[user] We switched the database to PostgreSQL.", "### branch id: branch-b", "[reasoning] The database is probably MySQL.");
    }

    @Test
    void reasoning_can_be_kept_out_of_the_prompt() {
        Alignment.Prompt p = Alignment.buildPrompt(surfaces(), new Alignment.Options(false, false, 6000, 40, 4000));
        assertThat(p.user()).doesNotContain("probably MySQL");
    }

    @Test
    void a_cut_branch_is_marked_truncated_and_keeps_its_tail() {
        List<Surface> s = List.of(surface("long", Trust.EXTERNAL, user("OLD ".repeat(500)), user("THE RECENT FACT")));
        Alignment.Prompt p = Alignment.buildPrompt(s, new Alignment.Options(true, false, 200, 40, 4000));
        assertThat(p.user()).contains("### branch id: long (truncated)").contains("THE RECENT FACT");
    }

    @Test
    void alignment_is_deterministic_and_forwards_the_cancel_signal_and_token_cap() {
        ScriptedModel model = ScriptedModel.answering(ALIGNED);
        CancelSignal signal = () -> false;
        Alignment.Options o = new Alignment.Options(true, false, 6000, 40, 1234);
        Alignment.Aligned first = Alignment.align(surfaces(), model, o, signal);
        Alignment.Aligned second = Alignment.align(surfaces(), model, o, signal);
        assertThat(second.branches()).isEqualTo(first.branches());
        assertThat(model.calls).hasSize(2);
        assertThat(model.calls.getFirst().cancel()).isSameAs(signal);
        assertThat(model.calls.getFirst().maxTokens()).isEqualTo(1234);
    }

    @Test
    void surfaces_without_opinions_still_get_a_branch_and_quotes_default_to_key_equals_value() {
        String answer = "{\"slots\":[{\"key\":\"k\",\"opinions\":[{\"source\":\"branch-a\",\"value\":\"v\"}]}]}";
        Alignment.Aligned a = Alignment.align(surfaces(), ScriptedModel.answering(answer), Alignment.Options.defaults(), CancelSignal.NEVER);
        assertThat(a.branches()).extracting(Branch::id).containsExactly("branch-a", "branch-b");
        assertThat(a.branches().get(1).claims()).isEmpty();
        assertThat(a.branches().get(0).claims().getFirst().text()).isEqualTo("k = v");
    }

    @Test
    void a_cancelled_merge_makes_no_model_call() {
        ScriptedModel model = ScriptedModel.answering(ALIGNED);
        List<String> warnings = new ArrayList<>();
        MergeOutcome m = BeliefMerge.mergeSurfacesAligned(surfaces(), MergeOptions.defaults(), model, () -> true, warnings::add);
        assertThat(model.calls).isEmpty();
        assertThat(m.mode()).isEqualTo("heuristic");
    }
}
