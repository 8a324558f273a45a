package io.dsh4j.beliefmerge.controls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.beliefmerge.core.Texts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spec §1.5–1.8 (checklist items 44–49; tests §10.9). */
class ControlsTest {

    static final Texts EN = Texts.english();
    static final long NOW = 1_800_000_000_000L;

    static final List<Candidate> CANDIDATES = List.of(
            Candidate.of("aaaaaaaa-1111", "Bilibili video summary (1)", "/home/u/videos"),
            Candidate.of("bbbbbbbb-2222", "Bilibili video summary", "/home/u/videos"),
            Candidate.of("cccccccc-3333", "Unrelated deployment notes", "/srv/deploy"));

    @TempDir
    Path dir;

    SourceState state(List<String> defaults, List<String> warnings) {
        return new SourceState(dir.resolve("s.json"), defaults, warnings::add, EN);
    }

    MergeControls controls(SourceState s) {
        return new MergeControls(s, () -> CANDIDATES, () -> NOW, EN);
    }

    // --- ranking and selection ---

    @Test
    void ranking_keeps_the_platform_order_without_mtimes_and_sorts_by_mtime_otherwise() {
        assertThat(Candidates.rank(CANDIDATES, null, List.of(), 20)).isEqualTo(CANDIDATES);
        List<Candidate> timed = List.of(new Candidate("old", null, null, false, 1L, null), new Candidate("new", null, null, false, 3L, null),
                new Candidate("mid", null, null, false, 2L, null));
        assertThat(Candidates.rank(timed, null, List.of(), 20)).extracting(Candidate::id).containsExactly("new", "mid", "old");
    }

    @Test
    void ranking_excludes_the_current_session_filters_on_title_id_and_workspace_and_caps() {
        assertThat(Candidates.rank(CANDIDATES, null, Arrays.asList("bbbbbbbb-2222", null, ""), 20)).extracting(Candidate::id)
                .doesNotContain("bbbbbbbb-2222");
        assertThat(Candidates.rank(CANDIDATES, "deployment", List.of(), 20)).hasSize(1);
        assertThat(Candidates.rank(CANDIDATES, "BBBB", List.of(), 20)).hasSize(1);
        assertThat(Candidates.rank(CANDIDATES, " bilibili ", List.of(), 20)).hasSize(2);
        assertThat(Candidates.rank(CANDIDATES, "srv/deploy", List.of(), 20)).hasSize(1);
        assertThat(Candidates.rank(CANDIDATES, "nothing", List.of(), 20)).isEmpty();
        assertThat(Candidates.rank(CANDIDATES, null, List.of(), 2)).hasSize(2);
    }

    @Test
    void selection_accepts_exact_ids_prefixes_and_numbers_deduplicated_in_order() {
        assertThat(Candidates.resolve(List.of("aaaaaaaa-1111"), CANDIDATES, CANDIDATES, EN).ids()).containsExactly("aaaaaaaa-1111");
        assertThat(Candidates.resolve(List.of("aaaa"), CANDIDATES, CANDIDATES, EN).ids()).containsExactly("aaaaaaaa-1111");
        assertThat(Candidates.resolve(List.of("1"), CANDIDATES, CANDIDATES, EN).ids()).containsExactly("aaaaaaaa-1111");
        assertThat(Candidates.resolve(List.of("1", "3"), CANDIDATES, CANDIDATES, EN).ids()).containsExactly("aaaaaaaa-1111", "cccccccc-3333");
        assertThat(Candidates.resolve(List.of("3", "1", "1", " ", ""), CANDIDATES, CANDIDATES, EN).ids())
                .containsExactly("cccccccc-3333", "aaaaaaaa-1111");
    }

