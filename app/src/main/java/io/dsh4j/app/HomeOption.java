package io.dsh4j.app;

import io.dsh4j.session.SessionHome;
import picocli.CommandLine.Option;

/**
 * The {@code --home DIR} option every command that reads the DSH home shares (a picocli mixin): one
 * declaration for {@code sessions}, {@code health}, {@code handoff}, {@code merge} and
 * {@code profile dump}. Commands with a help bundle describe it there (key {@code home}); the others
 * show the description below.
 */
public final class HomeOption {

    @Option(names = "--home", paramLabel = "DIR", description = "The DSH home (default: $DSH_HOME, else ~/.dsh).")
    String home;

    /** The option as given, or {@code null}. */
    public String given() {
        return home;
    }

    /** Whether {@code --home} was given empty (or white space). */
    public boolean blank() {
        return home != null && home.isBlank();
    }

    /** The home: {@code --home}, else {@code DSH_HOME} (unless blank), else {@code ~/.dsh}. */
    public SessionHome resolve() {
        return SessionHome.resolve(home);
    }
}
