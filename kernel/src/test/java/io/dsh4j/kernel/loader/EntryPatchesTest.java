package io.dsh4j.kernel.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec §2.3 and Appendix B item 17: patch lists, applied exactly as DSH's {@code applyEntryPatches}. */
class EntryPatchesTest {

    static PatchLayer layer(String label, String yaml) {
        return PatchLayer.parse(label, yaml);
    }

    @Test
    void b17_an_insert_overridden_in_a_later_layer_takes_the_override() {
        Composition c = Composition.compose(List.of(
                layer("bundle", "- insert: [{id: tools, name: '@dsh/tools', config: {mode: native, limit: 3}}]"),
                layer("user", "- id: tools\n  config: {mode: code}")));
        assertThat(c.rows().toString())
                .isEqualTo("[{\"id\":\"tools\",\"name\":\"@dsh/tools\",\"config\":{\"mode\":\"code\"}}]");
        assertThat(c.warnings()).isEmpty();
        assertThat(c.sourceOf(c.liveRows().get(0), "config")).isEqualTo("user");
        assertThat(c.sourceOf(c.liveRows().get(0), "name")).isEqualTo("bundle");
    }

    @Test
    void b17_a_name_mismatched_override_is_skipped_with_a_warning() {
        Composition c = Composition.compose(List.of(
                layer("bundle", "- insert: [{id: tools, name: '@dsh/tools'}]"),
                layer("user", "- id: tools\n  name: '@other/tools'\n  disabled: true")));
        assertThat(c.rows().get(0).has("disabled")).isFalse();
        assertThat(c.warnings()).containsExactly(
                "[user] patch: name mismatch for \"tools\" (expected \"@dsh/tools\", got \"@other/tools\"), skipping");
    }

    @Test
    void b17_disabled_true_is_how_a_row_is_removed() {
        Composition c = Composition.compose(List.of(
                layer("bundle", "- insert: [{id: a, name: x}, {id: b, name: w}]"),
                layer("user", "- id: a\n  disabled: true")));
        assertThat(c.rows().get(0).get("disabled").booleanValue()).isTrue();
        assertThat(c.rows()).hasSize(2);
    }

    @Test
    void inserts_go_into_a_group_and_later_patches_in_the_same_list_can_target_them() {
        Composition c = Composition.compose(List.of(layer("one", """
                - insert: [{id: g, group: true, config: []}]
                - id: g
                  insert: [{id: child, name: x, config: {a: 1}}]
                - id: child
                  config: {a: 2}
                """)));
        assertThat(c.rows().toString()).isEqualTo(
                "[{\"id\":\"g\",\"group\":true,\"config\":[{\"id\":\"child\",\"name\":\"x\",\"config\":{\"a\":2}}]}]");
    }

    @Test
    void config_is_replaced_wholesale_not_merged() {
        Composition c = Composition.compose(List.of(
                layer("a", "- insert: [{id: r, name: x, config: {keep: 1, change: 1}}]"),
                layer("b", "- id: r\n  config: {change: 2}")));
        assertThat(c.rows().get(0).get("config").toString()).isEqualTo("{\"change\":2}");
    }

    @Test
    void patches_that_cannot_apply_warn_and_never_abort() {
        Composition c = Composition.compose(List.of(layer("p", """
                - config: {x: 1}
                - id: ghost
                  disabled: true
                - id: ghost
                  insert: [{id: z, name: z}]
                - insert: [{id: plain, name: p}]
                - id: plain
                  insert: [{id: w, name: w}]
                """)));
        assertThat(c.warnings()).containsExactly(
                "[p] patch: id is required for non-insert patches",
                "[p] patch: entry \"ghost\" not found",
                "[p] patch insert: entry \"ghost\" not found",
                "[p] patch insert: entry \"plain\" is not a group");
        assertThat(c.rows()).hasSize(1);
    }

    @Test
    void composing_never_mutates_the_layers() {
        PatchLayer base = layer("a", "- insert: [{id: r, name: x, config: {n: 1}}]");
        String before = base.patches().toString();
        Composition.compose(List.of(base, layer("b", "- id: r\n  config: {n: 2}")));
        assertThat(base.patches().toString()).isEqualTo(before);
    }

    @Test
    void the_dump_names_the_file_of_each_run_of_rows_and_the_layers_that_patched_them() {
        Composition c = Composition.compose(List.of(
                layer("@dsh/base", "- insert: [{id: a, name: x}, {id: b, name: w}]"),
                layer("/home/u/.dsh/cordis.patch.yml", "- id: b\n  disabled: true\n- insert: [{id: c, name: z}]")));
        assertThat(c.dump()).isEqualTo("""
                # == @dsh/base
                - id: a
                  name: x
                # == @dsh/base, patched by /home/u/.dsh/cordis.patch.yml
                - id: b
                  name: w
                  disabled: true
                # == /home/u/.dsh/cordis.patch.yml
                - id: c
                  name: z
                """);
        assertThat(Composition.compose(List.of()).dump()).isEqualTo("[]\n");
    }
}
