package io.dsh4j.tool.builtin;

import static io.dsh4j.tool.builtin.BuiltinFixture.args;
import static io.dsh4j.tool.builtin.BuiltinFixture.code;
import static io.dsh4j.tool.builtin.BuiltinFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.tool.ToolExecutionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** glob and grep: DSH's shapes, newest-first paths, grouping, caps, and no way out through links. */
class SearchToolsTest {

    @TempDir Path dir;
    @TempDir Path outside;
    private BuiltinFixture fx;

    @BeforeEach
    void tree() throws Exception {
        write("tree/src/index.ts", "export const a = 1;\nconst TODO = 2;\n", 4_000);
        write("tree/test/spec.ts", "// TODO: cover\n", 3_000);
        write("tree/docs/guide.md", "# Guide\nTODO later\n", 2_000);
        write("top.ts", "nothing here\n", 1_000);
        Files.write(dir.resolve("tree/blob.bin"), new byte[] {'T', 'O', 'D', 'O', 0, 1});
        Files.setLastModifiedTime(dir.resolve("tree/blob.bin"), FileTime.fromMillis(500));
        Files.writeString(outside.resolve("leak.ts"), "TODO secret\n");
        Files.createSymbolicLink(dir.resolve("tree/link"), outside);
        fx = new BuiltinFixture(dir);
    }

