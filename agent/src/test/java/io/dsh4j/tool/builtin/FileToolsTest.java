package io.dsh4j.tool.builtin;

import static io.dsh4j.tool.builtin.BuiltinFixture.args;
import static io.dsh4j.tool.builtin.BuiltinFixture.code;
import static io.dsh4j.tool.builtin.BuiltinFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.tool.ToolExecutionResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file tools read, write and edit: DSH's shapes, confinement to the working directory, hostile input. */
class FileToolsTest {

    @TempDir Path dir;
    @TempDir Path outside;
    private BuiltinFixture fx;
    private String cwd;

    private BuiltinFixture fx() throws Exception {
        if (fx == null) {
            fx = new BuiltinFixture(dir);
            cwd = dir.toRealPath().toString();
        }
        return fx;
    }

    @AfterEach
    void close() {
        if (fx != null) {
            fx.close();
        }
    }

    @Test
    void read_numbers_lines_as_DSH_renders_them() throws Exception {
        Files.writeString(dir.resolve("config.txt"), "mode=DEBUG\nlevel=info\n");
        ToolExecutionResult result = fx().call("read", args("file_path", "config.txt"));
        assertThat(text(result)).isEqualTo("<path>" + dir.resolve("config.txt") + "</path>\n<type>file</type>\n<content>\n"
                + "1: mode=DEBUG\n2: level=info\n\n(End of file - total 2 lines)\n</content>");
        assertThat(result.meta().get("totalLines").asInt()).isEqualTo(2);
    }

    @Test
    void read_windows_with_offset_and_limit_and_says_how_to_continue() throws Exception {
        StringBuilder big = new StringBuilder();
        String[] words = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
        for (String w : words) {
            big.append("line ").append(w).append('\n');
        }
        Files.writeString(dir.resolve("big.txt"), big);
        assertThat(text(fx().call("read", args("file_path", "big.txt", "offset", 5, "limit", 4)))).endsWith(
                "5: line five\n6: line six\n7: line seven\n8: line eight\n\n(Showing lines 5-8 of 10. Use offset=9 to continue.)\n</content>");
        assertThat(text(fx().call("read", args("file_path", "big.txt", "offset", 11))))
                .isEqualTo("Error: offset 11 is out of range for \"" + dir.resolve("big.txt") + "\" (10 lines)");
        assertThat(text(fx().call("read", args("file_path", "big.txt", "offset", 0))))
                .isEqualTo("Error: invalid arguments: \"offset\" must be a positive integer");
        assertThat(text(fx().call("read", args("file_path", "big.txt", "limit", 5000))))
                .isEqualTo("Error: invalid arguments: \"limit\" must be less than or equal to 2000");
    }

