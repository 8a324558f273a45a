package io.dsh4j.bench.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.agent.LiveSession;
import io.dsh4j.agent.LiveSessions;
import io.dsh4j.agent.WindowScheduler;
import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.tool.ApprovalOutcome;
import io.dsh4j.tool.ApprovalPolicy;
import io.dsh4j.tool.ToolAgent;
import io.dsh4j.tool.ToolDefinition;
import io.dsh4j.tool.ToolException;
import io.dsh4j.tool.ToolEvents;
import io.dsh4j.tool.ToolExecution;
import io.dsh4j.tool.ToolRuntime;
import io.dsh4j.tool.ToolRuntimePlugin;
import io.dsh4j.tool.ToolStepJournal;
import io.dsh4j.tool.ToolStepOutcome;
import io.dsh4j.tool.ToolStepRequest;
import io.dsh4j.tool.builtin.BuiltinConfig;
import io.dsh4j.tool.builtin.BuiltinTools;
import io.dsh4j.tool.builtin.CommandLauncher;
import io.dsh4j.tool.builtin.TimeoutPolicy;
import io.dsh4j.tool.reminder.RepeatToolReminder;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Drives one step of {@link ToolArgsMutator.Case}s the way the agent loop turns the tool calls of one
 * model answer into tool results: the calls as {@link ContentBlock.ToolCall}s of a committed
 * {@code assistant/message}, then {@link ToolRuntime#runStep} (one call runs on the caller's thread,
 * several run as one step: parallel-safe ones overlapping, exclusive ones as barriers) with a journal
 * that commits {@code tool/call} and {@code tool/result} to a live (in-memory) session exactly as
 * {@code TurnRunner}'s does. The runtime carries the built-in tools with their approval gate, the
 * timeout policy and the repeat-tool reminder of the default profile; approvals are answered by a
 * fixed policy ({@link FixedPolicy}). The {@code write} and {@code edit} calls of a step are preceded
 * by a step of well-formed {@code read}s of their paths (as a model reads before it edits), so they
 * reach the tool body instead of stopping at the observation rule.
 *
 * <p>Every case runs in a fresh fixture at the same path, {@code <root>/case}: {@code a.txt},
 * {@code notes/}, {@code src/Main.java}, {@code link-out} (a link to the outside directory),
 * {@code link-file} (to the sentinel), {@code dangling-out} (to a missing file outside), {@code zero}
 * ({@code /dev/zero}), {@code mem} ({@code /proc/self/mem}) and, when the case asks, a FIFO
 * {@code fifo}. The sibling {@code <root>/outside} holds the sentinel file and a FIFO. No process is
 * ever started from fuzzed input: {@code bash} is allowed and checks its arguments, but its
 * {@link CommandLauncher} ({@link RefusingLauncher}) checks what it would start and refuses; the policy
 * rejects every other tool that could run a process or reach the network, and a {@code tools/execute}
 * wrapper refuses (and reports) any such call that gets past it.
 */
final class ToolHarness implements AutoCloseable {

    /** Wall time one case may take before the watchdog cancels it and unblocks its FIFOs. */
    static final long WALL_LIMIT_MILLIS = 30_000;
    /**
     * Wall time after which a case that ignored the cancellation (a CPU-bound loop nothing can
     * interrupt) stops the campaign: the watchdog prints the case and its thread's stack, then halts
     * the JVM with exit status 3, so that a long run never hangs silently.
     */
    static final long HALT_AFTER_MILLIS = 10 * WALL_LIMIT_MILLIS;
    /**
     * The tools whose bodies may run on fuzzed input: file tools confined to the working directory, and
     * {@code bash}, whose launcher starts nothing.
     */
    static final Set<String> MAY_RUN = Set.of("read", "write", "edit", "glob", "grep", "todo_write", "bash");
    /** The code of a {@code bash} call that passed its checks and reached {@link RefusingLauncher}. */
    static final String NOT_STARTED = "FUZZ_NOT_STARTED";
    /** Linux's {@code MAX_ARG_STRLEN} less its NUL: {@code execve} refuses a longer argument. */
    static final int MAX_ARG_BYTES = 128 * 1024 - 1;
    /** The config of the built-in tools: the defaults, with a {@code grep} deadline inside the per-call CPU limit. */
    static final Map<String, Object> BUILTIN_CONFIG = Map.of("searchTimeoutMs", 2_000);

