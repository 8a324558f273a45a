package io.dsh4j.app.sessions;

/**
 * A problem the user can act on (a missing session, a corrupt log, a bad home): reported as one line
 * on standard error, never with a stack trace, and mapped to an {@link io.dsh4j.app.ExitCodes exit code}.
 */
public final class CliProblem extends Exception {

    private static final long serialVersionUID = 1L;

    private final int exitCode;

    CliProblem(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    /** The exit code this problem ends the command with. */
    public int exitCode() {
        return exitCode;
    }
}
