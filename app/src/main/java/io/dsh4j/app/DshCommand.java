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
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code dsh4j} command line: one picocli command with a subcommand per capability. Runs are
 * started by {@link Main}, which answers a lone {@code --version} without loading this class or
 * picocli.
 *
 * <p>Subcommands are registered in {@link Subcommands#ALL}, one line each, in the order {@code --help}
 * lists them. They are built lazily ({@link LazySubcommands}): only the subcommand a run names is
 * built from its class (its options, mixins, nested subcommands and their static state); every other
 * one is a stand-in that carries just what the top-level help prints.
 */
@Command(
        name = "dsh4j",
        addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        versionProvider = DshCommand.Version.class,
        description = "A Java agent harness in the model of DeepSeek Harness (DSH).")
public final class DshCommand implements Runnable {

    /** Every subcommand of {@code dsh4j}, in help order. A new subcommand joins with one line here. */
    static final class Subcommands {
        private Subcommands() {}

        /**
         * The registered classes, in help order. Held apart from {@link DshCommand} so that building the
         * command class loads none of them.
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
     * Runs the command line against the given streams and returns the exit code. Only the
     * subcommands that {@code args} name are built. {@link Main#run} is the entry point; it answers
     * a lone {@code --version} itself and hands everything else here.
     */
    static int run(PrintWriter out, PrintWriter err, String... args) {
        return run(configure(LazySubcommands.commandLine(new DshCommand(), Subcommands.ALL, Arrays.asList(args))), out, err, args);
    }

    /**
     * As {@link #run(PrintWriter, PrintWriter, String...)} with the given command line. An
     * {@link OutOfMemoryError} does not escape: it is one line on {@code err} and exit 70.
     */
    static int run(CommandLine cli, PrintWriter out, PrintWriter err, String... args) {
        cli.setOut(out);
        cli.setErr(err);
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            return Main.outOfMemory(err, Runtime.getRuntime().maxMemory());
        }
    }

    /** The configured command line with every subcommand built, with dsh4j's exit codes and error handling. */
    public static CommandLine commandLine() {
        List<String> all = new ArrayList<>();
        for (Class<?> c : Subcommands.ALL) all.addAll(LazySubcommands.names(c));
        return configure(LazySubcommands.commandLine(new DshCommand(), Subcommands.ALL, all));
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
        cli.getSubcommands().values().forEach(DshCommand::listExitCodes);
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
            return Main.versionLines();
        }
    }
}
