package io.dsh4j.app.chat;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.run.AgentLaunch;
import io.dsh4j.app.run.LaunchOptions;
import io.dsh4j.app.run.RunCommand;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ResourceBundle;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j chat}: a terminal conversation with an agent ({@link ChatLoop}). With standard input
 * not a terminal it is {@code dsh4j run} with the piped text as the prompt. Exit codes: 0 when the
 * user leaves, 2 usage, 3 no model, no working directory or no session to continue. Texts: the
 * {@value #TEXTS} bundle; the shared screens (no model, bad effort) are {@code dsh4j run}'s.
 */
@Command(name = "chat", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = ChatCommand.TEXTS)
public final class ChatCommand implements Callable<Integer> {

    static final String TEXTS = "io.dsh4j.app.chat.Texts";

    @Spec
    CommandSpec spec;

    /** The options shared with {@code dsh4j run}. */
    @Mixin
    LaunchOptions flags = new LaunchOptions();

    @Option(names = "--continue")
    boolean continueLatest;

    /** The environment (tests replace it). */
    UnaryOperator<String> env = System::getenv;

    /** The terminal to talk through ({@code null}: the system terminal); tests give a JLine test terminal. */
    Terminal terminal;

    /**
     * Called once the profile is booted; returns the model route to use instead of the flags' one
     * ({@code null}: the flags' route). Tests mount a scripted model this way.
     */
    java.util.function.Function<AgentBoot, String> onBoot = boot -> null;

    /** Standard input, read in pipe mode. */
    InputStream stdin = System.in;

    /** Whether standard input is a terminal ({@code null}: ask the JVM's console). */
    Boolean interactive;

    /** The segments of the status line after chat's own. */
    List<StatusSegment> statusSegments = StatusSegment.STANDARD;

    /** How many prompts the line editor's history keeps, in memory and in its file. */
    int historySize = ChatLoop.HISTORY_SIZE;

    /**
     * Talks through {@code terminal} instead of the system terminal, as an interactive chat (an
     * embedding, a pseudo-terminal, a benchmark driver). The terminal is closed when the chat ends.
     */
    public ChatCommand withTerminal(Terminal terminal) {
        this.terminal = terminal;
        this.interactive = true;
        return this;
    }

    /**
     * Runs {@code hook} once the profile is booted; it returns the model route to use instead of the
     * flags' one ({@code null}: the flags' route), for instance a route it registered itself.
     */
    public ChatCommand withBootHook(java.util.function.Function<AgentBoot, String> hook) {
        this.onBoot = hook;
        return this;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (flags.resume != null && continueLatest) {
            err.println(text("chat.error", text("chat.resumeAndContinue")));
            return ExitCodes.USAGE;
        }
        ResourceBundle runTexts = ResourceBundle.getBundle(RunCommand.TEXTS, spec.resourceBundle().getLocale());
        AgentLaunch.Prepared prepared = AgentLaunch.prepare(runTexts, flags.effort, flags.provider, flags.baseUrl, flags.cwd, flags.home, flags.yes, env, err);
        if (prepared.launch() == null) return prepared.exitCode();
        AgentLaunch launch = prepared.launch();
        int badPlugin = AgentLaunch.checkNoPlugins(runTexts, flags.noPlugins, err);
        if (badPlugin != 0) return badPlugin;
        String sessionId = flags.resume;
        if (continueLatest) {
            Optional<StoredSession> newest = newestSession(launch.home, launch.workDir);
            if (newest.isEmpty()) {
                err.println(text("chat.error", text("chat.noSessionToContinue", launch.workDir)));
                return ExitCodes.INPUT_UNAVAILABLE;
            }
            sessionId = newest.get().id();
        }
        boolean tty = interactive != null ? interactive : stdinIsTerminal();
        if (!tty) return pipe(launch, sessionId, out, err);
        AgentBoot boot = launch.boot(null, List.of(), true, flags.noPlugins, AgentLaunch.deliberationLayers(flags.deliberation, flags.autoReview), err);
        if (boot == null) return ExitCodes.PROBLEM_FOUND;
        Terminal t = terminal != null ? terminal : TerminalBuilder.builder().system(true).build();
        try (boot; t) {
            String route = onBoot.apply(boot);
            ChatLoop loop = new ChatLoop(boot, launch, route != null ? route : launch.route, t, spec.resourceBundle(), flags.model,
                    flags.effort, sessionId, statusSegments);
            loop.historySize = historySize;
            return loop.run();
        }
    }

    /** Pipe mode: {@code dsh4j run} with standard input as the prompt (invalid UTF-8 becomes U+FFFD). */
    private int pipe(AgentLaunch launch, String sessionId, PrintWriter out, PrintWriter err) throws IOException {
        byte[] bytes = stdin.readNBytes(ChatLoop.MAX_INPUT_BYTES + 1);
        if (bytes.length > ChatLoop.MAX_INPUT_BYTES) {
            err.println(text("chat.error", text("chat.inputTooLarge", ChatLoop.MAX_INPUT_BYTES)));
            return ExitCodes.USAGE;
        }
        String prompt = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes)).toString().strip();
        if (prompt.isEmpty()) {
            err.println(text("chat.error", text("chat.emptyPipe")));
            return ExitCodes.USAGE;
        }
        List<String> args = new ArrayList<>(List.of("--cwd", launch.workDir.toString(), "--home", launch.home.toString()));
        if (flags.baseUrl != null) args.addAll(List.of("--base-url", flags.baseUrl));
        if (flags.provider != null) args.addAll(List.of("--provider", flags.provider));
        if (flags.model != null) args.addAll(List.of("--model", flags.model));
        if (flags.effort != null) args.addAll(List.of("--effort", flags.effort));
        if (sessionId != null) args.addAll(List.of("--resume", sessionId));
        if (flags.yes) args.add("--yes");
        for (String id : flags.noPlugins) args.addAll(List.of("--no-plugin", id));
        if (flags.deliberation) args.add("--deliberation");
        if (flags.autoReview) args.add("--auto-review");
        args.add("--");
        args.add(prompt);
        CommandLine run = new CommandLine(new RunCommand().withEnvironment(env));
        run.setOut(out);
        run.setErr(err);
        return run.execute(args.toArray(String[]::new));
    }

    /**
     * Whether standard input is a terminal: {@code Console.isTerminal()} where the JDK has it (22+,
     * where a console exists even for a pipe), else whether there is a console at all (21).
     */
    static boolean stdinIsTerminal() {
        java.io.Console console = System.console();
        if (console == null) return false;
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    /** The newest session whose header names {@code workDir}. */
    static Optional<StoredSession> newestSession(Path home, Path workDir) throws IOException {
        SessionStore store = SessionStore.open(home.resolve(SessionHome.SESSIONS), LogEncoding.ZSTD);
        return store.list().stream().filter(s -> workDir.toString().equals(s.header().cwd())).findFirst();
    }

    private String text(String key, Object... args) {
        return new MessageFormat(spec.resourceBundle().getString(key), spec.resourceBundle().getLocale()).format(args);
    }
}
