package io.dsh4j.app.sessions;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.SessionStoreException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Plain-language text and exit codes for I/O failures met by the session commands. */
final class Problems {

    private Problems() {}

    /** One line for people: what failed and on which path (Java's exception names are left out). */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) return n.getFile() + ": no such file or directory";
        if (e instanceof AccessDeniedException a) return a.getFile() + ": permission denied";
        if (e instanceof NotDirectoryException d) return d.getFile() + ": not a directory";
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : "cannot be read");
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** A store's refusal of what is on disk is a problem in the input; any other I/O failure makes it unavailable. */
    static CliProblem of(String context, IOException e) {
        if (e instanceof SessionStoreException) return new CliProblem(ExitCodes.PROBLEM_FOUND, context + e.getMessage());
        return new CliProblem(ExitCodes.INPUT_UNAVAILABLE, context + describe(e));
    }
}