    /** An error names its problem in a sentence or two; longer ones echo a hostile input back to the model. */
    static final int MAX_ERROR_CHARS = 16 * 1024;
    /** {@code -Ddsh4j.fuzz.trace=true}: every call and its result on standard error (with {@code --only I}). */
    private static final boolean TRACE = Boolean.getBoolean("dsh4j.fuzz.trace");
    private static final byte[] SENTINEL = "sentinel: nothing may read or write this file\n".getBytes(StandardCharsets.UTF_8);
    private static final FileTime SENTINEL_ATIME = FileTime.fromMillis(86_400_000L);
    private static final FileTime FIXTURE_TIME = FileTime.fromMillis(1_780_000_000_000L);

    private final Kernel kernel = Kernel.create();
    private final ToolRuntime tools;
    private final LiveSessions sessions = new LiveSessions(null, 0, WindowScheduler.daemon(), () -> 0L);
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "tool-fuzz-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final Path root;
    private final Path cwd;
    private final Path outside;
    private final Path sentinel;
    private final Path userDir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    private final Set<String> userDirListing;
    private final Map<String, JsonNode> schemas;
    private volatile String forbiddenDispatch;
    private final List<String> launchProblems = Collections.synchronizedList(new ArrayList<>());

    /** What one case produced: a fingerprint of its results and effects (for the determinism check), and problems. */
    record Outcome(String fingerprint, List<String> problems) {}

    ToolHarness(Path work) throws IOException {
        root = Files.createDirectories(work.resolve("tools")).toRealPath();
        cwd = root.resolve("case");
        outside = Files.createDirectories(root.resolve("outside"));
        sentinel = outside.resolve("sentinel");
        Files.write(sentinel, SENTINEL);
        resetSentinelTimes();
        mkfifo(outside.resolve("fifo"));
        userDirListing = listing(userDir);
        kernel.root().plugin(ToolRuntimePlugin.PLUGIN).await();
        kernel.root().plugin(BuiltinTools.plugin(new RefusingLauncher()), BUILTIN_CONFIG).await();
        kernel.root().plugin(TimeoutPolicy.PLUGIN).await();
        kernel.root().plugin(RepeatToolReminder.PLUGIN).await();
        kernel.root().plugin(Plugin.named("tool-fuzz-policy").setup((ctx, config) -> {
            ctx.provide(ApprovalPolicy.KEY, new FixedPolicy());
            ctx.events().on(ToolEvents.EXECUTE, (dispatch, next) -> {
                String name = dispatch.execution().name();
                // an unknown name reaches dispatch (its body answers UNKNOWN_TOOL); a registered one must be allowed to run
                if (!MAY_RUN.contains(name) && tools().get(name, dispatch.execution().agent()).isPresent()) {
                    forbiddenDispatch = name;
                    throw new IllegalStateException("the fuzz harness refuses to run \"" + name + "\"");
                }
                return next.proceed();
            });
        })).await();
        tools = kernel.root().get(ToolRuntime.KEY).orElseThrow();
        schemas = new BuiltinTools(BuiltinConfig.defaults("")).definitions().stream()
                .collect(Collectors.toMap(ToolDefinition::name, ToolDefinition::parameters));
    }

    private ToolRuntime tools() {
        return tools;
    }

    Path cwd() {
        return cwd;
    }

    Path outside() {
        return outside;
    }

    Map<String, JsonNode> schemas() {
        return schemas;
    }

    /**
     * The approval policy of the campaign: {@code bash} is allowed once (its launcher starts nothing);
     * {@code write} and {@code edit} are allowed once when their {@code file_path} names a place inside
     * the working directory after lexical normalization (links are the tools' own business: a link out
     * must still be refused by them); everything else that asks — any tool that could start a process
     * or reach the network — is rejected.
     */
    final class FixedPolicy implements ApprovalPolicy {
        @Override
        public ApprovalOutcome request(ToolExecution exec, String reason) {
            if (exec.name().equals("bash")) return ApprovalOutcome.ALLOWED_ONCE;
            if (!exec.name().equals("write") && !exec.name().equals("edit")) return ApprovalOutcome.REJECTED;
            JsonNode path = exec.arguments().isObject() ? exec.arguments().get("file_path") : null;
            if (path == null || !path.isTextual() || path.textValue().indexOf('\0') >= 0) return ApprovalOutcome.REJECTED;
            try {
                Path target = cwd.resolve(path.textValue()).normalize();
                return target.startsWith(cwd) ? ApprovalOutcome.ALLOWED_ONCE : ApprovalOutcome.REJECTED;
            } catch (InvalidPathException e) {
                return ApprovalOutcome.REJECTED;
            }
        }
    }

