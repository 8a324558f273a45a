package io.dsh4j.app.sessions;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code dsh4j sessions}: DSH session logs — list, show, stats, verify. */
@Command(name = "sessions", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = Texts.HELP_BUNDLE,
        subcommands = {ListCommand.class, ShowCommand.class, StatsCommand.class, VerifyCommand.class})
public final class SessionsCommand implements Callable<Integer> {

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return io.dsh4j.app.ExitCodes.OK;
    }
}
