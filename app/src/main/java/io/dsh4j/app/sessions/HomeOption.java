package io.dsh4j.app.sessions;

import io.dsh4j.session.SessionHome;
import picocli.CommandLine.Option;

/** The {@code --home DIR} option shared by the session commands. */
final class HomeOption {

    @Option(names = "--home", paramLabel = "DIR")
    String home;

    /** The home: {@code --home}, else {@code DSH_HOME}, else {@code ~/.dsh}. @throws CliProblem (usage) for an empty {@code --home} */
    SessionHome resolve() throws CliProblem {
        if (home != null && home.isBlank()) throw new CliProblem(io.dsh4j.app.ExitCodes.USAGE, Texts.get("home.blank"));
        return SessionHome.resolve(home);
    }
}
