package io.dsh4j.app;

import io.dsh4j.app.bench.BenchCommand;
import io.dsh4j.app.health.HandoffCommand;
import io.dsh4j.app.health.HealthCommand;
import io.dsh4j.app.merge.MergeCommand;
import io.dsh4j.app.model.AskCommand;
import io.dsh4j.app.model.ModelsCommand;
import io.dsh4j.app.profile.ProfileCommand;
import io.dsh4j.app.sessions.SessionsCommand;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code dsh4j} command line: one picocli command with a subcommand per capability. */
@Command(
        name = "dsh4j",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "A Java agent harness in the model of DeepSeek Harness (DSH).",
        subcommands = {
            CommandLine.HelpCommand.class,
            SessionsCommand.class,
            MergeCommand.class,
            BenchCommand.class,
            ProfileCommand.class,
            HealthCommand.class,
            HandoffCommand.class,
            io.dsh4j.app.run.RunCommand.class,
            io.dsh4j.app.chat.ChatCommand.class,
            ModelsCommand.class,
            AskCommand.class,
        })
public final class Main implements Runnable {

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

    /** Runs the command line against the given streams and returns the exit code (used by tests). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = commandLine();
        cli.setOut(out);
        cli.setErr(err);
        return cli.execute(args);
    }

    /** The configured command line, with dsh4j's exit codes and error handling. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
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
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"dsh4j " + (v == null ? "development build" : v),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
        }
    }
}
