package io.dsh4j.app.sessions;

import io.dsh4j.session.SessionHome;
import picocli.CommandLine.Option;

/** The {@code --home DIR} option shared by the session commands. */
final class HomeOption {

    @Option(names = "--home", paramLabel = "DIR",
            description = "DSH home folder (default: $DSH_HOME when set and not blank, else ~/.dsh); sessions are read from DIR/sessions")
    String home;

    SessionHome resolve() {
        return SessionHome.resolve(home);
    }
}
