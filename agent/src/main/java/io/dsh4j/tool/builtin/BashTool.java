package io.dsh4j.tool.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolException;
import io.dsh4j.tool.ToolOutput;
import io.dsh4j.tool.ToolRunContext;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code bash {command, description, timeoutMs?, workdir?, run_in_background?, …}}: runs
 * {@code bash -c command} in a fresh process group in the working directory (or {@code workdir}
 * inside it), stdin closed, with a timeout. The result is rendered as DSH's: stdout, a
 * {@code [stderr]} section, {@code (no output)}, then markers ({@code [timed out after Nms]},
 * {@code [killed by signal: SIGKILL]}, {@code [exit code: N]}). Each stream keeps its tail only
 * ({@code bashCaptureBytes} in memory, {@code bashOutputChars} shown). On timeout, on cancellation
 * and when the command returns, the whole process group is killed, so no child outlives the call.
 */
final class BashTool {

    static final String NAME = "bash";
    /**
     * Linux's {@code MAX_ARG_STRLEN} less the terminating NUL: {@code execve} refuses a longer
     * argument, so a longer command is refused before a process is started.
     */
    static final int MAX_COMMAND_BYTES = 128 * 1024 - 1;
    /** How long the output readers may take to reach the end of the pipes once the command is gone. */
    static final java.time.Duration READER_GRACE = java.time.Duration.ofSeconds(5);

    private BashTool() {}

    static ToolDefinition define(BuiltinTools tools) {
        ObjectNode properties = JsJson.nodes().objectNode();
        properties.set("command", Args.property("string", "The command, run as bash -c in a fresh shell."));
        properties.set("description", Args.property("string", "What the command does, in five to ten words."));
        properties.set("timeoutMs", Args.property("number", "Timeout in milliseconds; the command is killed when it expires."));
        properties.set("workdir", Args.property("string", "Directory to run in, inside the working directory; defaults to it."));
        properties.set("run_in_background", Args.property("boolean", "Not supported by dsh4j: commands run in the foreground."));
        FileProperties.addEscalation(properties, "command");
        ObjectNode parameters = JsJson.nodes().objectNode().put("type", "object");
        parameters.set("properties", properties);
        parameters.set("required", JsJson.nodes().arrayNode().add("command").add("description"));
        return ToolDefinition.builder(NAME)
                .description("Run a bash command in a fresh shell in the working directory and return its output. "
                        + "Nothing persists between calls; pass workdir instead of cd. A non-zero exit is reported as "
                        + "[exit code: N]; long output keeps its tail.")
                .parameters(parameters)
                .output(ToolOutput.of(JsJson.parse("""
                        {"type":"object","properties":{"stdout":{"type":"string"},"stderr":{"type":"string"},
                         "exitCode":{"oneOf":[{"type":"integer"},{"type":"null"}]},"signal":{"oneOf":[{"type":"string"},{"type":"null"}]},
                         "timedOutMs":{"oneOf":[{"type":"integer"},{"type":"null"}]},"cancelled":{"type":"boolean"}},
                         "required":["stdout","stderr","exitCode","signal","timedOutMs","cancelled"]}"""), BashTool::render))
                .body((args, exec) -> run(tools, args, exec))
                .build();
    }

