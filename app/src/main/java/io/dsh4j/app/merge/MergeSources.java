package io.dsh4j.app.merge;

import io.dsh4j.app.sessions.CliProblem;
import io.dsh4j.app.sessions.Targets;
import io.dsh4j.beliefmerge.sessions.SessionSurfaceReader;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionHome;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The merge command's wording around the shared paths: a {@code SESSION} argument becomes a log file
 * by the session library's {@link io.dsh4j.session.SessionTargets} rule (through {@link Targets}), and
 * the log becomes a surface by belief-merge's {@link SessionSurfaceReader} (streamed, the surface
 * folded as it is read). This class only says in the command's language what went wrong.
 *
 * <p>Stateless.
 */
final class MergeSources {

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

    MergeSources(SessionHome home, CliTexts texts) {
        this.home = home;
        this.texts = texts;
    }

    /** Reads the log {@code file} that {@link #locate} found for {@code input}, stamping its claims with {@code trust}. */
    Read read(String input, Path file, Trust trust) throws Unreadable {
        try {
            SessionSurfaceReader.Read r = SessionSurfaceReader.read(file, trust);
            return new Read(input, file, r.status(), r.surface());
        } catch (IOException e) {
            throw new Unreadable(texts.get("cli.unreadable", file, reason(e)));
        } catch (SessionSurfaceReader.Unreadable e) {
            throw new Unreadable(located(input, file, e.getMessage()));
        }
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
            return Targets.resolve(input, home);
        } catch (CliProblem p) {
            throw new Unreadable(p.getMessage());
        }
    }
}
