package io.dsh4j.app.sessions;

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
@Command(name = "verify", mixinStandardHelpOptions = true, resourceBundle = Texts.HELP_BUNDLE)
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
                Path file = SessionTargets.resolve(target, home.resolve());
                LogReadResult r = SessionLogReader.stream(file, read.options(), e -> { });
                out.println(r.describe());
                if (!r.status().readable()) exit = worse(exit, ExitCodes.PROBLEM_FOUND);
            } catch (CliProblem p) {
                err.println(Texts.error(p.getMessage()));
                exit = worse(exit, p.exitCode());
            } catch (IOException e) {
                CliProblem p = Problems.of(e);
                err.println(Texts.error(p.getMessage()));
                exit = worse(exit, p.exitCode());
            }
        }
        out.flush();
        return exit;
    }

    /** Input unavailable outranks a problem found, which outranks success. */
    static int worse(int a, int b) {
        return rank(b) > rank(a) ? b : a;
    }

    private static int rank(int code) {
        return switch (code) {
            case ExitCodes.OK -> 0;
            case ExitCodes.PROBLEM_FOUND -> 1;
            case ExitCodes.USAGE -> 2;
            case ExitCodes.INPUT_UNAVAILABLE -> 3;
            default -> 4;
        };
    }
}