    /**
     * The launcher of {@code bash}: starts nothing. What reaches it passed every check of the tool, so
     * it must be what a real start could run — {@code setsid bash -c COMMAND} with stdin closed, in a
     * directory whose real path lies inside the working directory, the command without NUL and within
     * {@code execve}'s argument limit (else the JDK or the kernel refuses it with an error of no code);
     * anything else is a launch problem of the case. Then it refuses with {@link #NOT_STARTED}.
     */
    final class RefusingLauncher implements CommandLauncher {
        @Override
        public Process start(ProcessBuilder command) {
            List<String> line = command.command();
            File dir = command.directory();
            if (line.size() != 4 || !line.subList(0, 3).equals(List.of("setsid", "bash", "-c"))) {
                launchProblems.add("bash would start " + abbreviate(String.valueOf(line)));
            } else {
                String text = line.get(3);
                if (text.indexOf('\0') >= 0) launchProblems.add("a command with a NUL character reached the launcher");
                if (text.getBytes(StandardCharsets.UTF_8).length > MAX_ARG_BYTES) {
                    launchProblems.add("a command of " + text.length() + " characters (over execve's limit) reached the launcher");
                }
            }
            if (!command.redirectInput().equals(ProcessBuilder.Redirect.from(new File("/dev/null")))) {
                launchProblems.add("bash would start with stdin " + command.redirectInput());
            }
            try {
                Path real = dir == null ? null : dir.toPath().toRealPath();
                if (real == null || !real.startsWith(cwd.toRealPath())) {
                    launchProblems.add("bash would run in " + abbreviate(String.valueOf(real)) + ", outside the working directory");
                }
            } catch (IOException e) {
                launchProblems.add("bash would run in a directory that does not resolve: " + abbreviate(String.valueOf(dir)));
            }
            throw new ToolException("FuzzHarness", NOT_STARTED, "the fuzz harness starts no process");
        }
    }

    /** Makes the fixture of {@code c} at {@link #cwd()}, replacing what an earlier case left. */
    void prepare(ToolArgsMutator.Case c) throws IOException {
        prepare(List.of(c));
    }

    /** Makes the fixture of the step {@code cases} at {@link #cwd()}, replacing what an earlier case left. */
    void prepare(List<ToolArgsMutator.Case> cases) throws IOException {
        deleteTree(cwd);
        Files.createDirectories(cwd.resolve("notes"));
        Files.createDirectories(cwd.resolve("src"));
        Files.writeString(cwd.resolve("a.txt"), "alpha\nbeta\ngamma\ndelta\nalpha beta\n");
        Files.writeString(cwd.resolve("notes/todo.txt"), "fuzz the tools\n");
        Files.writeString(cwd.resolve("src/Main.java"), "class Main {\n    // alpha\n}\n");
        long t = FIXTURE_TIME.toMillis();
        for (String f : List.of("a.txt", "notes/todo.txt", "src/Main.java")) {
            Files.setLastModifiedTime(cwd.resolve(f), FileTime.fromMillis(t += 1_000));
        }
        Files.createSymbolicLink(cwd.resolve("link-out"), outside);
        Files.createSymbolicLink(cwd.resolve("link-file"), sentinel);
        Files.createSymbolicLink(cwd.resolve("dangling-out"), outside.resolve("absent"));
        Files.createSymbolicLink(cwd.resolve("zero"), Path.of("/dev/zero"));
        Files.createSymbolicLink(cwd.resolve("mem"), Path.of("/proc/self/mem"));
        if (cases.stream().anyMatch(ToolArgsMutator.Case::needsFifo)) mkfifo(cwd.resolve("fifo"));
    }

    /** Runs the case's call (after a {@code read} of its path for {@code write}/{@code edit}); never throws. */
    Outcome call(ToolArgsMutator.Case c) {
        return call(List.of(c), c.mutation().name().toLowerCase());
    }

    /** {@link #call(ToolArgsMutator.Case)}; {@code label} names the case in the watchdog's messages. */
    Outcome call(ToolArgsMutator.Case c, String label) {
        return call(List.of(c), label);
    }

