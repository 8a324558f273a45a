package io.dsh4j.session;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogException;
import io.dsh4j.session.event.StorageCodec;
import io.dsh4j.session.internal.DurableFiles;
import io.dsh4j.session.internal.HeaderProbe;
import io.dsh4j.session.internal.ZstdFrameEncoder;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sessions under one root ({@code <DSH home>/sessions}), in one encoding (§1.2, §1.9): listing
 * from header frames only, lookup by id, crash repair in memory ({@link #inspect}) or on disk
 * ({@link #load}), and creation of new logs.
 *
 * <p>Layout rules it enforces, as DSH does: a session id lives in exactly one project directory
 * (duplicates are an error naming both paths); a root holds one encoding (a transcript of the other
 * encoding is an "encoding mismatch" error); a {@code *.jsonl} or {@code *.jsonl.zstd} file directly
 * in a project directory is the rejected legacy flat layout; a header must name its own path.
 *
 * <p>Thread-safe for reads. Writes follow DSH's single-writer rule: one writer per session, and never
 * while DSH itself may be writing it.
 */
public final class SessionStore {

    private final Path root;
    private final LogEncoding encoding;
    private final SessionLogReader.Options readOptions;

    private SessionStore(Path root, LogEncoding encoding, SessionHeader.Mode mode) {
        this.root = root.toAbsolutePath().normalize();
        this.encoding = encoding;
        this.readOptions = new SessionLogReader.Options(encoding, mode);
    }

    /** The store at {@code root} in {@code encoding}, reading under DSH's rules. */
    public static SessionStore open(Path root, LogEncoding encoding) {
        return new SessionStore(root, encoding, SessionHeader.Mode.STRICT);
    }

    /** The store at {@code <home>/sessions}, DSH's default encoding (zstd). */
    public static SessionStore open(SessionHome home) {
        return open(home.sessionsRoot(), LogEncoding.ZSTD);
    }

    /**
     * The store at {@code root} in the encoding its sessions use (zstd for an empty or missing root).
     *
     * @throws SessionStoreException when the root holds both encodings, naming one of each
     */
    public static SessionStore detect(Path root) throws IOException {
        Path zstd = null;
        Path raw = null;
        for (Path project : projectDirs(root.toAbsolutePath().normalize())) {
            for (Path dir : sessionDirs(project)) {
                if (zstd == null && Files.exists(dir.resolve(LogEncoding.ZSTD.transcriptName()))) {
                    zstd = dir.resolve(LogEncoding.ZSTD.transcriptName());
                }
                if (raw == null && Files.exists(dir.resolve(LogEncoding.RAW.transcriptName()))) {
                    raw = dir.resolve(LogEncoding.RAW.transcriptName());
                }
            }
        }
        if (zstd != null && raw != null) {
            throw new SessionStoreException("encoding mismatch under " + root + ": " + raw + " is raw but " + zstd
                    + " is zstd; a sessions root holds one encoding", raw);
        }
        return open(root, raw != null ? LogEncoding.RAW : LogEncoding.ZSTD);
    }

    /** The same store, reading logs under {@code mode} ({@code FIXTURE} also accepts recorded fixtures). */
    public SessionStore reading(SessionHeader.Mode mode) {
        return new SessionStore(root, encoding, mode);
    }

    /** The absolute, normalised sessions root (it need not exist). */
    public Path root() {
        return root;
    }

    /** The encoding this store reads and writes. */
    public LogEncoding encoding() {
        return encoding;
    }

    /**
     * Every session with a readable header, newest first ({@code createdAt}, ties by id). Files
     * without a complete first line or frame, and first lines that are not a valid header, are
     * skipped as DSH skips them. A missing root lists nothing.
     *
     * @throws SessionStoreException for duplicate ids, an encoding mismatch, the legacy flat layout,
     *     a complete header frame that fails validation, or a header that does not name its path
     */
    public List<StoredSession> list() throws IOException {
        return list(null);
    }

    /**
     * As {@link #list()}, reading a transcript's header only when {@code cache} has none for the
     * file's current size and modification time ({@code null}: no cache).
     */
    public List<StoredSession> list(SessionHeaderCache cache) throws IOException {
        List<StoredSession> found = new ArrayList<>();
        java.util.Set<Path> seen = new java.util.HashSet<>();
        Map<String, Path> ids = new HashMap<>();
        for (Path project : projectDirs(root)) {
            for (Path dir : sessionDirs(project)) {
                Path opposite = dir.resolve(encoding.opposite().transcriptName());
                if (Files.exists(opposite)) throw encodingMismatch(opposite, encoding);
                Path log = dir.resolve(encoding.transcriptName());
                if (!Files.isRegularFile(log)) continue;
                seen.add(log);
                Optional<SessionHeader> header = cache == null ? probeHeader(log)
                        : cache.header(log, encoding, readOptions.mode(), this::probeHeader);
                if (header.isEmpty()) continue;
                assertIdentity(log, header.get());
                Path previous = ids.putIfAbsent(header.get().id(), log);
                if (previous != null) {
                    throw new SessionStoreException("duplicate session id \"" + header.get().id()
                            + "\" appears in multiple project directories: " + previous + " and " + log, log);
                }
                found.add(new StoredSession(header.get(), log, encoding));
            }
        }
        if (cache != null) cache.retainOnly(seen);
        found.sort(StoredSession.NEWEST_FIRST);
        return List.copyOf(found);
    }

    /**
     * The session with this exact id, if any.
     *
     * @throws SessionStoreException when the id is in several project directories, a transcript of
     *     the other encoding or a legacy flat file stands for it, or its header does not match
     */
    public Optional<StoredSession> find(String id) throws IOException {
        String segment = SessionLayout.encodeSegment(id);
        List<Path> matches = new ArrayList<>();
        for (Path project : projectDirs(root)) {
            for (LogEncoding e : LogEncoding.values()) {
                Path flat = project.resolve(segment + e.suffix());
                if (Files.exists(flat, LinkOption.NOFOLLOW_LINKS)) throw legacyLayout(flat);
            }
            Path dir = project.resolve(segment);
            Path opposite = dir.resolve(encoding.opposite().transcriptName());
            if (Files.exists(opposite)) throw encodingMismatch(opposite, encoding);
            Path log = dir.resolve(encoding.transcriptName());
            if (Files.isRegularFile(log)) matches.add(log);
        }
        if (matches.size() > 1) {
            throw new SessionStoreException("duplicate session id \"" + id + "\" appears in multiple project directories: "
                    + matches, matches.get(1));
        }
        if (matches.isEmpty()) return Optional.empty();
        Path log = matches.get(0);
        Optional<SessionHeader> header = probeHeader(log);
        if (header.isEmpty()) {
            throw new SessionStoreException("session log " + log + " has no complete header record", log, 0, null);
        }
        if (!header.get().id().equals(id)) {
            throw new SessionStoreException("corrupt session log " + log + ": requested id \"" + id
                    + "\" does not match header id \"" + header.get().id() + "\"", log, 0, null);
        }
        assertIdentity(log, header.get());
        return Optional.of(new StoredSession(header.get(), log, encoding));
    }

    /** The listed sessions whose id contains {@code fragment} (for lookup by a unique prefix or part). */
    public List<StoredSession> findByIdFragment(String fragment) throws IOException {
        return list().stream().filter(s -> s.id().contains(fragment)).toList();
    }

    /**
     * Reads a session whole without changing the file (DSH's {@code inspect()}): {@link SessionLog#inspect()}
     * gives its events with the crash-repair closers of an interrupted last turn appended in memory,
     * {@link SessionLog#status()} whether the log was torn (or worse).
     */
    public SessionLog inspect(StoredSession session) throws IOException {
        return SessionLogReader.read(session.path(), readOptions);
    }

    /**
     * Reads a session and makes its crash repair durable (DSH's {@code load()}): a torn tail is cut
     * off (zstd: at the torn frame; raw: after the last committed line), then the events recovered
     * from a torn frame and the closers of an open turn are appended as one batch.
     *
     * @return the repaired log as it now is on disk (closers included), status {@code ok}
     * @throws SessionStoreException when the log is corrupt, refused or not a session (it is left as is)
     */
    public SessionLog load(StoredSession session) throws IOException {
        SessionLog log = SessionLogReader.read(session.path(), readOptions);
        if (!log.status().readable()) {
            long offset = switch (log.status()) {
                case LogStatus.Corrupt c -> c.offset();
                case LogStatus.Refused r -> r.offset();
                default -> 0;
            };
            throw new SessionStoreException("cannot load " + session.path() + ": " + log.status().describe(),
                    session.path(), offset, null);
        }
        List<SessionEvent> recovered = log.recoveredEvents();
        List<SessionEvent> closers = log.closers();
        DurableFiles files = DurableFiles.standard();
        if (log.status() instanceof LogStatus.Torn torn) files.truncate(session.path(), torn.truncateTo());
        List<SessionEvent> repair = new ArrayList<>(recovered);
        repair.addAll(closers);
        if (!repair.isEmpty()) {
            byte[] text = StorageCodec.encodeBatchUtf8(repair, true);
            files.append(session.path(), encoding == LogEncoding.ZSTD ? ZstdFrameEncoder.encode(text) : text);
        }
        List<SessionEvent> all = new ArrayList<>(log.events());
        all.addAll(closers);
        return new SessionLog(log.file(), log.encoding(), log.header(), List.copyOf(all), new LogStatus.Ok());
    }

    /**
     * A writer for a new session; nothing is written until its first batch.
     *
     * @throws SessionStoreException when a session with this id already exists anywhere under the root
     */
    public SessionLogWriter create(SessionHeader header) throws IOException {
        Optional<StoredSession> existing = find(header.id());
        if (existing.isPresent()) {
            throw new SessionStoreException("session \"" + header.id() + "\" already exists at " + existing.get().path(),
                    existing.get().path());
        }
        return SessionLogWriter.create(root, header, encoding);
    }

    /** A writer appending to an existing session that holds {@code storedEvents} events (after {@link #load}). */
    public SessionLogWriter resume(StoredSession session, long storedEvents) {
        return SessionLogWriter.resume(root, session.header(), encoding, storedEvents);
    }

    private Optional<SessionHeader> probeHeader(Path log) throws IOException {
        Optional<byte[]> first;
        try {
            first = HeaderProbe.firstRecord(log, encoding == LogEncoding.ZSTD);
        } catch (HeaderProbe.BadHeaderFrame e) {
            throw new SessionStoreException("corrupt session log " + log + ": " + e.getMessage(), log, 0, e);
        }
        if (first.isEmpty()) return Optional.empty();
        try {
            byte[] line = first.get();
            return Optional.of(SessionHeader.parse(line, 0, line.length, readOptions.mode()));
        } catch (SessionLogException notAHeader) {
            return Optional.empty(); // DSH lists only valid headers of this format version and skips the rest
        }
    }

    /** The header's id and cwd must derive this very path (or the same file under another spelling). */
    private void assertIdentity(Path log, SessionHeader header) throws IOException {
        Path expected;
        try {
            expected = SessionLayout.logPath(root, header.cwd(), header.id(), encoding);
        } catch (IllegalArgumentException e) {
            throw new SessionStoreException("corrupt session log " + log + ": header id or cwd cannot name a storage path ("
                    + e.getMessage() + ")", log, 0, e);
        }
        if (expected.equals(log)) return;
        if (Files.exists(expected) && Files.isSameFile(expected, log)) return;
        throw new SessionStoreException("corrupt session log " + log + ": header id \"" + header.id() + "\" and cwd "
                + (header.cwd() == null ? "(none)" : "\"" + header.cwd() + "\"") + " identify " + expected, log, 0, null);
    }

    /** The project directories under {@code root}, sorted; none when the root does not exist. */
    private static List<Path> projectDirs(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(root, Files::isDirectory)) {
            entries.forEach(out::add);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        out.sort(null);
        return out;
    }

    /** Session directories of a project; a log file lying directly in it is the legacy flat layout. */
    private static List<Path> sessionDirs(Path project) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(project)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (Files.isRegularFile(p) && (name.endsWith(LogEncoding.RAW.suffix()) || name.endsWith(LogEncoding.ZSTD.suffix()))) {
                    throw legacyLayout(p);
                }
                if (Files.isDirectory(p)) out.add(p);
            }
        }
        out.sort(null);
        return out;
    }

    static SessionStoreException encodingMismatch(Path artifact, LogEncoding configured) {
        return new SessionStoreException("encoding mismatch: session artifact " + artifact + " uses "
                + configured.opposite().suffix() + ", but this store reads " + configured.suffix()
                + "; use a separate root or the matching encoding", artifact);
    }

    private static SessionStoreException legacyLayout(Path artifact) {
        return new SessionStoreException("session artifact " + artifact + " uses the unsupported flat-file layout;"
                + " use a separate root or move it into a project/session directory", artifact);
    }
}
