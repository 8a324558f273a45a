package io.dsh4j.session.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import org.slf4j.LoggerFactory;

/**
 * The file mechanics of DSH's writer (§1.7): directories created {@code 0700} with their parents
 * synced, first materialisation through an exclusive {@code 0600} temp file published with a hard
 * link (never over an existing log), appends that are synced and rolled back on failure, and the
 * truncation of a torn tail.
 *
 * <p>Thread-safe (stateless apart from the injected writer); the single-writer-per-session rule is
 * the caller's.
 */
public final class DurableFiles {

    /** Writes bytes to a channel and syncs it; replaced in tests to inject a failure. */
    @FunctionalInterface
    public interface ChannelWriter {
        void writeAndSync(FileChannel channel, ByteBuffer data) throws IOException;
    }

    /** The real writer: write everything, then {@code fsync}. */
    public static final ChannelWriter SYNCED = (channel, data) -> {
        while (data.hasRemaining()) channel.write(data);
        channel.force(true);
    };

    /** Writes everything without syncing: for building test and benchmark inputs only. */
    public static final ChannelWriter UNSYNCED = (channel, data) -> {
        while (data.hasRemaining()) channel.write(data);
    };

    private static final boolean POSIX = java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ChannelWriter writer;

    public DurableFiles(ChannelWriter writer) {
        this.writer = writer;
    }

    /** Durable files with the real writer. */
    public static DurableFiles standard() {
        return new DurableFiles(SYNCED);
    }

    /**
     * Creates {@code dir} and any missing parents with mode {@code 0700}, syncing the parent of each
     * directory it creates.
     */
    public void createDirectories(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) return;
        Path parent = abs.getParent();
        if (parent != null) createDirectories(parent);
        try {
            if (POSIX) {
                Files.createDirectory(abs, PosixFilePermissions.asFileAttribute(DIR_MODE));
            } else {
                Files.createDirectory(abs);
            }
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(abs)) throw e;
            return;
        }
        if (parent != null) syncDirectory(parent);
    }

    /**
     * Publishes {@code content} as the new file {@code target}: written to an exclusive temp file
     * {@code <target>.<12 hex>.tmp} ({@code 0600}), synced, hard-linked to {@code target} (which
     * fails if a file is already there), the directory synced, the temp name removed (best effort).
     *
     * @throws FileAlreadyExistsException when {@code target} exists; nothing is changed then
     */
    public void publishNew(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(target.toString(), null, "a session log already exists");
        }
        Path temp = target.resolveSibling(target.getFileName() + "." + randomHex() + ".tmp");
        FileAttribute<?>[] attrs = POSIX ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE_MODE)}
                : new FileAttribute<?>[0];
        try (FileChannel ch = FileChannel.open(temp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attrs)) {
            writer.writeAndSync(ch, ByteBuffer.wrap(content));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        try {
            Files.createLink(target, temp);
        } catch (IOException | UnsupportedOperationException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        syncDirectory(dir);
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // published and durable already; a leftover temp link is harmless and ignored by discovery
            // (the logger is looked up only here, so a library user without an SLF4J provider hears nothing otherwise)
            LoggerFactory.getLogger(DurableFiles.class)
                    .warn("session log {} published, but its temp name {} could not be removed: {}", target, temp, e.toString());
        }
    }

    /**
     * Appends {@code content} to the existing file {@code target} and syncs it. If writing or syncing
     * fails, the file is truncated back to its previous size (and synced) before the error
     * propagates, so a retry cannot duplicate records.
     */
    public void append(Path target, byte[] content) throws IOException {
        long before;
        try (FileChannel ch = FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            before = ch.size();
            try {
                writer.writeAndSync(ch, ByteBuffer.wrap(content));
                return;
            } catch (IOException | RuntimeException e) {
                try {
                    truncate(target, before);
                } catch (IOException rollback) {
                    IOException both = new IOException("failed to roll back the append to " + target
                            + " (it may end in a partial record after byte " + before + ")", e);
                    both.addSuppressed(rollback);
                    throw both;
                }
                throw e;
            }
        }
    }

    /** Cuts {@code target} to {@code size} bytes and syncs it. */
    public void truncate(Path target, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(target, StandardOpenOption.WRITE)) {
            ch.truncate(size);
            ch.force(true);
        }
    }

    /** {@code fsync} of a directory, so that a new entry in it survives power loss (POSIX only). */
    public static void syncDirectory(Path dir) throws IOException {
        if (!POSIX) return;
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    private static String randomHex() {
        byte[] b = new byte[StoreLimits.TEMP_SUFFIX_HEX_DIGITS / 2];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