    /**
     * Runs {@code cases} as the calls of one model answer, in this order (after one step of the
     * {@code read}s of their {@code write}/{@code edit} paths); never throws. {@code label} names the
     * step in the watchdog's messages.
     */
    Outcome call(List<ToolArgsMutator.Case> cases, String label) {
        List<String> problems = new ArrayList<>();
        StringBuilder fingerprint = new StringBuilder();
        forbiddenDispatch = null;
        launchProblems.clear();
        AbortController abort = new AbortController();
        boolean[] hung = new boolean[1];
        Thread caller = Thread.currentThread();
        ToolArgsMutator.Case first = cases.getFirst();
        String what = label + ": " + abbreviate(first.name()) + " " + abbreviate(first.arguments())
                + (cases.size() > 1 ? " and " + (cases.size() - 1) + " more calls" : "");
        ScheduledFuture<?> dog = watchdog.schedule(() -> {
            hung[0] = true;
            System.err.println("tool fuzz watchdog: " + what + " still runs after " + WALL_LIMIT_MILLIS + " ms; cancelling it");
            abort.abort("the fuzz watchdog: " + WALL_LIMIT_MILLIS + " ms");
            unblockFifos();
        }, WALL_LIMIT_MILLIS, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> halt = watchdog.schedule(() -> {
            StringBuilder stack = new StringBuilder();
            for (StackTraceElement e : caller.getStackTrace()) stack.append("\n\tat ").append(e);
            System.err.println("tool fuzz watchdog: DEFECT " + what + " ignored its cancellation for " + HALT_AFTER_MILLIS
                    + " ms; halting" + stack);
            Runtime.getRuntime().halt(3);
        }, HALT_AFTER_MILLIS, TimeUnit.MILLISECONDS);
        LiveSession session = sessions.create(LiveSessions.CreateOptions.in(cwd.toString()));
        CaseAgent agent = new CaseAgent(session, cwd);
        try {
            List<Call> reads = new ArrayList<>();
            List<Call> calls = new ArrayList<>();
            for (ToolArgsMutator.Case c : cases) {
                String preamble = preambleRead(c);
                if (preamble != null) {
                    reads.add(new Call(new ContentBlock.ToolCall("call_read_" + reads.size(), "read", preamble), null));
                }
                calls.add(new Call(new ContentBlock.ToolCall("call_case_" + calls.size(), c.name(), c.arguments()), c.expect()));
            }
            long step = 1;
            if (!reads.isEmpty()) step(agent, session, step++, reads, abort, fingerprint, problems);
            step(agent, session, step, calls, abort, fingerprint, problems);
        } catch (RuntimeException | StackOverflowError e) {
            problems.add("an exception escaped the tool step: " + e);
        } finally {
            dog.cancel(false);
            halt.cancel(false);
            sessions.dispose(session);
        }
        if (hung[0]) problems.add("the call ran longer than " + WALL_LIMIT_MILLIS + " ms of wall time (a blocking open?)");
        if (forbiddenDispatch != null) problems.add("\"" + forbiddenDispatch + "\" got past the approval policy to dispatch");
        problems.addAll(launchProblems);
        return new Outcome(fingerprint.toString(), problems);
    }

    /** One call of a step and what its result must be ({@code null}: a preamble, only the general invariants). */
    private record Call(ContentBlock.ToolCall block, ToolArgsMutator.Expect expect) {}

    /** The {@code read} a model sends before it edits: the case's {@code file_path}, when it has a textual one. */
    private static String preambleRead(ToolArgsMutator.Case c) {
        if (!c.name().equals("write") && !c.name().equals("edit")) return null;
        JsonNode args;
        try {
            args = JsJson.parse(c.arguments());
        } catch (RuntimeException notJson) {
            return null;
        }
        JsonNode path = args.isObject() ? args.get("file_path") : null;
        if (path == null || !path.isTextual()) return null;
        return JsJson.stringify(JsJson.nodes().objectNode().put("file_path", path.textValue()));
    }

    /**
     * Runs {@code calls} as one step and checks it: one {@code tool/call} per call in model order, one
     * {@code tool/result} per call in model order citing its call's seq, a result per call in the
     * outcome; then each result against the call's expectation.
     */
    private void step(CaseAgent agent, LiveSession session, long step, List<Call> calls, AbortController abort,
                      StringBuilder fingerprint, List<String> problems) {
        List<ContentBlock> blocks = new ArrayList<>(calls.stream().map(Call::block).toList());
        Message.AssistantMessage message = new Message.AssistantMessage(UUID.randomUUID().toString(), blocks,
                MessageSource.model("fuzz", "fuzz"));
        session.append(new EventPayload.AssistantMessage(1, step, message, null, false), SurfaceOp.APPEND, List.of());
        List<EventPayload.ToolResult> results = new ArrayList<>();
        List<String> callIds = new ArrayList<>();
        Map<String, Long> callSeqs = new HashMap<>();
        List<Long> citedSeqs = new ArrayList<>();
        List<Message.UserMessage> deferred = new ArrayList<>();
        ToolStepJournal journal = new ToolStepJournal() { // TurnRunner's journal
            @Override
            public long appendCall(EventPayload.ToolCall toolCall) {
                callIds.add(toolCall.callId());
                long seq = session.append(toolCall).seq();
                session.checkpoint();
                callSeqs.put(toolCall.callId(), seq);
                return seq;
            }

            @Override
            public void appendResult(EventPayload.ToolResult result, long callSeq) {
                session.append(result, SurfaceOp.APPEND, callSeq < 0 ? null : List.of(callSeq));
                results.add(result);
                citedSeqs.add(callSeq);
            }

            @Override
            public void deferToNextStep(Message.UserMessage context) {
                deferred.add(context);
            }
        };
        List<ContentBlock.ToolCall> toolCalls = calls.stream().map(Call::block).toList();
        ToolStepOutcome outcome = tools.runStep(new ToolStepRequest(agent, 1, step, toolCalls, abort.signal(),
                ToolStepRequest.DEFAULT_MAX_PARALLEL, journal));
        List<String> ids = toolCalls.stream().map(ContentBlock.ToolCall::id).toList();
        if (!callIds.equals(ids) || results.size() != calls.size() || outcome.results().size() != calls.size()) {
            problems.add(callIds.size() + " tool/call and " + results.size() + " tool/result events (" + outcome.results().size()
                    + " outcome results) for " + calls.size() + " calls" + (callIds.size() == ids.size() ? ", out of order" : ""));
            return;
        }
        for (int k = 0; k < calls.size(); k++) {
            ContentBlock.ToolCall call = toolCalls.get(k);
            EventPayload.ToolResult result = results.get(k);
            ContentBlock.ToolResult block = result.message().content().getFirst() instanceof ContentBlock.ToolResult b ? b : null;
            if (block == null) {
                problems.add("the tool/result message holds no tool-result block");
                continue;
            }
            if (!call.id().equals(block.toolCallId()) || citedSeqs.get(k) != (long) callSeqs.get(call.id())) {
                problems.add("tool/result " + k + " answers " + block.toolCallId() + " citing seq " + citedSeqs.get(k)
                        + ", not " + call.id() + " at seq " + callSeqs.get(call.id()));
            }
            check(call, result, block, calls.get(k).expect(), fingerprint, problems);
        }
        fingerprint.append("contexts=").append(deferred.size()).append('\n');
    }

    /** One result against the general invariants and {@code expect} (none for a preamble). */
    private static void check(ContentBlock.ToolCall call, EventPayload.ToolResult result, ContentBlock.ToolResult block,
                              ToolArgsMutator.Expect expect, StringBuilder fingerprint, List<String> problems) {
        boolean error = Boolean.TRUE.equals(block.isError());
        String text = text(block.content());
        String code = result.error() == null ? null : result.error().code();
        fingerprint.append(call.name().length() > 64 ? call.name().substring(0, 64) : call.name()).append(" error=")
                .append(error).append(" code=").append(code).append(" meta=")
                .append(result.meta() == null ? "-" : Integer.toHexString(JsJson.stringify(result.meta()).hashCode()))
                .append(" text=").append(text.length()).append(':')
                .append(Integer.toHexString(text.hashCode())).append('\n');
        if (TRACE) System.err.println(abbreviate(call.name()) + " " + abbreviate(call.arguments()) + " -> " + code + " " + abbreviate(text));
        if (expect == null) return;
        if (error) {
            String problem = messageProblem(code, text);
            if (problem != null) problems.add(problem);
        }
        if (expect == ToolArgsMutator.Expect.REFUSED && !error) {
            problems.add("a call that names a place outside the working directory or no tool succeeded: "
                    + abbreviate(text));
        }
    }

    /** Whether an error result names its problem; {@code null} when it does. */
    static String messageProblem(String code, String text) {
        if (text.isBlank()) return "an error result without a message (code " + code + ")";
        if (text.length() > MAX_ERROR_CHARS) {
            return "an error message of " + text.length() + " chars (it echoes its input): " + abbreviate(text);
        }
        if (code == null) return null; // a denial or a plain error: the message is the reason
        boolean names = switch (code) {
            case "INVALID_ARGS" -> text.startsWith("Error: invalid arguments: ");
            case "UNKNOWN_TOOL" -> text.startsWith("Error: unknown tool \"");
            default -> !code.startsWith("FS_") || text.contains("\"");
        };
        return names ? null : "the " + code + " message does not name the field or path: " + abbreviate(text);
    }

    /** Problems with the places outside the working directory after a case: the sentinel and three listings. */
    List<String> outsideProblems() throws IOException {
        List<String> problems = new ArrayList<>();
        BasicFileAttributes a = Files.readAttributes(sentinel, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.lastAccessTime().equals(SENTINEL_ATIME)) problems.add("the sentinel outside the working directory was read");
        if (!a.lastModifiedTime().equals(FIXTURE_TIME) || !Arrays.equals(Files.readAllBytes(sentinel), SENTINEL)) {
            problems.add("the sentinel outside the working directory was changed");
            Files.write(sentinel, SENTINEL);
        }
        resetSentinelTimes(); // reading it here moved its access time
        Set<String> out = listing(outside);
        if (!out.equals(Set.of("fifo", "sentinel"))) {
            problems.add("the outside directory changed: " + out);
            try (Stream<Path> s = Files.list(outside)) {
                for (Path p : s.toList()) {
                    String n = p.getFileName().toString();
                    if (!n.equals("fifo") && !n.equals("sentinel")) deleteTree(p);
                }
            }
        }
        Set<String> top = listing(root);
        if (!Set.of("case", "outside").containsAll(top)) problems.add("the campaign directory changed: " + top);
        Set<String> user = listing(userDir);
        if (!user.equals(userDirListing)) problems.add("the process's directory " + userDir + " changed: " + user);
        return problems;
    }

    /** The fixture's files after a case, with sizes (part of the determinism fingerprint). */
    String fixtureListing() throws IOException {
        StringBuilder b = new StringBuilder();
        Files.walkFileTree(cwd, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                b.append(cwd.relativize(file)).append(' ').append(attrs.isRegularFile() ? attrs.size() : -1).append('\n');
                return FileVisitResult.CONTINUE;
            }
        });
        return b.toString();
    }

    private void resetSentinelTimes() throws IOException {
        Files.getFileAttributeView(sentinel, BasicFileAttributeView.class).setTimes(FIXTURE_TIME, SENTINEL_ATIME, null);
    }

    private void unblockFifos() {
        for (Path fifo : List.of(cwd.resolve("fifo"), outside.resolve("fifo"))) {
            if (!Files.exists(fifo, LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)) continue;
            try (RandomAccessFile both = new RandomAccessFile(fifo.toFile(), "rw")) { // never blocks on Linux
                both.getFD();
            } catch (IOException ignored) {
                // nothing more the watchdog can do
            }
        }
    }

    private static Set<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static void mkfifo(Path path) throws IOException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        try {
            if (p.waitFor() != 0) throw new IOException("mkfifo " + path + " failed: " + new String(p.getInputStream().readAllBytes()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted making " + path, e);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return;
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static String text(List<ContentBlock> content) {
        StringBuilder b = new StringBuilder();
        for (ContentBlock x : content) b.append(x instanceof ContentBlock.Text t ? t.text() : "[" + x.type() + "]");
        return b.toString();
    }

    static String abbreviate(String s) {
        String one = s.replace('\n', ' ');
        return one.length() <= 200 ? one : one.substring(0, 200) + "… (" + one.length() + " chars)";
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        sessions.close();
        kernel.close();
    }

    /** The calling agent: its session is the live session the journal writes to. */
    private record CaseAgent(LiveSession session, Path cwd) implements ToolAgent {
        @Override
        public String id() {
            return session.id();
        }

        @Override
        public Optional<Path> workingDirectory() {
            return Optional.of(cwd);
        }

        @Override
        public void appendEvent(String type, JsonNode data) {
            session.append(type, data);
        }

        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }
}
