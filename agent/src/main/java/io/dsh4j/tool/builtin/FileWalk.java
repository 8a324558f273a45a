package io.dsh4j.tool.builtin;

import io.dsh4j.kernel.Signal;
import io.dsh4j.tool.ToolException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;

/**
 * The walk under {@code glob} and {@code grep}: regular files below a directory, symlinks not
 * followed (so a link cannot lead the search out of the working directory), {@code .git} skipped,
 * unreadable directories skipped, at most {@code maxFiles} files, stopping when the signal aborts.
 */
final class FileWalk {

    private FileWalk() {}

    /** A file found, with its modification time for ordering. */
    record Found(Path path, long modified) {}

    static List<Found> files(Path start, long maxFiles, Signal signal) {
        List<Found> found = new ArrayList<>();
        if (Files.isRegularFile(start)) {
            found.add(new Found(start, modified(start)));
            return found;
        }
        try {
            Files.walkFileTree(start, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (signal.aborted()) {
                        return FileVisitResult.TERMINATE;
                    }
                    return !dir.equals(start) && dir.getFileName().toString().equals(".git")
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile()) {
                        found.add(new Found(file, attrs.lastModifiedTime().toMillis()));
                    }
                    return found.size() >= maxFiles || signal.aborted() ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE; // unreadable entries are not search results
                }
            });
        } catch (IOException e) {
            throw FsErrors.of(FsErrors.IO_ERROR, "cannot list \"" + start + "\": " + e.getMessage(), e);
        }
        signal.throwIfAborted();
        return found;
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * A glob over paths relative to the search directory: a pattern without {@code /} matches the
     * file name at any depth; {@code **}{@code /} also matches no directory at all.
     *
     * @throws IllegalArgumentException {@code invalid glob pattern …}
     */
    static java.util.function.Predicate<Path> glob(String pattern) {
        if (pattern.isEmpty()) {
            throw new IllegalArgumentException("pattern must not be empty");
        }
        try {
            if (!pattern.contains("/")) {
                PathMatcher name = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
                return relative -> relative.getFileName() != null && name.matches(relative.getFileName());
            }
            String anchored = pattern.startsWith("./") ? pattern.substring(2) : pattern;
            PathMatcher full = FileSystems.getDefault().getPathMatcher("glob:" + anchored);
            PathMatcher shallow = anchored.startsWith("**/")
                    ? FileSystems.getDefault().getPathMatcher("glob:" + anchored.substring(3)) : null;
            return relative -> full.matches(relative) || shallow != null && shallow.matches(relative);
        } catch (PatternSyntaxException | UnsupportedOperationException e) {
            String why = e instanceof PatternSyntaxException p ? p.getDescription() : e.getMessage(); // not the pattern again
            throw new IllegalArgumentException("invalid glob pattern \"" + ToolException.quoted(pattern) + "\": " + why);
        }
    }

    /** The directory (or file) to search: {@code path} resolved in the workspace, else its root. */
    static Workspace.Target start(Workspace workspace, String path) {
        Workspace.Target target = workspace.resolve(path == null || path.isEmpty() ? "." : path);
        if (!Files.exists(target.path())) {
            throw FsErrors.of(FsErrors.NOT_FOUND, "cannot list \"" + target.display() + "\": not found");
        }
        return target;
    }
}
