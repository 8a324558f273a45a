package io.dsh4j.tool.builtin;

import static io.dsh4j.tool.builtin.BuiltinFixture.args;
import static io.dsh4j.tool.builtin.BuiltinFixture.code;
import static io.dsh4j.tool.builtin.BuiltinFixture.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.kernel.AbortController;
import io.dsh4j.tool.ToolCodes;
import io.dsh4j.tool.ToolExecutionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bash: DSH's result text, the working directory, timeouts, output caps, and killing the whole tree. */
class BashToolTest {

    @TempDir Path dir;
    private BuiltinFixture fx;

    @BeforeEach
    void open() {
        fx = new BuiltinFixture(dir, new BuiltinConfig("", 2000, 1 << 20, 50 * 1024, 2000,
                120_000, 600_000, 1_000, 4_096, 100, 100_000, 60_000));
    }

    @AfterEach
    void close() {
        fx.close();
    }

    private ToolExecutionResult bash(String command) {
        return fx.call("bash", args("command", command, "description", "test"));
    }

    @Test
    void output_exit_codes_and_stderr_render_as_DSH_renders_them() {
        assertThat(text(bash("echo HELLO"))).isEqualTo("HELLO\n");
        assertThat(text(bash("printf CLI_TOOL_ROUND_TRIP"))).isEqualTo("CLI_TOOL_ROUND_TRIP");
        assertThat(text(bash("true"))).isEqualTo("(no output)");
        assertThat(text(bash("false"))).isEqualTo("(no output)\n[exit code: 1]");
        assertThat(text(bash("echo out; echo err >&2; exit 3"))).isEqualTo("out\n[stderr]\nerr\n[exit code: 3]");
        assertThat(text(bash("printf out; printf err >&2"))).isEqualTo("out\n[stderr]\nerr");
        assertThat(bash("exit 7").isError()).isFalse(); // a failing command is a result, not a tool error
    }

    @Test
    void commands_run_in_the_working_directory_or_a_workdir_inside_it() throws Exception {
        Files.createDirectory(dir.resolve("sub"));
        assertThat(text(bash("pwd -P"))).isEqualTo(dir.toRealPath() + "\n");
        assertThat(text(fx.call("bash", args("command", "pwd -P", "description", "d", "workdir", "sub"))))
                .isEqualTo(dir.resolve("sub").toRealPath() + "\n");
        assertThat(code(fx.call("bash", args("command", "pwd", "description", "d", "workdir", "/")))).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(text(bash("cat"))).isEqualTo("(no output)"); // stdin is closed, so cat cannot hang
    }

    @Test
    void a_timeout_kills_the_command_and_is_marked() {
        ToolExecutionResult result = fx.call("bash", args("command", "echo started; sleep 600", "description", "d", "timeoutMs", 300));
        assertThat(text(result)).isEqualTo("started\n[timed out after 300ms]\n[killed by signal: SIGKILL]");
    }

    @Test
    void huge_output_keeps_only_its_tail_within_the_caps() {
        ToolExecutionResult result = bash("head -c 5000000 /dev/zero | tr '\\0' 'x'; echo; echo THE-END");
        String text = text(result);
        assertThat(text).startsWith("[output truncated: showing the last 1000 characters of ").endsWith("THE-END\n");
        assertThat(text.length()).isLessThan(1_200);
    }

