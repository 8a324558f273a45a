package io.dsh4j.app.sessions;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.SessionStoreException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Plain-language text and exit codes for I/O failures met by the session commands. */
final class Problems {

    private Problems() {}

    /** One line for people: what failed and on which path (Java's exception names are left out). */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) return Texts.get("io.noSuchFile", n.getFile());
        if (e instanceof AccessDeniedException a) return Texts.get("io.permissionDenied", a.getFile());
        if (e instanceof NotDirectoryException d) return Texts.get("io.notDirectory", d.getFile());
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getReason() != null ? f.getFile() + ": " + f.getReason() : Texts.get("io.cannotRead", f.getFile());
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /**
     * A store's refusal of what is on disk is a problem in the input; any other I/O failure makes it
     * unavailable. {@code context} turns the described failure into the message.
     */
    static CliProblem of(IOException e, java.util.function.UnaryOperator<String> context) {
        if (e instanceof SessionStoreException) return new CliProblem(ExitCodes.PROBLEM_FOUND, context.apply(e.getMessage()));
        return new CliProblem(ExitCodes.INPUT_UNAVAILABLE, context.apply(describe(e)));
    }

    /** As {@link #of(IOException, java.util.function.UnaryOperator)} for a failure on a named input. */
    static CliProblem of(IOException e) {
        return of(e, m -> m);
    }

    /** Prints the problem as one error line on {@code err}; returns its exit code. */
    static int report(PrintWriter err, CliProblem p) {
        err.println(Texts.error(p.getMessage()));
        return p.exitCode();
    }

    /** The exit code of a run that met both outcomes: input unavailable outranks usage, which outranks a problem found. */
    static int worse(int a, int b) {
        return rank(b) > rank(a) ? b : a;
    }

    private static int rank(int code) {
        return switch (code) {
            case ExitCodes.OK -> 0;
            case ExitCodes.PROBLEM_FOUND -> 1;
            case ExitCodes.USAGE -> 2;
            case ExitCodes.INPUT_UNAVAILABLE -> 3;
            default -> 4;
        };
    }
}
