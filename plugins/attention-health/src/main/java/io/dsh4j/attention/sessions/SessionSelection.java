package io.dsh4j.attention.sessions;

import io.dsh4j.attention.core.Texts;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Which session a command works on (attention-health spec §1.9): a path to a log file or a session
 * directory; an id, or a unique part of one, under the home's sessions; by default the newest
 * session whose header names the current directory, else the newest overall (with a warning).
 * Stateless.
 */
public final class SessionSelection {

    /** How many sessions with a cwd the default selection looks at. */
    static final int CWD_SCAN_LIMIT = 40;
    /** How many candidates an ambiguous target lists. */
    static final int AMBIGUOUS_SHOWN = 10;

    /** Why a selection failed: nothing fits, or more than one session does. */
    public enum FailureKind {
        /** No session, path or log fits the target (or it cannot be read). */
        NOT_FOUND,
        /** An id fragment fits several sessions. */
        AMBIGUOUS
    }

    /** A failed selection: the message (in the texts asked for) and its kind. */
    public static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        private final FailureKind kind;

        Failure(String message, FailureKind kind) {
            super(message);
            this.kind = kind;
        }

        public FailureKind kind() {
            return kind;
        }
    }

    private SessionSelection() {}

    /**
     * The selected session.
     *
     * @param target a path, an id or part of one, or {@code null} for the current directory's newest
     * @param warnings receives the warning of a fallback to the newest session overall
     * @throws Failure {@link FailureKind#NOT_FOUND} (none found, a path that does not exist or is
     *     neither a log file nor a directory, unreadable) or {@link FailureKind#AMBIGUOUS}
     */
    public static SessionLogs.Found select(String target, Path sessionsRoot, Path cwd, Texts t, Consumer<String> warnings)
            throws Failure {
        if (target != null) {
            Path asPath = Path.of(target);
            if (Files.isRegularFile(asPath)) {
                try {
                    return SessionLogs.ofFile(asPath);
                } catch (IOException e) {
                    throw new Failure(t.get("cli.unreadable", target, describe(t, e)), FailureKind.NOT_FOUND);
                }
            }
            if (Files.isDirectory(asPath)) {
                Path abs = asPath.toAbsolutePath().normalize();
                String project = abs.getParent() == null || abs.getParent().getFileName() == null ? ""
                        : abs.getParent().getFileName().toString();
                return SessionLogs.pick(abs, project).orElseThrow(
                        () -> new Failure(t.get("cli.noLogInDir", target), FailureKind.NOT_FOUND));
            }
            if (Files.exists(asPath)) throw new Failure(t.get("cli.notALog", target), FailureKind.NOT_FOUND);
            if (looksLikePath(target)) throw new Failure(t.get("cli.noSuchPath", target), FailureKind.NOT_FOUND);
        }
        List<SessionLogs.Found> sessions = SessionLogs.list(sessionsRoot);
        if (sessions.isEmpty()) {
            throw new Failure(t.get("cli.noSessions", sessionsRoot.toString()), FailureKind.NOT_FOUND);
        }
        if (target != null) return byId(target, sessions, t);
        Path here = cwd.toAbsolutePath().normalize();
        int withCwd = 0;
        for (SessionLogs.Found s : sessions) {
            String c = SessionLogs.header(s.file()).map(h -> h.path("cwd").asText(null)).orElse(null);
            if (c == null || c.isEmpty()) continue;
            withCwd++;
            if (sameDirectory(c, here)) return s;
            if (withCwd >= CWD_SCAN_LIMIT) break;
        }
        warnings.accept(t.get("cli.noCwdMatch", here.toString(), sessions.get(0).id()));
        return sessions.get(0);
    }

    private static SessionLogs.Found byId(String target, List<SessionLogs.Found> sessions, Texts t) throws Failure {
        List<SessionLogs.Found> matches = new ArrayList<>();
        for (SessionLogs.Found s : sessions) if (s.id().contains(target)) matches.add(s);
        if (matches.isEmpty()) throw new Failure(t.get("cli.noMatch", target), FailureKind.NOT_FOUND);
        if (matches.size() == 1) return matches.get(0);
        StringBuilder msg = new StringBuilder(t.get("cli.ambiguous", target, Integer.toString(matches.size())));
        for (SessionLogs.Found m : matches.subList(0, Math.min(AMBIGUOUS_SHOWN, matches.size()))) {
            msg.append("\n  ").append(m.id());
        }
        throw new Failure(msg.toString(), FailureKind.AMBIGUOUS);
    }

    /**
     * Whether a target that names nothing on disk was meant as a path: session ids have no path
     * separator and no log suffix, so such a target cannot be an id and "no id contains it" would
     * mislead.
     */
    public static boolean looksLikePath(String target) {
        return target.indexOf('/') >= 0 || target.indexOf(java.io.File.separatorChar) >= 0
                || target.endsWith(".jsonl") || target.endsWith(".zstd");
    }

    private static boolean sameDirectory(String recorded, Path here) {
        try {
            return Path.of(recorded).toAbsolutePath().normalize().equals(here);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * What went wrong with a file, in these texts: the JDK's file exceptions carry only the path as
     * their message ({@code /a/b}), which names the place but not the problem.
     */
    public static String describe(Texts texts, IOException e) {
        return switch (e) {
            case NoSuchFileException n -> texts.get("cli.ioMissing", n.getFile());
            case AccessDeniedException a -> texts.get("cli.ioDenied", a.getFile());
            case NotDirectoryException d -> texts.get("cli.ioNotDirectory", d.getFile());
            case FileSystemException f when f.getReason() != null -> f.getFile() + ": " + f.getReason();
            default -> String.valueOf(e.getMessage());
        };
    }
}