    @Test
    void cancelling_kills_the_whole_process_tree() throws Exception {
        AbortController cancel = new AbortController();
        Path pids = dir.resolve("pids");
        CompletableFuture<ToolExecutionResult> call = CompletableFuture.supplyAsync(() -> fx.call("bash", args(
                "command", "sleep 600 & echo $! > pids; (sleep 600 & echo $! >> pids; wait) & wait",
                "description", "spawn a tree"), cancel.signal()));
        awaitLines(pids, 2);
        long[] children = Files.readAllLines(pids).stream().mapToLong(Long::parseLong).toArray();
        assertThat(java.util.Arrays.stream(children).allMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))).isTrue();
        cancel.abort("user");
        ToolExecutionResult result = call.get(60, TimeUnit.SECONDS);
        assertThat(code(result)).isEqualTo(ToolCodes.ABORTED);
        for (long pid : children) {
            awaitGone(pid);
        }
    }

    @Test
    void repeated_start_cancel_cycles_leave_no_process_behind() throws Exception {
        for (int i = 0; i < 20; i++) {
            AbortController cancel = new AbortController();
            Path up = dir.resolve("up-" + i);
            CompletableFuture<ToolExecutionResult> call = CompletableFuture.supplyAsync(() -> fx.call("bash", args(
                    "command", "sleep 600 & (sleep 600 & wait) & echo up > " + up.getFileName() + "; wait",
                    "description", "tree"), cancel.signal()));
            awaitLines(up, 1);
            cancel.abort("user");
            assertThat(code(call.get(60, TimeUnit.SECONDS))).isEqualTo(ToolCodes.ABORTED);
        }
        for (ProcessHandle child : ProcessHandle.current().descendants().toList()) {
            child.onExit().get(60, TimeUnit.SECONDS);
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count()).isZero();
    }

    @Test
    void background_leftovers_do_not_outlive_the_call() throws Exception {
        ToolExecutionResult result = bash("sleep 600 & echo $!");
        long pid = Long.parseLong(text(result).trim());
        awaitGone(pid);
    }

    @Test
    void background_runs_are_refused_with_a_reason() {
        ToolExecutionResult result = fx.call("bash", args("command", "true", "description", "d", "run_in_background", true));
        assertThat(text(result)).isEqualTo("Error: run_in_background is not supported here; run the command in the foreground");
    }

    @Test
    void a_bash_call_without_a_command_is_INVALID_ARGS() {
        assertThat(text(fx.call("bash", args("description", "d"))))
                .isEqualTo("Error: invalid arguments: missing required property \"command\"");
    }

    @Test
    void output_written_before_a_timeout_kill_is_kept_and_a_process_that_escaped_the_group_does_not_hold_the_call()
            throws Exception {
        // given a command whose child and grandchild print, and a process that left the group holding stdout
        Path pid = dir.resolve("escaped.pid");
        CompletableFuture<ToolExecutionResult> call = CompletableFuture.supplyAsync(() -> fx.call("bash", args(
                "command", "(setsid sh -c 'echo $$ > escaped.pid; exec sleep 120' &); (seq 1 100; echo child-done; sleep 600) & "
                        + "echo leader; sleep 600", "description", "d", "timeoutMs", 1_000)));
        try {
            // when the timeout kills the group, then
            String text = text(call.get(60, TimeUnit.SECONDS)); // before the fix: as long as the escaped process (120 s)
            assertThat(text).contains("leader\n", "\n100\n", "child-done\n")
                    .endsWith("[timed out after 1000ms]\n[killed by signal: SIGKILL]");
        } finally {
            awaitLines(pid, 1);
            ProcessHandle.of(Long.parseLong(Files.readString(pid).trim())).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void a_timeoutMs_of_minus_one_zero_or_one_and_a_half_is_INVALID_ARGS_naming_the_field() {
        for (Object bad : new Object[] {-1, 0, 1.5, 1e300}) {
            ToolExecutionResult result = fx.call("bash", args("command", "true", "description", "d", "timeoutMs", bad));
            assertThat(code(result)).as("timeoutMs " + bad).isEqualTo(ToolCodes.INVALID_ARGS);
            assertThat(text(result)).isEqualTo("Error: invalid arguments: \"timeoutMs\" must be a positive integer");
        }
    }

    @Test
    void a_command_with_a_NUL_character_is_INVALID_ARGS_and_starts_no_process() {
        java.util.List<ProcessBuilder> started = new java.util.ArrayList<>();
        try (BuiltinFixture recording = new BuiltinFixture(dir, BuiltinConfig.defaults(""), command -> {
            started.add(command);
            throw new java.io.IOException("not started");
        })) {
            ToolExecutionResult result = recording.call("bash", args("command", "echo a\u0000b", "description", "d"));
            assertThat(code(result)).isEqualTo(ToolCodes.INVALID_ARGS);
            assertThat(text(result)).isEqualTo("Error: invalid arguments: \"command\" must not contain a NUL character");
            assertThat(started).isEmpty();
        }
    }

    @Test
    void a_command_over_the_argument_limit_of_execve_is_INVALID_ARGS_without_being_echoed_back() {
        String command = "echo " + "\u4e2d".repeat(BashTool.MAX_COMMAND_BYTES / 3);
        ToolExecutionResult result = fx.call("bash", args("command", command, "description", "d"));
        assertThat(code(result)).isEqualTo(ToolCodes.INVALID_ARGS);
        assertThat(text(result)).isEqualTo("Error: invalid arguments: \"command\" is " + (5 + BashTool.MAX_COMMAND_BYTES / 3 * 3)
                + " bytes long; a command may have at most " + BashTool.MAX_COMMAND_BYTES + " (Linux's argument limit)");
        // the limit is execve's: a command of exactly that many bytes still runs
        String atLimit = ": " + "x".repeat(BashTool.MAX_COMMAND_BYTES - 2);
        assertThat(text(fx.call("bash", args("command", atLimit, "description", "d")))).isEqualTo("(no output)");
    }

    @Test
    void the_launcher_gets_the_checked_command_line_and_a_refusal_is_the_calls_error() throws Exception {
        Files.createDirectory(dir.resolve("sub"));
        java.util.List<ProcessBuilder> started = new java.util.ArrayList<>();
        try (BuiltinFixture refusing = new BuiltinFixture(dir, BuiltinConfig.defaults(""), command -> {
            started.add(command);
            throw new io.dsh4j.tool.ToolException("SandboxError", "SANDBOX_UNAVAILABLE", "no sandbox here");
        })) {
            ToolExecutionResult result = refusing.call("bash", args("command", "touch ran", "description", "d", "workdir", "sub"));
            assertThat(code(result)).isEqualTo("SANDBOX_UNAVAILABLE");
            assertThat(text(result)).isEqualTo("Error: no sandbox here");
            assertThat(started).singleElement().satisfies(b -> {
                assertThat(b.command()).containsExactly("setsid", "bash", "-c", "touch ran");
                assertThat(b.directory().toPath()).isEqualTo(dir.resolve("sub"));
            });
            assertThat(dir.resolve("sub/ran")).doesNotExist();
            // a refused workdir never reaches the launcher
            assertThat(code(refusing.call("bash", args("command", "true", "description", "d", "workdir", "../")))).isEqualTo("FS_SANDBOX_DENIED");
            assertThat(started).hasSize(1);
        }
    }

    private static void awaitLines(Path file, int lines) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.exists(file) || Files.readAllLines(file).size() < lines) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the command never wrote " + lines + " pids");
            }
            Thread.sleep(Duration.ofMillis(5));
        }
    }

    private static void awaitGone(long pid) throws Exception {
        var handle = ProcessHandle.of(pid);
        if (handle.isPresent()) {
            handle.get().onExit().get(60, TimeUnit.SECONDS); // a TimeoutException fails the test
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("process " + pid).isFalse();
    }
}
