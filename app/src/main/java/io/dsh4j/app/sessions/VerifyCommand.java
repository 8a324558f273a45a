package io.dsh4j.app.sessions;

import io.dsh4j.app.HomeOption;
import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.LogReadResult;
import io.dsh4j.session.SessionLogReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dsh4j sessions verify}: the integrity of each log, as DSH's reader judges it. */
@Command(name = "verify", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        resourceBundle = Texts.HELP_BUNDLE)
final class VerifyCommand implements Callable<Integer> {

    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin HomeOption home;
    @Mixin ReadOptions read;

    @Parameters(arity = "1..*", paramLabel = "PATH", descriptionKey = "target")
    List<String> targets;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int exit = ExitCodes.OK;
        for (String target : targets) {
            try {
                Path file = Targets.resolve(target, Homes.of(home));
                LogReadResult r = SessionLogReader.check(file, read.options());
                out.println(r.describe());
                if (!r.status().readable()) exit = Problems.worse(exit, ExitCodes.PROBLEM_FOUND);
            } catch (CliProblem p) {
                exit = Problems.worse(exit, Problems.report(err, p));
            } catch (IOException e) {
                exit = Problems.worse(exit, Problems.report(err, Problems.of(e)));
            }
        }
        out.flush();
        return exit;
    }
}
