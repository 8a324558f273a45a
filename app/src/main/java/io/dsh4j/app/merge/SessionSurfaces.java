package io.dsh4j.app.merge;

import io.dsh4j.app.sessions.CliProblem;
import io.dsh4j.app.sessions.SessionTargets;
import io.dsh4j.beliefmerge.core.EventMessages;
import io.dsh4j.beliefmerge.core.Redaction;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionLogException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Turns a {@code SESSION} argument into a merge source: the log that {@link SessionTargets} names (a
 * path to a log file or a session directory, else a session id or a unique part of one under the
 * home). The log is read with the harness's reader (raw or zstd, crash-cut tails repaired in memory), its surface folded, and its
 * messages mapped as the engine reads them (spec §2.1).
 *
 * <p>Stateless.
 */
final class SessionSurfaces {

    /** A session that could be read: where from, how the read ended, and the surface to merge. */
    record Read(String input, Path file, LogStatus status, Surface surface) {}

    /** Why an argument could not become a surface. */
    static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    private final SessionHome home;
    private final CliTexts texts;

    SessionSurfaces(SessionHome home, CliTexts texts) {
        this.home = home;
        this.texts = texts;
    }

    /** Reads the log {@code file} that {@link #locate} found for {@code input}, stamping its claims with {@code trust}. */
    Read read(String input, Path file, Trust trust) throws Unreadable {
        SessionLog log;
        try {
            log = SessionLogReader.read(file, SessionLogReader.Options.FIXTURE);
        } catch (IOException e) {
            throw new Unreadable(texts.get("cli.unreadable", file, reason(e)));
        }
        if (!log.status().readable() || log.header() == null) throw new Unreadable(located(input, file, log.status().describe()));
        SurfaceFold fold = new SurfaceFold(log.events().isEmpty() ? 0 : log.events().getFirst().seq());
        try {
            for (SessionEvent e : log.inspect()) fold.accept(e);
        } catch (SessionLogException e) {
            throw new Unreadable(located(input, file, e.getMessage()));
        }
        Surface surface = new Surface(Redaction.redact(log.header().id()).text(), EventMessages.fromSurface(fold.nodes()), trust);
        return new Read(input, file, log.status(), surface);
    }

    /**
     * Why a read failed, in these texts: the JDK's file exceptions carry only the path as their
     * message, which the caller already names.
     */
    String reason(IOException e) {
        return switch (e) {
            case NoSuchFileException n -> texts.get("cli.ioMissing");
            case AccessDeniedException a -> texts.get("cli.ioDenied");
            case FileSystemException f when f.getReason() != null -> f.getReason();
            default -> String.valueOf(e.getMessage());
        };
    }

    /**
     * The problem prefixed with the log file it is in, unless the argument already was that file: for an
     * id or a session directory the user could not otherwise tell which file a byte offset refers to.
     */
    private static String located(String input, Path file, String problem) {
        try {
            if (Path.of(input).toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize())) return problem;
        } catch (InvalidPathException e) {
            // not a path at all (a session id): name the file
        }
        return file + ": " + problem;
    }

    /** The log file an argument names, without reading it. */
    Path locate(String input) throws Unreadable {
        try {
            return SessionTargets.resolve(input, home);
        } catch (CliProblem p) {
            throw new Unreadable(p.getMessage());
        }
    }
}