    @Test
    void offsets_and_limits_out_of_their_range_are_INVALID_ARGS_like_every_other_argument_error() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "one\n");
        for (Object bad : new Object[] {0, -1, 1.5, 1e300}) {
            for (String field : new String[] {"offset", "limit"}) {
                ToolExecutionResult result = fx().call("read", args("file_path", "a.txt", field, bad));
                assertThat(code(result)).as(field + "=" + bad).isEqualTo("INVALID_ARGS");
                assertThat(((ToolExecutionResult.Failure) result).error().info().name()).isEqualTo("ToolArgsError");
                assertThat(text(result)).startsWith("Error: invalid arguments: \"" + field + "\" must be ");
            }
        }
    }

    @Test
    void a_read_whose_offset_is_out_of_range_does_not_count_as_reading_the_file() throws Exception {
        Files.writeString(dir.resolve("data.txt"), "one\n");
        assertThat(code(fx().call("read", args("file_path", "data.txt", "offset", 5)))).isEqualTo("FS_NOT_FOUND");

        assertThat(code(fx().call("write", args("file_path", "data.txt", "content", "replaced")))).isEqualTo("FS_NOT_OBSERVED");
        assertThat(code(fx().call("edit", args("file_path", "data.txt", "old_string", "one", "new_string", "two"))))
                .isEqualTo("FS_NOT_OBSERVED");
        assertThat(Files.readString(dir.resolve("data.txt"))).isEqualTo("one\n");
        // a read that returns lines does count
        assertThat(fx().call("read", args("file_path", "data.txt")).isError()).isFalse();
        assertThat(fx().call("edit", args("file_path", "data.txt", "old_string", "one", "new_string", "two")).isError()).isFalse();
    }

    @Test
    void read_refuses_binary_invalid_utf8_missing_and_directories_with_FsErrors() throws Exception {
        Files.write(dir.resolve("bin.dat"), new byte[] {1, 2, 0, 3});
        Files.write(dir.resolve("latin1.txt"), "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));
        Files.createDirectory(dir.resolve("sub"));
        assertThat(text(fx().call("read", args("file_path", "bin.dat"))))
                .isEqualTo("Error: cannot read \"" + dir.resolve("bin.dat") + "\": binary file");
        assertThat(code(fx().call("read", args("file_path", "latin1.txt")))).isEqualTo("FS_NOT_TEXT");
        assertThat(code(fx().call("read", args("file_path", "nope.txt")))).isEqualTo("FS_NOT_FOUND");
        assertThat(code(fx().call("read", args("file_path", "sub")))).isEqualTo("FS_NOT_REGULAR_FILE");
        ToolExecutionResult r = fx().call("read", args("file_path", "nope.txt"));
        assertThat(((ToolExecutionResult.Failure) r).error().info().name()).isEqualTo("FsError");
    }

    @Test
    void paths_outside_the_working_directory_are_refused() throws Exception {
        Files.writeString(outside.resolve("secret.txt"), "secret");
        for (String hostile : new String[] {"../" + outside.getFileName() + "/secret.txt", outside.resolve("secret.txt").toString(),
                "/etc/passwd", "a/../../x", "..", "nul\u0000byte"}) {
            ToolExecutionResult result = fx().call("read", args("file_path", hostile));
            assertThat(code(result)).as(hostile).isEqualTo("FS_SANDBOX_DENIED");
            assertThat(text(result)).startsWith("Error: access to ");
        }
        assertThat(code(fx().call("write", args("file_path", "../escape.txt", "content", "x")))).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(Files.exists(dir.getParent().resolve("escape.txt"))).isFalse();
    }

    @Test
    void a_symlink_that_leaves_the_working_directory_is_refused_and_one_inside_is_followed() throws Exception {
        Files.writeString(outside.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(dir.resolve("out"), outside);
        Files.createSymbolicLink(dir.resolve("secret-link.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(dir.resolve("dangling"), outside.resolve("not-yet.txt"));
        Files.writeString(dir.resolve("real.txt"), "inside\n");
        Files.createSymbolicLink(dir.resolve("alias.txt"), dir.resolve("real.txt"));
        assertThat(code(fx().call("read", args("file_path", "out/secret.txt")))).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(code(fx().call("read", args("file_path", "secret-link.txt")))).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(code(fx().call("write", args("file_path", "out/new.txt", "content", "x")))).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(code(fx().call("write", args("file_path", "dangling", "content", "x")))).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(Files.exists(outside.resolve("new.txt"))).isFalse();
        assertThat(Files.exists(outside.resolve("not-yet.txt"))).isFalse();
        assertThat(text(fx().call("read", args("file_path", "alias.txt")))).contains("1: inside");
    }

    @Test
    void read_caps_long_lines_and_oversized_files() throws Exception {
        try (BuiltinFixture small = new BuiltinFixture(dir, new BuiltinConfig("", 2000, 1000, 50 * 1024, 10,
                120_000, 600_000, 30_000, 1 << 20, 100, 100_000, 60_000))) {
            Files.writeString(dir.resolve("long.txt"), "x".repeat(25) + "\n");
            Files.writeString(dir.resolve("huge.txt"), "y".repeat(5000));
            assertThat(text(small.call("read", args("file_path", "long.txt"))))
                    .contains("1: xxxxxxxxxx... (line truncated to 10 chars)");
            assertThat(text(small.call("read", args("file_path", "huge.txt"))))
                    .isEqualTo("Error: cannot read \"" + dir.resolve("huge.txt") + "\": 5000 bytes exceeds the 1000-byte limit");
        }
    }

    @Test
    void write_creates_files_and_overwrites_only_what_was_read() throws Exception {
        ToolExecutionResult created = fx().call("write", args("file_path", "nested/notes.txt", "content", "hello world"));
        assertThat(text(created)).isEqualTo("<path>" + dir.resolve("nested/notes.txt") + "</path>\n<type>file</type>\n<content>\nCreated file\n</content>");
        assertThat(created.meta().toString()).isEqualTo("{\"diffs\":[]}");
        Files.writeString(dir.resolve("data.txt"), "original contents");
        ToolExecutionResult blind = fx().call("write", args("file_path", "data.txt", "content", "replaced"));
        assertThat(text(blind)).isEqualTo("Error: overwriting requires reading \"" + dir.resolve("data.txt") + "\" first — read the file, then retry");
        assertThat(code(blind)).isEqualTo("FS_NOT_OBSERVED");
        fx().call("read", args("file_path", "data.txt"));
        ToolExecutionResult updated = fx().call("write", args("file_path", "data.txt", "content", "replaced"));
        assertThat(text(updated)).contains("Updated file");
        assertThat(updated.meta().toString()).isEqualTo("{\"diffs\":[{\"path\":\"data.txt\",\"oldText\":\"original contents\",\"newText\":\"replaced\"}]}");
        assertThat(Files.readString(dir.resolve("data.txt"))).isEqualTo("replaced");
        // what the agent wrote itself counts as read
        assertThat(text(fx().call("write", args("file_path", "nested/notes.txt", "content", "again")))).contains("Updated file");
    }

    @Test
    void a_file_changed_since_it_was_read_is_stale() throws Exception {
        Path file = dir.resolve("s.txt");
        Files.writeString(file, "one");
        fx().call("read", args("file_path", "s.txt"));
        Files.writeString(file, "changed by someone else");
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(1_000));
        assertThat(code(fx().call("edit", args("file_path", "s.txt", "old_string", "one", "new_string", "two"))))
                .isEqualTo("FS_STALE_VERSION");
    }

    @Test
    void edit_replaces_exactly_once_or_everywhere_and_names_every_refusal() throws Exception {
        Files.writeString(dir.resolve("config.txt"), "mode=DEBUG\nlevel=info");
        assertThat(text(fx().call("edit", args("file_path", "config.txt", "old_string", "DEBUG", "new_string", "RELEASE"))))
                .isEqualTo("Error: edit requires reading \"" + dir.resolve("config.txt") + "\" first — read the file, then retry");
        fx().call("read", args("file_path", "config.txt"));
        ToolExecutionResult edited = fx().call("edit", args("file_path", "config.txt", "old_string", "DEBUG", "new_string", "RELEASE"));
        assertThat(text(edited)).isEqualTo("The file " + dir.resolve("config.txt") + " has been updated successfully.");
        assertThat(edited.meta().toString()).isEqualTo(
                "{\"diffs\":[{\"path\":\"config.txt\",\"oldText\":\"mode=DEBUG\\nlevel=info\",\"newText\":\"mode=RELEASE\\nlevel=info\"}]}");
        Files.writeString(dir.resolve("many.txt"), "a a a");
        fx().call("read", args("file_path", "many.txt"));
        assertThat(code(fx().call("edit", args("file_path", "many.txt", "old_string", "a", "new_string", "b")))).isEqualTo("FS_AMBIGUOUS_EDIT");
        assertThat(code(fx().call("edit", args("file_path", "many.txt", "old_string", "zzz", "new_string", "b")))).isEqualTo("FS_EDIT_NOT_FOUND");
        assertThat(text(fx().call("edit", args("file_path", "many.txt", "old_string", "a", "new_string", "b", "replace_all", true))))
                .endsWith("has been updated. All occurrences were successfully replaced.");
        assertThat(Files.readString(dir.resolve("many.txt"))).isEqualTo("b b b");
        assertThat(code(fx().call("edit", args("file_path", "gone.txt", "old_string", "a", "new_string", "b")))).isEqualTo("FS_NOT_FOUND");
    }

    @Test
    void malformed_file_tool_arguments_are_INVALID_ARGS() throws Exception {
        assertThat(code(fx().call("read", "{}"))).isEqualTo("INVALID_ARGS");
        assertThat(text(fx().call("write", args("file_path", 3, "content", "x"))))
                .isEqualTo("Error: invalid arguments: \"file_path\" must be a string");
        assertThat(code(fx().call("edit", args("file_path", "x", "old_string", "a")))).isEqualTo("INVALID_ARGS");
        assertThat(code(fx().call("write", args("file_path", "x", "content", "y", "sandbox_permissions", "root"))))
                .isEqualTo("INVALID_ARGS");
    }

    @Test
    void a_working_directory_that_is_not_writable_gives_a_permission_error() throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        try (BuiltinFixture fixture = new BuiltinFixture(locked)) {
            locked.toFile().setWritable(false);
            ToolExecutionResult result = fixture.call("write", args("file_path", "x.txt", "content", "y"));
            if (!"root".equals(System.getProperty("user.name"))) {
                assertThat(code(result)).isEqualTo("FS_PERMISSION_DENIED");
                assertThat(text(result)).startsWith("Error: cannot write \"" + locked.resolve("x.txt") + "\"");
            } else { // root ignores the mode bits: the write goes through
                assertThat(result.isError()).isFalse();
            }
        } finally {
            locked.toFile().setWritable(true);
        }
    }

    // Shapes from the issue-17 tool-argument fuzz campaign (bench FuzzCampaign, entry point tools).

    @Test
    void a_four_mebibyte_file_path_is_refused_without_being_echoed_back() throws Exception {
        String huge = "line\n".repeat(800_000);
        for (String tool : new String[] {"read", "write", "edit"}) {
            ToolExecutionResult result = fx().call(tool, args("file_path", huge, "content", "x", "old_string", "a",
                    "new_string", "b"));
            assertThat(code(result)).as(tool).isEqualTo("FS_SANDBOX_DENIED");
            assertThat(text(result)).as(tool).startsWith("Error: access to \"line\nline\n")
                    .contains("… (4000000 characters)\" denied: the path is longer than the 4096 bytes a path may have")
                    .hasSizeLessThan(400);
        }
        assertThat(dir.toFile().list()).isEmpty();
    }

    @Test
    void a_path_just_under_the_path_limit_still_reaches_the_file_system() throws Exception {
        String name = "x".repeat(255);
        String nested = (name + "/").repeat(15) + "f.txt"; // 3,845 bytes: a path the kernel may resolve
        ToolExecutionResult result = fx().call("read", args("file_path", nested));
        assertThat(code(result)).isEqualTo("FS_NOT_FOUND");
    }
}
