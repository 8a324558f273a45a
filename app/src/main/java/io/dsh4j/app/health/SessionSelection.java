package io.dsh4j.app.health;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.attention.core.Texts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which session a command works on (attention-health spec §1.9): a path to a log file or a session
 * directory; an id, or a unique part of one, under the home's sessions; by default the newest
 * session whose header names the current directory, else the newest overall (with a warning).
 * Stateless.
 */
final class SessionSelection {

    /** How many sessions with a cwd the default selection looks at. */
    static final int CWD_SCAN_LIMIT = 40;
    /** How many candidates an ambiguous target lists. */
    static final int AMBIGUOUS_SHOWN = 10;

    /** A failed selection: the message and the exit code. */
    static final class Failure extends Exception {
        private final int exitCode;

        Failure(String message, int exitCode) {
            super(message);
            this.exitCode = exitCode;
        }

        int exitCode() {
            return exitCode;
        }
    }

    private SessionSelection() {}

    /**
     * The selected session.
     *
     * @param target a path, an id or part of one, or {@code null} for the current directory's newest
     * @throws Failure with exit code 3 (none found, a path that does not exist or is neither a log file
     *     nor a directory, unreadable) or 2 (ambiguous)
     */
    static SessionLogs.Found select(String target, Path sessionsRoot, Path cwd, Texts t, PrintWriter err)
            throws Failure {
        if (target != null) {
            Path asPath = Path.of(target);
            if (Files.isRegularFile(asPath)) {
                try {
                    return SessionLogs.ofFile(asPath);
                } catch (IOException e) {
                    throw new Failure(t.get("cli.unreadable", target, CliContext.describe(t, e)), ExitCodes.INPUT_UNAVAILABLE);
                }
            }
            if (Files.isDirectory(asPath)) {
                Path abs = asPath.toAbsolutePath().normalize();
                String project = abs.getParent() == null || abs.getParent().getFileName() == null ? ""
                        : abs.getParent().getFileName().toString();
                return SessionLogs.pick(abs, project).orElseThrow(
                        () -> new Failure(t.get("cli.noLogInDir", target), ExitCodes.INPUT_UNAVAILABLE));
            }
            if (Files.exists(asPath)) throw new Failure(t.get("cli.notALog", target), ExitCodes.INPUT_UNAVAILABLE);
            if (looksLikePath(target)) throw new Failure(t.get("cli.noSuchPath", target), ExitCodes.INPUT_UNAVAILABLE);
        }
        List<SessionLogs.Found> sessions = SessionLogs.list(sessionsRoot);
        if (sessions.isEmpty()) {
            throw new Failure(t.get("cli.noSessions", sessionsRoot.toString()), ExitCodes.INPUT_UNAVAILABLE);
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
        err.println(t.get("cli.noCwdMatch", here.toString(), sessions.get(0).id()));
        return sessions.get(0);
    }

    private static SessionLogs.Found byId(String target, List<SessionLogs.Found> sessions, Texts t) throws Failure {
        List<SessionLogs.Found> matches = new ArrayList<>();
        for (SessionLogs.Found s : sessions) if (s.id().contains(target)) matches.add(s);
        if (matches.isEmpty()) throw new Failure(t.get("cli.noMatch", target), ExitCodes.INPUT_UNAVAILABLE);
        if (matches.size() == 1) return matches.get(0);
        StringBuilder msg = new StringBuilder(t.get("cli.ambiguous", target, Integer.toString(matches.size())));
        for (SessionLogs.Found m : matches.subList(0, Math.min(AMBIGUOUS_SHOWN, matches.size()))) {
            msg.append("\n  ").append(m.id());
        }
        throw new Failure(msg.toString(), ExitCodes.USAGE);
    }

    /**
     * Whether a target that names nothing on disk was meant as a path: session ids have no path
     * separator and no log suffix, so such a target cannot be an id and "no id contains it" would
     * mislead.
     */
    static boolean looksLikePath(String target) {
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
}
