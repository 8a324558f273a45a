package io.dsh4j.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Turns a session argument into a log file: an existing file ({@code session.jsonl}, any
 * {@code *.jsonl.zstd}), a session directory, or else a session id (exact, or a part of one that
 * names a single session) looked up in the store under the home. The one rule that the
 * {@code sessions} commands, {@code merge}, the HTTP routes and the live plugins follow for a
 * {@code ID|PATH} of a DSH session (the attention-health plugin keeps its own selection rules).
 * Stateless.
 */
public final class SessionTargets {

    /** How many ids an ambiguous fragment lists. */
    public static final int AMBIGUOUS_LISTED = 10;

    private SessionTargets() {}

    /**
     * The log file that {@code arg} names.
     *
     * @throws SessionTargetException naming the kind of failure and what it is about
     */
    public static Path resolve(String arg, SessionHome home) throws SessionTargetException {
        if (arg.isBlank()) throw failure(SessionTargetException.Kind.BLANK, arg, null);
        Optional<Path> asPath = existingPath(arg);
        if (asPath.isPresent()) return fileOf(arg, asPath.get());
        if (looksLikePath(arg)) throw failure(SessionTargetException.Kind.NO_SUCH_FILE, arg, null);
        return byId(arg, home);
    }

    /** Whether an argument that names nothing on disk was meant as a path (ids have no separator and no log suffix). */
    public static boolean looksLikePath(String arg) {
        return arg.contains("/") || arg.contains("\\") || arg.endsWith(".jsonl") || arg.endsWith(".zstd");
    }

    private static Optional<Path> existingPath(String arg) {
        try {
            Path p = Path.of(arg);
            return Files.exists(p) ? Optional.of(p) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** A regular file as is; a session directory by its transcript. */
    private static Path fileOf(String arg, Path p) throws SessionTargetException {
        if (Files.isRegularFile(p)) return p;
        if (!Files.isDirectory(p)) throw failure(SessionTargetException.Kind.NOT_FILE_OR_DIRECTORY, arg, p);
        Path zstd = p.resolve(LogEncoding.ZSTD.transcriptName());
        Path raw = p.resolve(LogEncoding.RAW.transcriptName());
        boolean hasZstd = Files.isRegularFile(zstd);
        boolean hasRaw = Files.isRegularFile(raw);
        List<String> names = List.of(zstd.getFileName().toString(), raw.getFileName().toString());
        if (hasZstd && hasRaw) {
            throw new SessionTargetException(SessionTargetException.Kind.BOTH_TRANSCRIPTS, arg, p, names, 0, null);
        }
        if (hasZstd) return zstd;
        if (hasRaw) return raw;
        throw new SessionTargetException(SessionTargetException.Kind.NOT_SESSION_DIRECTORY, arg, p, names, 0, null);
    }

    private static Path byId(String id, SessionHome home) throws SessionTargetException {
        Path root = home.sessionsRoot();
        try {
            SessionStore store = SessionStore.detect(root);
            Optional<StoredSession> exact = store.find(id);
            if (exact.isPresent()) return exact.get().path();
            List<StoredSession> partial = store.findByIdFragment(id);
            if (partial.size() == 1) return partial.get(0).path();
            if (partial.isEmpty()) throw failure(SessionTargetException.Kind.NO_SESSION, id, root);
            List<String> ids = partial.stream().map(StoredSession::id).limit(AMBIGUOUS_LISTED).toList();
            throw new SessionTargetException(SessionTargetException.Kind.AMBIGUOUS, id, root, ids, partial.size(), null);
        } catch (IOException e) {
            throw new SessionTargetException(SessionTargetException.Kind.LOOKUP_FAILED, id, root, List.of(), 0, e);
        }
    }

    private static SessionTargetException failure(SessionTargetException.Kind kind, String arg, Path path) {
        return new SessionTargetException(kind, arg, path, List.of(), 0, null);
    }
}
