package io.dsh4j.app.sessions;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code dsh4j sessions}: DSH session logs — list, show, stats, verify. */
@Command(name = "sessions", mixinStandardHelpOptions = true,
        description = {"Work with DeepSeek Harness session logs (zstd session.jsonl.zstd or raw session.jsonl).",
                "Sessions live under <home>/sessions; the home is --home, else $DSH_HOME, else ~/.dsh."},
        subcommands = {ListCommand.class, ShowCommand.class, StatsCommand.class, VerifyCommand.class})
public final class SessionsCommand implements Callable<Integer> {

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return io.dsh4j.app.ExitCodes.OK;
    }
}