    @Test
    void selection_reports_unknown_ambiguous_and_out_of_range_and_an_exact_id_beats_a_prefix() {
        List<Candidate> c = List.of(Candidate.of("ab", null, null), Candidate.of("abc", null, null), Candidate.of("abd", null, null));
        assertThat(Candidates.resolve(List.of("zzz"), c, c, EN).errors()).containsExactly("no session matches \"zzz\"");
        assertThat(Candidates.resolve(List.of("ab"), c, c, EN).ids()).containsExactly("ab");
        assertThat(Candidates.resolve(List.of("abx", "a"), c, c, EN).errors()).containsExactly("no session matches \"abx\"",
                "\"a\" is ambiguous: 3 sessions match");
        assertThat(Candidates.resolve(List.of("9", "0"), c, c, EN).errors()).containsExactly("#9 is out of range (the list has 3)",
                "#0 is out of range (the list has 3)");
        assertThat(Candidates.resolve(List.of("99999999999999999999"), c, c, EN).errors()).hasSize(1);
    }

    @Test
    void the_list_shows_ids_titles_the_current_mark_and_a_note() {
        String text = Candidates.format(CANDIDATES, List.of("bbbbbbbb-2222"), NOW, "Header", EN);
        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).isEqualTo("Header");
        assertThat(lines.get(2)).isEqualTo("   1  aaaaaaaa-1111                             ?     ?  Bilibili video summary (1)");
        assertThat(lines.get(3)).startsWith("*  2  bbbbbbbb-2222");
        assertThat(text).contains("currently merged").contains("(1)");
        assertThat(Candidates.format(List.of(), List.of(), NOW, null, EN)).isEqualTo("No sessions found.");
        assertThat(Candidates.format(List.of(Candidate.of("x", "t".repeat(80), null)), List.of(), NOW, null, EN).lines().toList().get(1))
                .endsWith("  " + "t".repeat(46));
    }

    @Test
    void ages_and_sizes_are_labelled_compactly() {
        assertThat(Candidates.ageLabel(NOW - 5 * 60_000L, NOW)).isEqualTo("5m");
        assertThat(Candidates.ageLabel(NOW - 3 * 3_600_000L, NOW)).isEqualTo("3h");
        assertThat(Candidates.ageLabel(NOW - 2 * 86_400_000L, NOW)).isEqualTo("2d");
        assertThat(Candidates.ageLabel(null, NOW)).isEqualTo("?");
        assertThat(Candidates.formatBytes(2048L)).isEqualTo("2K");
        assertThat(Candidates.formatBytes(0L)).isEqualTo("?");
        assertThat(Candidates.formatBytes(500L)).isEqualTo("500B");
        assertThat(Candidates.formatBytes(3L * 1024 * 1024 + 100_000)).isEqualTo("3.1M");
    }

    // --- the state layers ---

    @Test
    void config_defaults_apply_until_the_runtime_layer_wins() {
        SourceState s = state(List.of("a"), new ArrayList<>());
        assertThat(s.get()).containsExactly("a");
        assertThat(s.source()).isEqualTo("config");
        assertThat(s.set(List.of("b"))).isTrue();
        assertThat(s.get()).containsExactly("b");
        assertThat(s.source()).isEqualTo("runtime");
        assertThat(s.clear()).isTrue();
        assertThat(s.get()).containsExactly("a");
        assertThat(s.source()).isEqualTo("config");
    }

    @Test
    void an_empty_runtime_list_is_merge_nothing_not_clear() {
        SourceState s = state(List.of("a"), new ArrayList<>());
        s.set(List.of());
        assertThat(s.get()).isEmpty();
        assertThat(s.source()).isEqualTo("runtime");
        s.clear();
        assertThat(s.get()).containsExactly("a");
    }

    @Test
    void the_override_persists_and_another_state_on_the_same_file_sees_it() throws IOException {
        SourceState s = state(List.of(), new ArrayList<>());
        s.set(Arrays.asList("a", "a", "", null, "b"));
        assertThat(s.get()).containsExactly("a", "b");
        assertThat(Files.readString(dir.resolve("s.json"))).isEqualTo("{\n  \"version\": 1,\n  \"sources\": [\n    \"a\",\n    \"b\"\n  ]\n}\n");
        assertThat(state(List.of("x"), new ArrayList<>()).get()).containsExactly("a", "b");
        s.clear();
        assertThat(Files.readString(dir.resolve("s.json"))).isEqualTo("{\n  \"version\": 1,\n  \"sources\": null\n}\n");
    }

    @Test
    void a_corrupt_file_falls_back_to_config_with_exactly_one_warning() throws IOException {
        Files.writeString(dir.resolve("s.json"), "{not json");
        List<String> warnings = new ArrayList<>();
        SourceState s = state(List.of("a"), warnings);
        assertThat(s.get()).containsExactly("a");
        assertThat(s.source()).isEqualTo("config");
        assertThat(warnings).singleElement().asString().contains("unreadable source state").contains(dir.resolve("s.json").toString());
        Files.writeString(dir.resolve("s.json"), "{\"sources\": null}");
        assertThat(state(List.of("a"), new ArrayList<>()).source()).isEqualTo("config");
    }

    @Test
    void a_failed_write_returns_false_with_a_warning() throws IOException {
        Path blocker = Files.writeString(dir.resolve("blocker"), "a file, not a folder");
        List<String> warnings = new ArrayList<>();
        SourceState s = new SourceState(blocker.resolve("s.json"), List.of(), warnings::add, EN);
        assertThat(s.set(List.of("a"))).isFalse();
        assertThat(warnings).singleElement().asString().contains("could not persist source state");
    }

    @Test
    void q4_hand_edits_of_the_file_are_picked_up_without_a_restart() throws IOException, InterruptedException {
        SourceState s = state(List.of("a"), new ArrayList<>());
        assertThat(s.get()).containsExactly("a");
        Files.writeString(dir.resolve("s.json"), "{\"version\": 1, \"sources\": [\"hand-edited\"]}\n");
        Files.setLastModifiedTime(dir.resolve("s.json"), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        assertThat(s.get()).containsExactly("hand-edited");
        assertThat(s.source()).isEqualTo("runtime");
    }

    // --- the shared run() ---

    @Test
    void the_tool_schema_names_the_actions_and_the_output_shape() throws IOException {
        JsonNode params = new ObjectMapper().readTree(MergeSessionsTool.PARAMETERS_SCHEMA);
        assertThat(params.at("/properties/action/enum").toString()).isEqualTo("[\"list\",\"status\",\"set\",\"add\",\"remove\",\"clear\"]");
        assertThat(params.at("/required").toString()).isEqualTo("[\"action\"]");
        JsonNode output = new ObjectMapper().readTree(MergeSessionsTool.OUTPUT_SCHEMA);
        assertThat(output.at("/required").toString()).isEqualTo("[\"ok\",\"message\",\"sources\"]");
        assertThat(output.get("additionalProperties").asBoolean()).isFalse();
        assertThat(MergeSessionsTool.NAME).isEqualTo("merge_sessions");
    }

    @Test
    void list_shows_candidates_and_marks_the_current_ones() {
        SourceState s = state(List.of("aaaaaaaa-1111"), new ArrayList<>());
        MergeControls.Result r = controls(s).run(MergeControls.Action.LIST, List.of(), null, null);
        assertThat(r.ok()).isTrue();
        assertThat(r.message()).startsWith("Candidate sessions (newest first)").contains("bbbbbbbb-2222").contains("currently merged");
        assertThat(controls(s).run(MergeControls.Action.LIST, List.of(), null, "deploy").message())
                .startsWith("Candidate sessions matching \"deploy\"");
    }

    @Test
    void set_add_remove_and_clear_edit_the_runtime_layer() {
        SourceState s = state(List.of("cccccccc-3333"), new ArrayList<>());
        MergeControls c = controls(s);
        MergeControls.Result set = c.run(MergeControls.Action.SET, List.of("aaaa"), null, null);
        assertThat(set.ok()).isTrue();
        assertThat(set.message()).startsWith("Merging is now ON with 1 source(s):\n  - aaaaaaaa-1111").contains("no restart needed");
        assertThat(s.get()).containsExactly("aaaaaaaa-1111");
        c.run(MergeControls.Action.ADD, List.of("bbbb", "aaaa"), null, null);
        assertThat(s.get()).containsExactly("aaaaaaaa-1111", "bbbbbbbb-2222");
        c.run(MergeControls.Action.REMOVE, List.of("aaaa"), null, null);
        assertThat(s.get()).containsExactly("bbbbbbbb-2222");
        MergeControls.Result clear = c.run(MergeControls.Action.CLEAR, List.of(), null, null);
        assertThat(clear.ok()).isTrue();
        assertThat(s.get()).containsExactly("cccccccc-3333");
        assertThat(s.source()).isEqualTo("config");
    }

    @Test
    void unresolvable_ids_change_nothing_and_relist_the_sessions_and_an_empty_set_is_refused() {
        SourceState s = state(List.of("cccccccc-3333"), new ArrayList<>());
        MergeControls c = controls(s);
        MergeControls.Result bad = c.run(MergeControls.Action.SET, List.of("zzzz"), null, null);
        assertThat(bad.ok()).isFalse();
        assertThat(bad.message()).contains("Could not resolve: no session matches \"zzzz\".").contains("Available sessions:");
        assertThat(s.source()).isEqualTo("config");
        MergeControls.Result empty = c.run(MergeControls.Action.SET, List.of(), null, null);
        assertThat(empty.ok()).isFalse();
        assertThat(empty.message()).contains("No sessions named");
        assertThat(s.get()).containsExactly("cccccccc-3333");
    }

    @Test
    void the_current_session_is_never_merged_into_itself() {
        SourceState s = state(List.of("aaaaaaaa-1111"), new ArrayList<>());
        MergeControls c = controls(s);
        assertThat(c.run(MergeControls.Action.LIST, List.of(), "aaaaaaaa-1111", null).message()).doesNotContain("aaaaaaaa-1111");
        assertThat(c.status("aaaaaaaa-1111")).startsWith("Merging is OFF (set by: config).");
    }

    @Test
    void status_names_the_layer_the_sessions_and_the_state_file() {
        SourceState s = state(List.of("cccccccc-3333"), new ArrayList<>());
        MergeControls c = controls(s);
        assertThat(c.status(null)).contains("Merging is ON (set by: config).").contains("  - cccccccc-3333")
                .endsWith("State file: " + dir.resolve("s.json"));
        assertThat(c.run(MergeControls.Action.SET, List.of("aaaa", "bbbb"), "bbbbbbbb-2222", null).ok()).as("self is not a candidate").isFalse();
        c.run(MergeControls.Action.SET, List.of("aaaa"), "bbbbbbbb-2222", null);
        assertThat(c.run(MergeControls.Action.STATUS, List.of(), null, null).message()).contains("set by: runtime");
        assertThat(c.run(MergeControls.Action.named("bogus"), List.of(), null, null).message()).startsWith("Merging is ");
    }

    @Test
    void q14_a_config_default_naming_only_this_session_is_said_so() {
        SourceState s = state(List.of("aaaaaaaa-1111"), new ArrayList<>());
        String status = controls(s).status("aaaaaaaa-1111");
        assertThat(status).contains("names only this session").doesNotContain("runtime layer turned them off");
        SourceState off = state(List.of("cccccccc-3333"), new ArrayList<>());
        off.set(List.of());
        assertThat(controls(off).status(null)).contains("the runtime layer turned them off");
    }

    @Test
    void q6_numbers_refer_to_the_list_the_user_saw_last() {
        SourceState s = state(List.of(), new ArrayList<>());
        MergeControls c = controls(s);
        c.run(MergeControls.Action.LIST, List.of(), null, "deployment");
        c.run(MergeControls.Action.SET, List.of("1"), null, null);
        assertThat(s.get()).containsExactly("cccccccc-3333");
    }

    @Test
    void q7_a_selected_session_that_no_longer_exists_can_still_be_removed() {
        SourceState s = state(List.of(), new ArrayList<>());
        s.set(List.of("deleted-session-9", "aaaaaaaa-1111"));
        MergeControls.Result r = controls(s).run(MergeControls.Action.REMOVE, List.of("deleted-session-9"), null, null);
        assertThat(r.ok()).isTrue();
        assertThat(s.get()).containsExactly("aaaaaaaa-1111");
    }

    @Test
    void an_empty_candidate_list_says_so_and_a_listing_failure_propagates() {
        SourceState s = state(List.of(), new ArrayList<>());
        MergeControls none = new MergeControls(s, List::of, () -> NOW, EN);
        assertThat(none.run(MergeControls.Action.LIST, List.of(), null, null).message()).contains("No sessions found");
        Supplier<List<Candidate>> failing = () -> {
            throw new IllegalStateException("listing exploded");
        };
        MergeControls broken = new MergeControls(s, failing, () -> NOW, EN);
        assertThatThrownBy(() -> broken.run(MergeControls.Action.LIST, List.of(), null, null)).hasMessage("listing exploded");
    }

    @Test
    void a_full_page_of_candidates_says_a_query_narrows_it() {
        List<Candidate> many = new ArrayList<>();
        for (int i = 0; i < 30; i++) many.add(Candidate.of("s" + i, "t" + i, null));
        MergeControls c = new MergeControls(state(List.of(), new ArrayList<>()), () -> many, () -> NOW, EN);
        assertThat(c.run(MergeControls.Action.LIST, List.of(), null, null).message()).contains("Only the 20 most recent");
    }

    // --- the /merge command ---

    @Test
    void the_command_parses_keywords_and_treats_anything_else_as_set() {
        assertThat(MergeCommandLine.parse("").action()).isEqualTo(MergeControls.Action.LIST);
        assertThat(MergeCommandLine.parse(" List ").action()).isEqualTo(MergeControls.Action.LIST);
        assertThat(MergeCommandLine.parse("status").action()).isEqualTo(MergeControls.Action.STATUS);
        assertThat(MergeCommandLine.parse("find Deploy Notes").query()).isEqualTo("Deploy Notes");
        assertThat(MergeCommandLine.parse("list video").query()).isEqualTo("video");
        assertThat(MergeCommandLine.parse("add bbbb  cccc").inputs()).containsExactly("bbbb", "cccc");
        assertThat(MergeCommandLine.parse("rm aaaa").action()).isEqualTo(MergeControls.Action.REMOVE);
        assertThat(MergeCommandLine.parse("remove aaaa").inputs()).containsExactly("aaaa");
        MergeCommandLine.Parsed set = MergeCommandLine.parse("AAAAaaaa bbbb");
        assertThat(set.action()).isEqualTo(MergeControls.Action.SET);
        assertThat(set.inputs()).containsExactly("AAAAaaaa", "bbbb");
        assertThat(MergeCommandLine.parse("clear").action()).isEqualTo(MergeControls.Action.CLEAR);
    }

    @Test
    void q5_merge_off_stops_merging_even_when_the_config_lists_sources() {
        SourceState s = state(List.of("cccccccc-3333"), new ArrayList<>());
        MergeControls c = controls(s);
        MergeCommandLine.Parsed off = MergeCommandLine.parse("off");
        assertThat(off.action()).isEqualTo(MergeControls.Action.OFF);
        assertThat(c.run(off.action(), off.inputs(), null, off.query()).ok()).isTrue();
        assertThat(s.get()).isEmpty();
        assertThat(c.status(null)).startsWith("Merging is OFF (set by: runtime).");
        c.run(MergeCommandLine.parse("clear").action(), List.of(), null, null);
        assertThat(s.get()).containsExactly("cccccccc-3333");
    }
}
