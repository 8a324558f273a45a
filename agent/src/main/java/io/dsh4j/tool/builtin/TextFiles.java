package io.dsh4j.tool.builtin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reading and writing UTF-8 text the way DSH's file tools do: a size cap, binary detection (a NUL
 * byte), strict UTF-8 (an invalid sequence is {@code FS_NOT_TEXT}), and writes through a temporary
 * file moved into place so that a failed write leaves the old content.
 */
final class TextFiles {

    private TextFiles() {}

    /** A file's identity for the observation policy: changes when it is rewritten. */
    static String version(Path path) throws IOException {
        BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
        return a.size() + ":" + a.lastModifiedTime().toMillis() + ":" + a.fileKey();
    }

    static String read(Workspace.Target target, String verb, long maxBytes) {
        Path path = target.path();
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw FsErrors.of(FsErrors.NOT_FOUND, "cannot " + verb + " \"" + target.display() + "\": not found");
        } catch (IOException e) {
            throw ioError(target, verb, e);
        }
        if (!attributes.isRegularFile()) {
            throw FsErrors.of(attributes.isDirectory() ? FsErrors.NOT_REGULAR_FILE : FsErrors.NOT_REGULAR_FILE,
                    "cannot " + verb + " \"" + target.display() + "\": not a regular file");
        }
        if (attributes.size() > maxBytes) {
            throw FsErrors.of(FsErrors.TOO_LARGE, "cannot " + verb + " \"" + target.display() + "\": "
                    + attributes.size() + " bytes exceeds the " + maxBytes + "-byte limit");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (IOException e) {
            throw ioError(target, verb, e);
        }
        if (bytes.length > maxBytes) { // grew while we read
            throw FsErrors.of(FsErrors.TOO_LARGE, "cannot " + verb + " \"" + target.display()
                    + "\": content exceeds the " + maxBytes + "-byte limit");
        }
        for (byte b : bytes) {
            if (b == 0) {
                throw FsErrors.of(FsErrors.NOT_TEXT, "cannot " + verb + " \"" + target.display() + "\": binary file");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw FsErrors.of(FsErrors.NOT_TEXT, "cannot " + verb + " \"" + target.display() + "\": invalid UTF-8 text");
        }
    }

    /** Whether the target exists as anything (a dangling link counts). */
    static boolean exists(Workspace.Target target) {
        return Files.exists(target.path(), LinkOption.NOFOLLOW_LINKS);
    }

    /** Writes {@code text} atomically where the file system allows, creating parent directories. */
    static void write(Workspace.Target target, String text) {
        Path path = target.path();
        if (Files.isDirectory(path)) {
            throw FsErrors.of(FsErrors.NOT_REGULAR_FILE, "cannot write \"" + target.display() + "\": not a regular file");
        }
        Path temp = null;
        try {
            Path parent = path.getParent();
            Files.createDirectories(parent);
            temp = Files.createTempFile(parent, "." + path.getFileName() + ".", ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(temp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException e) {
            throw ioError(target, "write", e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the failure that brought us here is what the caller hears about
                }
            }
        }
    }

    static io.dsh4j.tool.ToolException ioError(Workspace.Target target, String verb, IOException e) {
        if (e instanceof AccessDeniedException) {
            return FsErrors.of(FsErrors.PERMISSION_DENIED, "cannot " + verb + " \"" + target.display() + "\": permission denied", e);
        }
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null
                && fse.getReason().contains("Not a directory")) {
            return FsErrors.of(FsErrors.NOT_FOUND, "cannot resolve \"" + target.display()
                    + "\": a parent path segment is not a directory", e);
        }
        String reason = e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null
                ? fse.getReason() : String.valueOf(e.getMessage());
        return FsErrors.of(FsErrors.IO_ERROR, "cannot " + verb + " \"" + target.display() + "\": " + reason, e);
    }
}
