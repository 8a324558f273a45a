package io.dsh4j.app.sessions;

import io.dsh4j.session.SessionLogReader;
import picocli.CommandLine.Option;

/** The {@code --strict} option shared by the commands that read whole logs. */
final class ReadOptions {

    @Option(names = "--strict")
    boolean strict;

    SessionLogReader.Options options() {
        return strict ? SessionLogReader.Options.STRICT : SessionLogReader.Options.FIXTURE;
    }
}
