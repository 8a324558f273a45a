package io.dsh4j.kernel.loader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.kernel.config.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad configuration: each error names the file, the row and the field, and nothing is left running. */
class LoaderBadInputTest {

    @TempDir
    Path dir;

    final Kernel kernel = Kernel.create((level, source, message, error) -> { });
    final Plugin<JsonNode> limited = Plugin.named("limited",
            Schema.object().field("limit", Schema.natural().min(1).defaultValue(5))).setup((ctx, config) -> { });
    final PluginCatalog catalog = PluginCatalog.of(Map.of("@dsh/limited", limited));

    @AfterEach
    void close() {
        kernel.close();
    }

    Path file(String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, content);
        return f;
    }

    void assertNothingRuns() {
        kernel.awaitIdle();
        assertThat(kernel.registry().size()).isZero();
    }

    LoaderException boot(Path... files) {
        List<PatchLayer> layers = java.util.Arrays.stream(files).map(PatchLayer::read).toList();
        try {
            Loader.start(kernel.root(), catalog, Composition.compose(layers));
        } catch (LoaderException e) {
            return e;
        }
        throw new AssertionError("expected the boot to fail");
    }

    @Test
    void malformed_yaml_names_the_file_and_the_line() throws Exception {
        Path f = file("bad.yml", "- insert:\n  - {id: a, name: [unclosed\n");
        assertThatThrownBy(() -> PatchLayer.read(f)).isInstanceOf(LoaderException.class)
                .hasMessageStartingWith(f.toString() + ": malformed YAML: line ");
    }

    @Test
    void a_patch_that_is_not_a_list_names_the_file() throws Exception {
        Path mapping = file("map.yml", "id: a\nname: b\n");
        assertThatThrownBy(() -> PatchLayer.read(mapping))
                .hasMessage(mapping + ": must be a top-level YAML array of loader patch entries, not a mapping");
        Path empty = file("empty.yml", "# only a comment\n");
        assertThatThrownBy(() -> PatchLayer.read(empty))
                .hasMessage(empty + ": must be a top-level YAML array of loader patch entries, not an empty document");
        Path scalars = file("scalars.yml", "- 1\n");
        assertThatThrownBy(() -> PatchLayer.read(scalars))
                .hasMessage(scalars + ": entry 1 must be a mapping (a loader patch entry), not a number");
    }

    @Test
    void an_insert_that_is_not_a_list_of_rows_names_the_file_and_the_patch() throws Exception {
        Path mapping = file("insert-map.yml", "- insert: {id: a, name: '@dsh/limited'}\n");
        assertThatThrownBy(() -> PatchLayer.read(mapping))
                .hasMessage(mapping + ": entry 1: insert must be a list of entry rows, not a mapping");
        Path scalarRow = file("insert-scalar.yml", "- insert: [{id: a, name: '@dsh/limited'}]\n- insert: [a]\n");
        assertThatThrownBy(() -> PatchLayer.read(scalarRow))
                .hasMessage(scalarRow + ": entry 2: insert item 1 must be a mapping (an entry row), not a string");
    }

    @Test
    void a_group_row_listing_a_non_mapping_names_the_file_and_the_group() throws Exception {
        Path f = file("group.yml", "- insert: [{id: g, group: true, config: [{id: ok, name: '@dsh/limited'}, 3]}]\n");
        LoaderException e = boot(f);
        assertThat(e.problems()).singleElement().isEqualTo(new Problem(f.toString(), "g", "config.1",
                "a group's entries must be mappings, not a number"));
        assertNothingRuns();
    }

    @Test
    void a_missing_overlay_and_js_expressions_are_errors_naming_the_file() throws Exception {
        assertThatThrownBy(() -> PatchLayer.read(dir.resolve("absent.yml"))).hasMessageEndingWith("absent.yml: no such file");
        Path js = file("js.yml", "- insert: [{id: a, name: x, config: !!js process.env.X}]\n");
        assertThatThrownBy(() -> PatchLayer.read(js)).hasMessageContaining("js.yml: line 1: !!js expressions are not supported");
    }

    @Test
    void an_unknown_plugin_name_names_the_file_row_and_field() throws Exception {
        Path f = file("user.yml", "- insert: [{id: mystery, name: '@dsh/unknown'}]\n");
        LoaderException e = boot(f);
        assertThat(e.problems()).singleElement().isEqualTo(new Problem(f.toString(), "mystery", "name",
                "unknown plugin \"@dsh/unknown\" (known: @dsh/limited)"));
        assertNothingRuns();
    }

    @Test
    void duplicate_ids_name_both_files() throws Exception {
        Path a = file("a.yml", "- insert: [{id: twin, name: '@dsh/limited'}]\n");
        Path b = file("b.yml", "- insert: [{id: twin, name: '@dsh/limited'}]\n");
        LoaderException e = boot(a, b);
        assertThat(e.problems()).singleElement().isEqualTo(new Problem(b.toString(), "twin", "id",
                "duplicate loader entry id (first defined in " + a + ")"));
        assertNothingRuns();
    }

    @Test
    void a_config_failing_its_schema_names_the_overriding_file_row_and_field_and_nothing_starts() throws Exception {
        Path bundle = file("bundle.yml", "- insert: [{id: ok, name: '@dsh/limited'}, {id: lim, name: '@dsh/limited'}]\n");
        Path user = file("user.yml", "- id: lim\n  config: {limit: 0}\n");
        LoaderException e = boot(bundle, user);
        assertThat(e.problems()).singleElement().isEqualTo(new Problem(user.toString(), "lim", "config.limit",
                "expected number >= 1 but got 0"));
        assertThat(e).hasMessageContaining(user + ": entry \"lim\", field config.limit: expected number >= 1 but got 0");
        assertNothingRuns();
    }

    @Test
    void field_type_errors_are_all_reported_together() throws Exception {
        Path f = file("types.yml", """
                - insert:
                  - {id: a, name: '@dsh/limited', disabled: 'yes'}
                  - {id: b, name: 7}
                  - {id: c, name: '@dsh/limited', inject: [1]}
                  - {id: d, group: true, config: {not: a list}}
                """);
        LoaderException e = boot(f);
        assertThat(e.problems()).extracting(Problem::entry, Problem::field).containsExactly(
                org.assertj.core.groups.Tuple.tuple("a", "disabled"),
                org.assertj.core.groups.Tuple.tuple("b", "name"),
                org.assertj.core.groups.Tuple.tuple("c", "inject"),
                org.assertj.core.groups.Tuple.tuple("d", "config"));
        assertNothingRuns();
    }

    @Test
    void a_bad_reconcile_changes_nothing() throws Exception {
        Path good = file("good.yml", "- insert: [{id: lim, name: '@dsh/limited', config: {limit: 2}}]\n");
        Loader loader = Loader.start(kernel.root(), catalog, Composition.compose(List.of(PatchLayer.read(good))));
        var fiber = loader.fiber("lim").orElseThrow();
        Path bad = file("bad.yml", "- id: lim\n  config: {limit: -3}\n- insert: [{id: x, name: '@dsh/nope'}]\n");
        assertThatThrownBy(() -> loader.apply(Composition.compose(List.of(PatchLayer.read(good), PatchLayer.read(bad)))))
                .isInstanceOf(LoaderException.class).hasMessageContaining("2 problems");
        kernel.awaitIdle();
        assertThat(loader.fiber("lim")).containsSame(fiber);
        assertThat(fiber.config().toString()).isEqualTo("{\"limit\":2}");
    }

    @Test
    void oversized_patch_files_are_refused() throws Exception {
        Path big = dir.resolve("big.yml");
        Files.write(big, new byte[(int) PatchLayer.MAX_BYTES + 1]);
        assertThatThrownBy(() -> PatchLayer.read(big)).hasMessageContaining("larger than");
    }
}
