package io.dsh4j.app.serve;

import io.dsh4j.attention.core.ColdFold;
import io.dsh4j.attention.core.HealthReport;
import io.dsh4j.attention.core.Thresholds;
import io.dsh4j.session.LenientLogReader;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import io.dsh4j.session.event.SessionHeader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sessions under the DSH home as the console sees them: the session library's store (listed
 * newest first as {@code dsh4j sessions list} lists them, read in fixture mode as the
 * {@code sessions} commands read by default), and each session's health row — the score and level
 * that {@code dsh4j health} reports, from the attention-health engine's cold fold (spec §1.9) over
 * the session library's lenient reader, without building the handoff document that the full check
 * needs for its advice — cached until the log's size or modification time changes, so that listing a
 * thousand sessions reads each log once. The headers of the listing are cached the same way
 * ({@link io.dsh4j.session.SessionHeaderCache}): a warm listing reads no file that did not change.
 * Thread-safe.
 */
final class SessionCatalog {

    /** A session's health for its list row, or the reason there is none. */
    record HealthRow(Integer score, String level, String problem) {}

    private record Cached(long size, FileTime modified, HealthRow row) {}

    private final SessionHome home;
    private final Map<Path, Cached> health = new ConcurrentHashMap<>();
    private final io.dsh4j.session.SessionHeaderCache headers = new io.dsh4j.session.SessionHeaderCache();

    SessionCatalog(SessionHome home) {
        this.home = home;
    }

    SessionHome home() {
        return home;
    }

    private SessionStore store() throws IOException {
        return SessionStore.detect(home.sessionsRoot()).reading(SessionHeader.Mode.FIXTURE);
    }

    /** Every session, newest first. */
    List<StoredSession> list() throws RpcError {
        if (!Files.isDirectory(home.sessionsRoot())) return List.of();
        try {
            List<StoredSession> all = store().list(headers);
            if (health.size() > all.size()) {
                java.util.Set<Path> listed = new java.util.HashSet<>();
                for (StoredSession s : all) listed.add(s.path());
                health.keySet().retainAll(listed);
            }
            return all;
        } catch (IOException e) {
            throw new RpcError("internal", e.getMessage());
        }
    }

    /** The session with exactly this id. */
    StoredSession find(String id) throws RpcError {
        Optional<StoredSession> s;
        try {
            s = Files.isDirectory(home.sessionsRoot()) ? store().find(id) : Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            throw new RpcError("session-not-found", "no session " + id + ": " + e.getMessage());
        }
        return s.orElseThrow(() -> new RpcError("session-not-found", "no session " + id + " under " + home.sessionsRoot()));
    }

    /** The whole log, crash-repair closers of an open turn included in memory (the file is not changed). */
    SessionLog inspect(StoredSession s) throws RpcError {
        try {
            SessionLog log = store().inspect(s);
            if (!log.status().readable()) throw new RpcError("internal", s.path() + ": " + log.status().describe());
            return log;
        } catch (IOException e) {
            throw new RpcError("internal", s.path() + ": " + e.getMessage());
        }
    }

    /** The health row of a session, from the cache while its log is unchanged. */
    HealthRow health(StoredSession s) {
        Path file = s.path();
        long size;
        FileTime modified;
        try {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
            size = a.size();
            modified = a.lastModifiedTime();
        } catch (IOException e) {
            return new HealthRow(null, null, e.toString());
        }
        Cached c = health.get(file);
        if (c != null && c.size() == size && c.modified().equals(modified)) return c.row();
        HealthRow row;
        try {
            ColdFold fold = ColdFold.forHealth();
            LenientLogReader.Result read = LenientLogReader.read(file, LenientLogReader.Limits.DEFAULTS, fold::accept);
            if (read.skipped() == LenientLogReader.Skipped.INPUT_TOO_LARGE) {
                row = new HealthRow(null, null, "the log is larger than " + LenientLogReader.Limits.DEFAULTS.maxInputBytes() + " bytes");
            } else {
                HealthReport report = fold.finish().score(Thresholds.DEFAULTS);
                row = new HealthRow(report.score(), report.level().key(), null);
            }
        } catch (IOException | RuntimeException e) {
            row = new HealthRow(null, null, e.getMessage());
        }
        health.put(file, new Cached(size, modified, row));
        return row;
    }
}
