package io.dsh4j.app.sessions;

import io.dsh4j.session.SessionLogReader;
import picocli.CommandLine.Option;

/** The {@code --strict} option shared by the commands that read whole logs. */
final class ReadOptions {

    @Option(names = "--strict",
            description = "Apply DSH's loader rules exactly: refuse headers without version or delegationDepth"
                    + " and malformed legacy events (by default recorded fixtures are read too)")
    boolean strict;

    SessionLogReader.Options options() {
        return strict ? SessionLogReader.Options.STRICT : SessionLogReader.Options.FIXTURE;
    }
}
