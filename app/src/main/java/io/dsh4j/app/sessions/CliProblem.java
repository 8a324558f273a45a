package io.dsh4j.app.sessions;

/**
 * A problem the user can act on (a missing session, a corrupt log, a bad home): reported as one line
 * on standard error, never with a stack trace, and mapped to an {@link io.dsh4j.app.ExitCodes exit code}.
 */
final class CliProblem extends Exception {

    private final int exitCode;

    CliProblem(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