    private static JsonNode run(BuiltinTools tools, JsonNode args, ToolRunContext exec) throws IOException {
        BuiltinConfig config = tools.config();
        if (Args.bool(args, "run_in_background")) {
            throw new ToolException("BashError", "BACKGROUND_UNSUPPORTED",
                    "run_in_background is not supported here; run the command in the foreground");
        }
        Long asked = Args.positive(args, "timeoutMs");
        long timeoutMs = Math.min(asked == null ? config.bashTimeoutMs() : asked, config.bashMaxTimeoutMs());
        Workspace workspace = tools.workspace(exec);
        String workdirArg = Args.string(args, "workdir");
        File dir = (workdirArg == null ? workspace.root() : workspace.resolve(workdirArg).path()).toFile();
        if (!dir.isDirectory()) {
            throw FsErrors.of(FsErrors.NOT_DIRECTORY, "cannot run in \"" + dir + "\": not a directory");
        }
        String command = command(args);
        ProcessBuilder builder = new ProcessBuilder("setsid", "bash", "-c", command)
                .directory(dir)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().put("DSH_CWD", workspace.root().toString());
        Signal signal = exec.signal();
        signal.throwIfAborted();
        Process process = tools.launcher().start(builder);
        int capture = (int) Math.min(Integer.MAX_VALUE - 8, config.bashCaptureBytes());
        TailBuffer out = new TailBuffer(capture);
        TailBuffer err = new TailBuffer(capture);
        Thread outReader = Thread.ofVirtual().name("bash-stdout").start(() -> out.drain(process.getInputStream()));
        Thread errReader = Thread.ofVirtual().name("bash-stderr").start(() -> err.drain(process.getErrorStream()));
        boolean timedOut = false;
        boolean interrupted = false;
        // the abort may come from any thread, the lifecycle executor included: kill off it
        try (var onAbort = signal.onAbort(reason -> Thread.ofVirtual().name("bash-kill").start(() -> ProcessTree.kill(process)))) {
            while (true) {
                try {
                    if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                        timedOut = true;
                        ProcessTree.kill(process);
                        process.waitFor();
                    }
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // a tool body is never abandoned: kill, then keep waiting
                    ProcessTree.kill(process);
                }
            }
        } finally {
            ProcessTree.kill(process); // background leftovers of the command die with it
            joinReaders(process, outReader, errReader);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        int exit = process.exitValue();
        boolean cancelled = signal.aborted();
        ObjectNode value = JsJson.nodes().objectNode();
        value.put("stdout", shown(out, config.bashOutputChars()));
        value.put("stderr", shown(err, config.bashOutputChars()));
        boolean killed = timedOut || cancelled; // Java cannot tell a signal death from exit 128+n otherwise
        if (killed) {
            value.putNull("exitCode");
            value.put("signal", "SIGKILL");
        } else {
            value.put("exitCode", exit);
            value.putNull("signal");
        }
        if (timedOut) {
            value.put("timedOutMs", timeoutMs);
        } else {
            value.putNull("timedOutMs");
        }
        value.put("cancelled", cancelled);
        return value;
    }

    /** The command, refused ({@code INVALID_ARGS}) where {@code execve} would refuse it. */
    private static String command(JsonNode args) {
        String command = Args.string(args, "command");
        if (command.indexOf('\0') >= 0) {
            throw Args.invalid("\"command\" must not contain a NUL character");
        }
        if (command.length() > MAX_COMMAND_BYTES / 3) {
            int bytes = command.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (bytes > MAX_COMMAND_BYTES) {
                throw Args.invalid("\"command\" is " + bytes + " bytes long; a command may have at most "
                        + MAX_COMMAND_BYTES + " (Linux's argument limit)");
            }
        }
        return command;
    }

    /**
     * Waits for the readers. A process that left the group and its descendants (a {@code setsid} of a
     * subshell that exited) may keep a pipe open for as long as it lives: after {@link #READER_GRACE}
     * the pipes are closed and the readers left behind — a closed pipe does not wake a blocked read, so
     * waiting for them would make the call last as long as that process. What they read is kept.
     */
    private static void joinReaders(Process process, Thread... readers) {
        long deadline = System.nanoTime() + READER_GRACE.toNanos();
        for (Thread reader : readers) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !reader.join(java.time.Duration.ofNanos(left))) {
                    process.getInputStream().close();
                    process.getErrorStream().close();
                    return;
                }
            } catch (IOException | InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String shown(TailBuffer buffer, long maxChars) {
        String text = buffer.text();
        boolean cut = buffer.total() > text.length() || text.length() > maxChars;
        if (text.length() > maxChars) {
            text = text.substring((int) (text.length() - maxChars));
        }
        return cut ? "[output truncated: showing the last " + text.length() + " characters of " + buffer.total()
                + " bytes]\n" + text : text;
    }

    static List<ContentBlock> render(JsonNode args, JsonNode value) {
        String out = value.get("stdout").textValue();
        String err = value.get("stderr").textValue();
        StringBuilder body = new StringBuilder(out);
        if (!err.isEmpty()) {
            if (!body.isEmpty() && body.charAt(body.length() - 1) != '\n') {
                body.append('\n');
            }
            body.append("[stderr]\n").append(err);
        }
        if (body.isEmpty()) {
            body.append("(no output)");
        }
        List<String> markers = new java.util.ArrayList<>();
        if (!value.get("timedOutMs").isNull()) {
            markers.add("[timed out after " + value.get("timedOutMs").asLong() + "ms]");
        }
        if (!value.get("signal").isNull()) {
            markers.add("[killed by signal: " + value.get("signal").textValue() + "]");
        } else if (value.get("exitCode").asLong() != 0) {
            markers.add("[exit code: " + value.get("exitCode").asLong() + "]");
        }
        if (!markers.isEmpty()) {
            if (body.charAt(body.length() - 1) != '\n') {
                body.append('\n');
            }
            body.append(String.join("\n", markers));
        }
        return List.of(new ContentBlock.Text(body.toString()));
    }
}
