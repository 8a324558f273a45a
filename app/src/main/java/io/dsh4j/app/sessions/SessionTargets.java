package io.dsh4j.app.sessions;

import io.dsh4j.app.ExitCodes;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionHome;
import io.dsh4j.session.SessionStore;
import io.dsh4j.session.StoredSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Turns a command-line argument into a log file: an existing file ({@code session.jsonl}, any
 * {@code *.jsonl.zstd}), a session directory, or else a session id (exact, or a part of one that
 * names a single session) looked up under the home. The one rule every command that takes a
 * {@code ID|PATH} of a DSH session follows (the {@code sessions} commands and {@code merge});
 * {@code health} and {@code handoff} keep the attention-health plugin's own selection rules.
 * Stateless.
 */
public final class SessionTargets {

    private SessionTargets() {}

    /**
     * The log file that {@code arg} names.
     *
     * @throws CliProblem naming what is wrong: no such file or session (exit 3), an ambiguous id
     *     fragment (exit 2), a directory with both transcripts or a broken store (exit 1)
     */
    public static Path resolve(String arg, SessionHome home) throws CliProblem {
        if (arg.isBlank()) throw new CliProblem(ExitCodes.USAGE, Texts.get("target.blank"));
        Optional<Path> asPath = existingPath(arg);
        if (asPath.isPresent()) return fileOf(asPath.get());
        if (looksLikePath(arg)) throw new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("target.noSuchFile", arg));
        return byId(arg, home);
    }

    private static Optional<Path> existingPath(String arg) {
        try {
            Path p = Path.of(arg);
            return Files.exists(p) ? Optional.of(p) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static boolean looksLikePath(String arg) {
        return arg.contains("/") || arg.contains("\\") || arg.endsWith(".jsonl") || arg.endsWith(".zstd");
    }

    /** A regular file as is; a session directory by its transcript. */
    static Path fileOf(Path p) throws CliProblem {
        if (Files.isRegularFile(p)) return p;
        if (!Files.isDirectory(p)) throw new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("target.notFileOrDirectory", p));
        Path zstd = p.resolve(LogEncoding.ZSTD.transcriptName());
        Path raw = p.resolve(LogEncoding.RAW.transcriptName());
        boolean hasZstd = Files.isRegularFile(zstd);
        boolean hasRaw = Files.isRegularFile(raw);
        if (hasZstd && hasRaw) {
            throw new CliProblem(ExitCodes.PROBLEM_FOUND, Texts.get("target.bothTranscripts", p, zstd.getFileName(), raw.getFileName()));
        }
        if (hasZstd) return zstd;
        if (hasRaw) return raw;
        throw new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("target.notSessionDirectory", p, zstd.getFileName(), raw.getFileName()));
    }

    private static Path byId(String id, SessionHome home) throws CliProblem {
        Path root = home.sessionsRoot();
        try {
            SessionStore store = SessionStore.detect(root);
            Optional<StoredSession> exact = store.find(id);
            if (exact.isPresent()) return exact.get().path();
            List<StoredSession> partial = store.findByIdFragment(id);
            if (partial.size() == 1) return partial.get(0).path();
            if (partial.isEmpty()) {
                throw new CliProblem(ExitCodes.INPUT_UNAVAILABLE, Texts.get("target.noSession", id, root));
            }
            throw new CliProblem(ExitCodes.USAGE, Texts.get("target.ambiguous", id, Integer.toString(partial.size()), root,
                    partial.stream().map(StoredSession::id).limit(10).collect(Collectors.joining(", "))
                    + (partial.size() > 10 ? ", …" : "")));
        } catch (IOException e) {
            throw Problems.of(e, m -> Texts.get("target.cannotLookUp", id, m));
        }
    }
}
