package io.dsh4j.app.deliberation;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dsh4j deliberation}: the deliberation plugin's offline tools. */
@Command(name = "deliberation", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = CliTexts.HELP_BUNDLE,
        subcommands = PreviewCommand.class)
public final class DeliberationCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return io.dsh4j.app.ExitCodes.OK;
    }
}
