package io.dsh4j.app;

import io.dsh4j.app.bench.BenchCommand;
import io.dsh4j.app.chat.ChatCommand;
import io.dsh4j.app.deliberation.DeliberationCommand;
import io.dsh4j.app.health.HandoffCommand;
import io.dsh4j.app.health.HealthCommand;
import io.dsh4j.app.merge.MergeCommand;
import io.dsh4j.app.model.AskCommand;
import io.dsh4j.app.model.ModelsCommand;
import io.dsh4j.app.profile.ProfileCommand;
import io.dsh4j.app.run.RunCommand;
import io.dsh4j.app.serve.ServeCommand;
import io.dsh4j.app.sessions.SessionsCommand;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code dsh4j} command line: one picocli command with a subcommand per capability.
 *
 * <p>Subcommands are registered in {@link Subcommands#ALL}, one line each, in the order {@code --help}
 * lists them. They are built lazily ({@link LazySubcommands}): only the subcommand a run names is
 * built from its class (its options, mixins, nested subcommands and their static state); every other
 * one is a stand-in that carries just what the top-level help prints.
 */
@Command(
        name = "dsh4j",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "A Java agent harness in the model of DeepSeek Harness (DSH).")
public final class Main implements Runnable {

    /** Every subcommand of {@code dsh4j}, in help order. A new subcommand joins with one line here. */
    static final class Subcommands {
        private Subcommands() {}

        /**
         * The registered classes, in help order. Held apart from {@link Main} so that a run that
         * builds no command line ({@code --version}) loads none of them.
         */
        static final List<Class<?>> ALL = List.of(
                CommandLine.HelpCommand.class,
                SessionsCommand.class,
                MergeCommand.class,
                BenchCommand.class,
                ProfileCommand.class,
                HealthCommand.class,
                HandoffCommand.class,
                DeliberationCommand.class,
                ChatCommand.class,
                ModelsCommand.class,
                AskCommand.class,
                RunCommand.class,
                ServeCommand.class);
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * Runs the command line and exits the JVM with its exit code. Output is UTF-8 whatever the
     * locale, a lone surrogate written as U+FFFD ({@link Utf8Text}).
     */
    public static void main(String[] args) {
        PrintWriter out = Utf8Text.stdout();
        PrintWriter err = Utf8Text.stderr();
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs the command line against the given streams and returns the exit code (used by tests). Only
     * the subcommands that {@code args} name are built. An
     * {@link OutOfMemoryError} does not escape: it is one line on {@code err} and exit 70.
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        if (isVersionRequest(args)) return printVersion(out);
        return run(configure(LazySubcommands.commandLine(new Main(), Subcommands.ALL, Arrays.asList(args))), out, err, args);
    }

    /**
     * {@code dsh4j --version} (or {@code -V}) alone: the one request answered without building the
     * command line, because it prints the same lines whatever the subcommands are. The output is the
     * lines picocli prints for it (pinned by {@code MainTest}).
     */
    static boolean isVersionRequest(String... args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    private static int printVersion(PrintWriter out) {
        for (String line : versionLines()) out.println(line);
        out.flush();
        return ExitCodes.OK;
    }

    /** As {@link #run(PrintWriter, PrintWriter, String...)} with the given command line. */
    static int run(CommandLine cli, PrintWriter out, PrintWriter err, String... args) {
        cli.setOut(out);
        cli.setErr(err);
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory(err, Runtime.getRuntime().maxMemory());
        }
    }

    /**
     * Reports a run that ran out of heap: one line naming the heap size and how to give more, exit
     * 70 (internal error). The error's stack is unwound by then, so the line can still be written.
     */
    static int outOfMemory(PrintWriter err, long maxHeapBytes) {
        ResourceBundle texts = ResourceBundle.getBundle("io.dsh4j.app.MainText", Locale.getDefault(),
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
        err.println(texts.getString("outOfMemory").replace("{0}", Long.toString(maxHeapBytes >> 20)));
        err.flush();
        return ExitCodes.INTERNAL;
    }

    /** The configured command line with every subcommand built, with dsh4j's exit codes and error handling. */
    public static CommandLine commandLine() {
        Set<String> all = new HashSet<>();
        for (Class<?> c : Subcommands.ALL) all.addAll(LazySubcommands.names(c));
        return configure(LazySubcommands.commandLine(new Main(), Subcommands.ALL, all));
    }

    private static CommandLine configure(CommandLine cli) {
        listExitCodes(cli);
        shareVersion(cli, new Version());
        cli.setExitCodeExceptionMapper(t -> ExitCodes.INTERNAL);
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("dsh4j: " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println("dsh4j: internal error: " + ex);
            return ExitCodes.INTERNAL;
        });
        return cli;
    }

    /** Every command's {@code --help} ends with the same exit-code table. */
    private static void listExitCodes(CommandLine cli) {
        cli.getCommandSpec().usageMessage()
                .exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(ExitCodes.helpList());
        cli.getSubcommands().values().forEach(Main::listExitCodes);
    }

    /** Every subcommand's {@code -V/--version} reports dsh4j's version, not an empty line. */
    private static void shareVersion(CommandLine cli, Version version) {
        cli.getSubcommands().values().forEach(c -> {
            c.getCommandSpec().versionProvider(version);
            shareVersion(c, version);
        });
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Reports the version recorded in the jar manifest (or "development" when run from classes). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return versionLines();
        }
    }

    /**
     * The lines of {@code --version}: dsh4j's version from the jar manifest (or "development build"
     * when run from classes) and the Java runtime's. Free of picocli, for the fast path.
     */
    static String[] versionLines() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"dsh4j " + (v == null ? "development build" : v),
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }
}