    private void write(String path, String text, long mtime) throws Exception {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, FileTime.fromMillis(mtime));
    }

    @AfterEach
    void close() {
        fx.close();
    }

    @Test
    void glob_without_a_slash_matches_names_at_any_depth_newest_first() {
        ToolExecutionResult result = fx.call("glob", args("pattern", "*.ts"));
        assertThat(text(result)).isEqualTo("tree/src/index.ts\ntree/test/spec.ts\ntop.ts");
        assertThat(result.meta().toString()).isEqualTo(
                "{\"shape\":\"paths\",\"paths\":[\"tree/src/index.ts\",\"tree/test/spec.ts\",\"top.ts\"],\"truncated\":false,\"total\":3}");
    }

    @Test
    void glob_with_a_path_and_a_slash_pattern_anchors_below_it() {
        assertThat(text(fx.call("glob", args("pattern", "src/*.ts", "path", "tree")))).isEqualTo("tree/src/index.ts");
        assertThat(text(fx.call("glob", args("pattern", "**/*.ts")))).isEqualTo("tree/src/index.ts\ntree/test/spec.ts\ntop.ts");
        assertThat(text(fx.call("glob", args("pattern", "*.rs")))).isEqualTo("No files found");
        assertThat(code(fx.call("glob", args("pattern", "*", "path", "..")))).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(code(fx.call("glob", args("pattern", "*", "path", "missing")))).isEqualTo("FS_NOT_FOUND");
        assertThat(text(fx.call("glob", args("pattern", "[")))).startsWith("Error: invalid glob pattern \"[\"");
    }

    @Test
    void glob_caps_its_paths_and_reports_the_total() throws Exception {
        try (BuiltinFixture capped = new BuiltinFixture(dir, new BuiltinConfig("", 2000, 1 << 20, 50 * 1024, 2000,
                120_000, 600_000, 30_000, 1 << 20, 2, 100_000, 60_000))) {
            ToolExecutionResult result = capped.call("glob", args("pattern", "*"));
            assertThat(text(result)).startsWith("tree/src/index.ts\ntree/test/spec.ts\n\n(Showing 2 of 5 paths");
            assertThat(result.meta().get("truncated").booleanValue()).isTrue();
        }
    }

    @Test
    void grep_groups_matches_by_file_skips_binaries_and_never_follows_links_out() {
        assertThat(text(fx.call("grep", args("pattern", "TODO")))).isEqualTo("Found 3 matches\n\n"
                + "tree/docs/guide.md\nLine 2: TODO later\n\n"
                + "tree/src/index.ts\nLine 2: const TODO = 2;\n\n"
                + "tree/test/spec.ts\nLine 1: // TODO: cover");
        assertThat(text(fx.call("grep", args("pattern", "TODO", "include", "*.md")))).isEqualTo("Found 1 match\n\ntree/docs/guide.md\nLine 2: TODO later");
        assertThat(text(fx.call("grep", args("pattern", "export", "path", "tree/src/index.ts"))))
                .isEqualTo("Found 1 match\n\ntree/src/index.ts\nLine 1: export const a = 1;");
        assertThat(text(fx.call("grep", args("pattern", "absent")))).isEqualTo("No matches found");
    }

    @Test
    void grep_refuses_a_bad_regular_expression_and_caps_matches() throws Exception {
        ToolExecutionResult bad = fx.call("grep", args("pattern", "(unclosed"));
        assertThat(text(bad)).startsWith("Error: invalid regular expression: Unclosed group");
        assertThat(code(bad)).isEqualTo("SEARCH_INVALID_PATTERN");
        try (BuiltinFixture capped = new BuiltinFixture(dir, new BuiltinConfig("", 2000, 1 << 20, 50 * 1024, 2000,
                120_000, 600_000, 30_000, 1 << 20, 1, 100_000, 60_000))) {
            assertThat(text(capped.call("grep", args("pattern", "TODO")))).startsWith("Found 1 of 3 matches\n\n")
                    .endsWith("(The complete result was not kept; narrow pattern, path, or include to see more.)");
        }
    }

    @Test
    void a_backtracking_pattern_is_stopped_by_the_search_budget() throws Exception {
        write("evil.txt", "a".repeat(30) + "\n", 5_000);
        try (BuiltinFixture budgeted = new BuiltinFixture(dir, new BuiltinConfig("", 2000, 1 << 20, 50 * 1024, 2000,
                120_000, 600_000, 30_000, 1 << 20, 100, 100_000, 50))) {
            ToolExecutionResult result = budgeted.call("grep", args("pattern", "(.*a){12}b", "path", "evil.txt"));
            assertThat(code(result)).isEqualTo("SEARCH_TIMEOUT");
            assertThat(text(result)).isEqualTo("Error: grep stopped after 50 ms; use a simpler pattern or narrow path or include");
        }
    }

    @Test
    void grep_with_a_catastrophic_pattern_on_a_huge_line_stays_bounded_per_line() throws Exception {
        write("hostile.txt", "a".repeat(200_000) + "\n", 5_000);
        ToolExecutionResult result = fx.call("grep", args("pattern", "b$", "path", "hostile.txt"));
        assertThat(text(result)).isEqualTo("No matches found");
    }

    // Shapes from the issue-17 tool-argument fuzz campaign (bench FuzzCampaign, entry point tools).

    @Test
    void a_huge_invalid_glob_pattern_is_refused_without_being_echoed_back() {
        String pattern = "a".repeat(2_000_000) + "[";
        for (String tool : new String[] {"glob", "grep"}) {
            var result = fx.call(tool, tool.equals("glob") ? args("pattern", pattern) : args("pattern", "a", "include", pattern));
            assertThat(text(result)).as(tool).startsWith("Error: invalid glob pattern \"aaaa")
                    .contains("… (2000001 characters)\": ").hasSizeLessThan(400);
        }
    }

    @Test
    void a_four_mebibyte_grep_pattern_is_refused_before_it_is_compiled() {
        // Pattern.compile is quadratic in a long literal: this one would take hours, uninterruptibly
        var result = fx.call("grep", args("pattern", "a".repeat(4 << 20)));
        assertThat(code(result)).isEqualTo("SEARCH_INVALID_PATTERN");
        assertThat(text(result)).isEqualTo("Error: invalid regular expression: 4194304 characters long, at most 4096 are allowed");
        assertThat(text(fx.call("grep", args("pattern", "(?:TODO|" + "x".repeat(4087) + ")")))).startsWith("Found 3 matches");
    }
}
