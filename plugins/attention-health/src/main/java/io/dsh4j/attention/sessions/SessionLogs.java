package io.dsh4j.attention.sessions;

import io.dsh4j.attention.core.Texts;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.session.LenientLogReader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Session logs as the attention-health plugin finds them (its spec §2.1–2.2): under the sessions
 * root, one directory per project and per session; in a session directory only the log of the
 * highest generation counts ({@code session.jsonl[.zstd]} is generation 0, {@code session.vN.jsonl[.zstd]}
 * generation N); sessions are listed newest first by that file's modification time. Reading is the
 * harness's {@link LenientLogReader} (spec §2.3–2.4) with its default limits; this class only adds
 * the plugin's choice of file and the wording of what went wrong. The command line, the HTTP routes
 * and the live plugin find and read logs through this one class.
 *
 * <p>Stateless and thread-safe. Unreadable directories are skipped; a missing root has no sessions.
 */
public final class SessionLogs {

    private static final Pattern LOG_NAME = Pattern.compile("^session(?:\\.v(\\d+))?\\.jsonl(\\.zstd)?$");

    private SessionLogs() {}

    /**
     * A session's chosen log.
     *
     * @param id         the session directory's name
     * @param project    the project directory's name ({@code ""} when unknown)
     * @param generation the generation of {@code file}, or −1 when its name is not a log name
     * @param mtimeMs    the modification time of {@code file} in milliseconds with Node's sub-millisecond part
     */
    public record Found(String id, Path dir, String project, int generation, Path file, long size, double mtimeMs) {

        /** The generation as documents name it ({@code v3}). */
        public String generationTag() {
            return "v" + generation;
        }
    }

    /** The generation a file name announces, or −1 when it is not a log's name. */
    public static int generationOf(String name) {
        Matcher m = LOG_NAME.matcher(name);
        if (!m.matches()) return -1;
        if (m.group(1) == null) return 0;
        try {
            return Integer.parseInt(m.group(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The highest-generation log of a session directory (the first seen on a tie), or empty when it has none. */
    public static Optional<Found> pick(Path dir, String project) {
        Path best = null;
        int bestGeneration = -1;
        for (Path f : children(dir)) {
            int g = generationOf(f.getFileName().toString());
            if (g > bestGeneration && Files.isRegularFile(f)) {
                best = f;
                bestGeneration = g;
            }
        }
        if (best == null) return Optional.empty();
        try {
            return Optional.of(new Found(dir.getFileName().toString(), dir, project, bestGeneration, best,
                    Files.size(best), mtimeMs(best)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A log file given by path: its directory is the session, the generation comes from its name. */
    public static Found ofFile(Path file) throws IOException {
        Path abs = file.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        String id = dir == null || dir.getFileName() == null ? abs.getFileName().toString() : dir.getFileName().toString();
        String project = dir == null || dir.getParent() == null || dir.getParent().getFileName() == null ? ""
                : dir.getParent().getFileName().toString();
        return new Found(id, dir, project, generationOf(abs.getFileName().toString()), abs, Files.size(abs),
                mtimeMs(abs));
    }

    /**
     * {@code fs.statSync(file).mtimeMs}: seconds × 1000 + nanoseconds / 10⁶ as a double, so that two
     * logs written within one millisecond are still ordered as the original ordered them.
     */
    public static double mtimeMs(Path file) throws IOException {
        java.time.Instant t = Files.getLastModifiedTime(file).toInstant();
        return t.getEpochSecond() * 1e3 + t.getNano() / 1e6;
    }

    /** Every session under {@code root}, newest first. */
    public static List<Found> list(Path root) {
        List<Found> out = new ArrayList<>();
        for (Path project : children(root)) {
            if (!Files.isDirectory(project)) continue;
            for (Path session : children(project)) {
                if (Files.isDirectory(session)) pick(session, project.getFileName().toString()).ifPresent(out::add);
            }
        }
        out.sort(Comparator.comparingDouble(Found::mtimeMs).reversed());
        return out;
    }

    /**
     * Reads a log: every record but the header goes to {@code events}, in file order.
     *
     * @throws io.dsh4j.session.SessionStoreException for a structurally invalid zstd file (names the byte)
     * @throws IOException when the file cannot be read
     */
    public static LenientLogReader.Result read(Path file, Consumer<JsonNode> events) throws IOException {
        return LenientLogReader.read(file, LenientLogReader.Limits.DEFAULTS, events);
    }

    /** The header record only (first frame or line), or empty. */
    public static Optional<JsonNode> header(Path file) {
        return LenientLogReader.header(file);
    }

    /** Whether the log was read at all (it is not, when it is larger than the input limit). */
    public static boolean wasRead(LenientLogReader.Result r) {
        return r.skipped() != LenientLogReader.Skipped.INPUT_TOO_LARGE;
    }

    /** What went wrong while reading, one sentence each, in the given language; empty for a clean read. */
    public static List<String> problems(LenientLogReader.Result r, long fileSize, Texts t) {
        List<String> out = new ArrayList<>();
        if (r.skipped() == LenientLogReader.Skipped.INPUT_TOO_LARGE) {
            out.add(t.get("cli.tooLarge", Long.toString(fileSize),
                    Long.toString(LenientLogReader.Limits.DEFAULTS.maxInputBytes())));
            return out;
        }
        if (r.failedFrames() > 0) {
            out.add(t.get("cli.failedFrames", Integer.toString(r.failedFrames()), Integer.toString(r.frames())));
        }
        if (r.tornStart() >= 0) out.add(t.get("cli.tornTail", Long.toString(r.tornStart())));
        if (r.parseErrors() > 0) {
            out.add(t.get(r.frames() > 0 ? "cli.parseErrorsZstd" : "cli.parseErrors", Long.toString(r.parseErrors()),
                    Long.toString(r.firstBadLine()), Long.toString(r.firstBadLineOffset())));
        }
        if (r.skipped() == LenientLogReader.Skipped.PLAINTEXT_TOO_LARGE) {
            out.add(t.get("cli.plaintextTooLarge", Long.toString(r.plaintextBytes())));
        }
        if (r.skipped() == LenientLogReader.Skipped.FRAME_TOO_LARGE) {
            out.add(t.get("cli.frameTooLarge", Long.toString(r.skippedAt()), Long.toString(LenientLogReader.MAX_FRAME_BYTES)));
        }
        if (r.skipped() == LenientLogReader.Skipped.DECODE_RATIO) {
            out.add(t.get("cli.decodeRatio", Long.toString(r.skippedAt()), Long.toString(LenientLogReader.MAX_DECODE_RATIO)));
        }
        if (r.skipped() == LenientLogReader.Skipped.RECORD_TOO_LARGE) {
            out.add(t.get("cli.recordTooLarge", Long.toString(r.skippedAt()), Long.toString(LenientLogReader.MAX_RECORD_BYTES)));
        }
        return out;
    }

    private static List<Path> children(Path dir) {
        List<Path> children = new ArrayList<>();
        if (!Files.isDirectory(dir)) return children;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) children.add(p);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        children.sort(Comparator.comparing(p -> p.getFileName().toString()));
        return children;
    }
}
