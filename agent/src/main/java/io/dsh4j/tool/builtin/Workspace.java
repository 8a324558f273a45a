package io.dsh4j.tool.builtin;

import io.dsh4j.tool.ToolException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The working directory that file tools are confined to (DSH's workspace-write policy): a path is
 * resolved against it, and the result — after normalization and after following every symlink of
 * the part that exists — must lie inside it. Anything else is {@code FS_SANDBOX_DENIED}, never an
 * exception of the JDK.
 */
final class Workspace {

    /** Linux's {@code PATH_MAX}: a longer path names no file, and is refused before it is echoed anywhere. */
    static final int MAX_PATH_BYTES = 4096;

    private final Path root;
    private final Path realRoot;

    /** @throws IllegalArgumentException when {@code root} is not an existing directory */
    Workspace(Path root) {
        this.root = root.toAbsolutePath().normalize();
        try {
            this.realRoot = this.root.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("working directory " + this.root + " cannot be resolved: " + e.getMessage(), e);
        }
        if (!Files.isDirectory(realRoot)) {
            throw new IllegalArgumentException("working directory " + this.root + " is not a directory");
        }
    }

    Path root() {
        return root;
    }

    /** A resolved target: the absolute path to operate on and how results name it. */
    record Target(Path path, String display) {
        /** The path relative to the working directory, with {@code /} separators. */
        String relative(Workspace workspace) {
            return workspace.root.relativize(path).toString().replace('\\', '/');
        }
    }

    /**
     * Resolves {@code raw} (relative to the working directory, or absolute inside it).
     *
     * @throws io.dsh4j.tool.ToolException {@code FS_SANDBOX_DENIED} outside the working directory,
     *     through a symlink that leaves it, or for a path that is not one (empty, NUL bytes)
     */
    Target resolve(String raw) {
        if (raw.isEmpty()) {
            throw FsErrors.of(FsErrors.NOT_FOUND, "a file path is required");
        }
        if (raw.indexOf('\0') >= 0) {
            throw denied(raw, "contains a NUL character");
        }
        if (raw.length() > MAX_PATH_BYTES / 3 && raw.getBytes(java.nio.charset.StandardCharsets.UTF_8).length >= MAX_PATH_BYTES) {
            throw denied(raw, "is longer than the " + MAX_PATH_BYTES + " bytes a path may have");
        }
        Path path;
        try {
            path = root.resolve(raw).normalize();
        } catch (InvalidPathException e) {
            throw denied(raw, "is not a valid path");
        }
        if (!path.startsWith(root)) {
            throw denied(raw, "is outside the working directory " + root);
        }
        Path real = realOfExistingPrefix(path);
        if (!real.startsWith(realRoot)) {
            throw denied(raw, "resolves through a symbolic link to " + real + ", outside the working directory " + root);
        }
        return new Target(path, path.toString());
    }

    /** The real path of {@code path}'s deepest existing ancestor (itself included), then the rest appended. */
    private Path realOfExistingPrefix(Path path) {
        Path existing = path;
        Path rest = null;
        while (existing != null) {
            if (Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Path real = existing.toRealPath();
                    return rest == null ? real : real.resolve(rest);
                } catch (IOException e) { // a dangling symlink: judge by where it points
                    try {
                        if (Files.isSymbolicLink(existing)) {
                            Path pointed = existing.resolveSibling(Files.readSymbolicLink(existing)).normalize();
                            Path parentReal = realOfExistingPrefix(existing.getParent()).resolve(existing.getFileName());
                            if (!pointed.startsWith(realRoot) && !pointed.startsWith(root)) {
                                return pointed;
                            }
                            return rest == null ? parentReal : parentReal.resolve(rest);
                        }
                    } catch (IOException ignored) {
                        // unreadable link: treat as outside
                    }
                    return Path.of("/").resolve("<unresolvable>");
                }
            }
            Path name = existing.getFileName();
            rest = rest == null ? name : name.resolve(rest);
            existing = existing.getParent();
        }
        return path;
    }

    private static io.dsh4j.tool.ToolException denied(String raw, String why) {
        return FsErrors.of(FsErrors.SANDBOX_DENIED, "access to \"" + ToolException.quoted(raw) + "\" denied: the path " + why);
    }
}
