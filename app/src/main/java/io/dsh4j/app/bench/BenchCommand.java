package io.dsh4j.app.bench;

import io.dsh4j.app.merge.BenchMergeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code dsh4j bench}: benchmark drivers that print figures. Each capability adds its driver as a
 * subcommand here ({@code merge}: MergeBench).
 */
@Command(name = "bench", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = "Run a benchmark driver and print its figures.",
        subcommands = {BenchMergeCommand.class})
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
