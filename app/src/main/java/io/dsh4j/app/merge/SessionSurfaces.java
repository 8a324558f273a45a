package io.dsh4j.app.merge;

import io.dsh4j.beliefmerge.core.EventMessages;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.Trust;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionLogException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Turns a {@code SESSION} argument into a merge source: a path to a log file or a session directory,
 * else a session id (or a unique part of one) under the home's sessions. The log is read with the
 * harness's reader (raw or zstd, crash-cut tails repaired in memory), its surface folded, and its
 * messages mapped as the engine reads them (spec §2.1).
 *
 * <p>Stateless apart from the lazily opened store; not thread-safe.
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
    private SessionStore store;

    SessionSurfaces(SessionHome home, CliTexts texts) {
        this.home = home;
        this.texts = texts;
    }

    /** Reads one argument, stamping its claims with {@code trust}. */
    Read read(String input, Trust trust) throws Unreadable {
        Path file = locate(input);
        SessionLog log;
        try {
            log = SessionLogReader.read(file, SessionLogReader.Options.FIXTURE);
        } catch (IOException e) {
            throw new Unreadable(texts.get("cli.unreadable", file, e.getMessage()));
        }
        if (!log.status().readable() || log.header() == null) throw new Unreadable(log.status().describe());
        SurfaceFold fold = new SurfaceFold(log.events().isEmpty() ? 0 : log.events().getFirst().seq());
        try {
            for (SessionEvent e : log.inspect()) fold.accept(e);
        } catch (SessionLogException e) {
            throw new Unreadable(e.getMessage());
        }
        Surface surface = new Surface(log.header().id(), EventMessages.fromSurface(fold.nodes()), trust);
        return new Read(input, file, log.status(), surface);
    }

    private Path locate(String input) throws Unreadable {
        Path path = Path.of(input);
        if (Files.isRegularFile(path)) return path;
        if (Files.isDirectory(path)) {
            for (LogEncoding enc : List.of(LogEncoding.ZSTD, LogEncoding.RAW)) {
                Path candidate = path.resolve(enc.transcriptName());
                if (Files.isRegularFile(candidate)) return candidate;
            }
            throw new Unreadable(texts.get("cli.noLog", path));
        }
        try {
            SessionStore s = store();
            Optional<StoredSession> exact = s.find(input);
            if (exact.isPresent()) return exact.get().path();
            List<StoredSession> matches = s.findByIdFragment(input);
            if (matches.size() == 1) return matches.getFirst().path();
            if (matches.isEmpty()) throw new Unreadable(texts.get("cli.noMatch", input, home.sessionsRoot()));
            List<String> ids = matches.stream().limit(5).map(StoredSession::id).toList();
            throw new Unreadable(texts.get("cli.ambiguous", input, matches.size(), String.join(", ", ids)));
        } catch (IOException e) {
            throw new Unreadable(texts.get("cli.storeError", home.sessionsRoot(), e.getMessage()));
        }
    }

    private SessionStore store() throws IOException {
        if (store == null) store = SessionStore.detect(home.sessionsRoot());
        return store;
    }
}
