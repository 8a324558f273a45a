package io.dsh4j.app.chat;

import io.dsh4j.agent.AgentBoot;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.run.AgentLaunch;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dsh4j chat}: a terminal conversation with an agent ({@link ChatLoop}). With standard input
 * not a terminal it is {@code dsh4j run} with the piped text as the prompt. Exit codes: 0 when the
 * user leaves, 2 usage, 3 no model, no working directory or no session to continue. Texts: the
 * {@value #TEXTS} bundle; the shared screens (no model, bad effort) are {@code dsh4j run}'s.
 */
@Command(name = "chat", mixinStandardHelpOptions = true, resourceBundle = ChatCommand.TEXTS)
public final class ChatCommand implements Callable<Integer> {

    static final String TEXTS = "io.dsh4j.app.chat.Texts";

    @Spec
    CommandSpec spec;

    @Option(names = "--cwd", paramLabel = "DIR")
    Path cwd;

    @Option(names = "--home", paramLabel = "DIR")
    String home;

    @Option(names = "--base-url", paramLabel = "URL")
    String baseUrl;

    @Option(names = "--provider", paramLabel = "ID")
    String provider;

    @Option(names = "--model", paramLabel = "M")
    String model;

    @Option(names = "--effort", paramLabel = "E")
    String effort;

    @Option(names = "--resume", paramLabel = "ID")
    String resume;

    @Option(names = "--continue")
    boolean continueLatest;

    @Option(names = "--yes")
    boolean yes;

    @Option(names = "--no-plugin", paramLabel = "NAME")
    List<String> noPlugins = new java.util.ArrayList<>();

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

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (resume != null && continueLatest) {
            err.println(text("chat.error", text("chat.resumeAndContinue")));
            return ExitCodes.USAGE;
        }
        ResourceBundle runTexts = ResourceBundle.getBundle(RunCommand.TEXTS, spec.resourceBundle().getLocale());
        AgentLaunch.Prepared prepared = AgentLaunch.prepare(runTexts, effort, provider, baseUrl, cwd, home, yes, env, err);
        if (prepared.launch() == null) return prepared.exitCode();
        AgentLaunch launch = prepared.launch();
        int badPlugin = AgentLaunch.checkNoPlugins(runTexts, noPlugins, err);
        if (badPlugin != 0) return badPlugin;
        String sessionId = resume;
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
        AgentBoot boot = launch.boot(null, List.of(), true, noPlugins, err);
        if (boot == null) return ExitCodes.PROBLEM_FOUND;
        Terminal t = terminal != null ? terminal : TerminalBuilder.builder().system(true).build();
        try (boot; t) {
            String route = onBoot.apply(boot);
            ChatLoop loop = new ChatLoop(boot, launch, route != null ? route : launch.route, t, spec.resourceBundle(), model,
                    effort, sessionId);
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
        if (baseUrl != null) args.addAll(List.of("--base-url", baseUrl));
        if (provider != null) args.addAll(List.of("--provider", provider));
        if (model != null) args.addAll(List.of("--model", model));
        if (effort != null) args.addAll(List.of("--effort", effort));
        if (sessionId != null) args.addAll(List.of("--resume", sessionId));
        if (yes) args.add("--yes");
        for (String id : noPlugins) args.addAll(List.of("--no-plugin", id));
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
