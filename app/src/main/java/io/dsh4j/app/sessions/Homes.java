package io.dsh4j.app.sessions;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.app.HomeOption;
import io.dsh4j.session.SessionHome;

/** The session commands' reading of the shared {@link HomeOption}: an empty {@code --home} is a usage error. */
final class Homes {

    private Homes() {}

    /** The home. @throws CliProblem (usage) for an empty {@code --home} */
    static SessionHome of(HomeOption option) throws CliProblem {
        if (option.blank()) throw new CliProblem(ExitCodes.USAGE, Texts.get("home.blank"));
        return option.resolve();
    }
}
