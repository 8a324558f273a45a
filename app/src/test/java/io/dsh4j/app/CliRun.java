package io.dsh4j.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * One in-process run of the {@code dsh4j} command line, for tests: its exit code and everything it
 * printed on stdout and stderr.
 */
public record CliRun(int code, String out, String err) {

    /** Runs {@code dsh4j args...} in this JVM through {@link Main#run}. */
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Asserts that a user-facing failure was reported as a message, not as a stack trace. */
    public void hasNoStackTrace() {
        assertThat(err).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("internal error");
        assertThat(out).doesNotContain("Exception");
    }
}
