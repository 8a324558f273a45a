package io.dsh4j.app.sessions;

import io.dsh4j.session.SessionHome;
import picocli.CommandLine.Option;

/** The {@code --home DIR} option shared by the session commands. */
final class HomeOption {

    @Option(names = "--home", paramLabel = "DIR")
    String home;

    SessionHome resolve() {
        return SessionHome.resolve(home);
    }
}
