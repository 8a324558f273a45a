package io.dsh4j.session;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.StorageCodec;
import io.dsh4j.session.internal.DurableFiles;
import io.dsh4j.session.internal.ZstdFrameEncoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Appends batches of events to one session log (§1.7). Creation is lazy: nothing touches the disk
 * until the first batch, which is published together with the header through an exclusive temp file
 * and a hard link, so an existing log is never overwritten. Every later batch is one zstd frame (or
 * one run of lines in raw mode), synced before {@link #append} returns and truncated away again if
 * writing or syncing fails. Runs of ≥ 3 chunk deltas are packed per batch.
 *
 * <p>Checks before anything is written: the batch continues the seq chain (its events carry seqs
 * {@code length(), length()+1, …}), and every event's data is lossless JSON.
 *
 * <p>Not thread-safe: one writer per session, and DSH must not write the same session meanwhile.
 * Write-behind batching (DSH's 200 ms window) belongs to the caller.
 */
public final class SessionLogWriter {

    private final Path root;
    private final SessionHeader header;
    private final LogEncoding encoding;
    private final boolean packChunks;
    private final DurableFiles files;
    private final Path path;
    private boolean materialized;
    private long length;

    private SessionLogWriter(Path root, SessionHeader header, LogEncoding encoding, boolean packChunks,
            DurableFiles files, boolean materialized, long length) {
        this.root = root;
        this.header = header;
        this.encoding = encoding;
        this.packChunks = packChunks;
        this.files = files;
        this.path = SessionLayout.logPath(root, header.cwd(), header.id(), encoding);
        this.materialized = materialized;
        this.length = length;
    }

    /** A writer for a new session under {@code root}; nothing is written until the first batch. */
    public static SessionLogWriter create(Path root, SessionHeader header, LogEncoding encoding) {
        return new SessionLogWriter(root, header, encoding, true, DurableFiles.standard(), false, 0);
    }

    /** A writer that appends to the existing log of a session that holds {@code storedEvents} events. */
    public static SessionLogWriter resume(Path root, SessionHeader header, LogEncoding encoding, long storedEvents) {
        return new SessionLogWriter(root, header, encoding, true, DurableFiles.standard(), true, storedEvents);
    }

    /** The same writer with chunk packing on or off (readers accept both). */
    public SessionLogWriter packingChunks(boolean pack) {
        return new SessionLogWriter(root, header, encoding, pack, files, materialized, length);
    }

    /**
     * The same writer without {@code fsync} after each batch: a crash may then lose or tear recent
     * batches. Only for building test and benchmark inputs, never for a live session.
     */
    public SessionLogWriter withoutSync() {
        return withFiles(new DurableFiles(DurableFiles.UNSYNCED));
    }

    /** The same writer doing its file work through {@code files} (tests inject failures with it). */
    SessionLogWriter withFiles(DurableFiles other) {
        return new SessionLogWriter(root, header, encoding, packChunks, other, materialized, length);
    }

    /** The transcript path (it exists once the first batch was written). */
    public Path path() {
        return path;
    }

    /** The header. */
    public SessionHeader header() {
        return header;
    }

    /** Events stored so far: the seq the next batch must start with. */
    public long length() {
        return length;
    }

    /** Whether the log exists on disk. */
    public boolean materialized() {
        return materialized;
    }

    /**
     * Makes {@code batch} durable as one frame (zstd) or one run of lines (raw). An empty batch writes
     * nothing.
     *
     * @throws IllegalArgumentException when the batch does not continue the seq chain, or holds data
     *     that is not lossless JSON (naming the event); nothing is written then
     * @throws SessionStoreException when the first write finds a log (or one of the other encoding)
     *     already there
     * @throws IOException when writing or syncing fails; the file is as before the call
     */
    public void append(List<SessionEvent> batch) throws IOException {
        if (batch.isEmpty()) return;
        for (int i = 0; i < batch.size(); i++) {
            SessionEvent e = batch.get(i);
            if (e.seq() != length + i) {
                throw new IllegalArgumentException("append to " + path + " rejected: " + e.type() + " has seq " + e.seq()
                        + " where the log continues with seq " + (length + i));
            }
        }
        byte[] text;
        try {
            text = StorageCodec.encodeBatchUtf8(batch, packChunks);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("append to " + path + " rejected: " + e.getMessage(), e);
        }
        if (materialized) {
            files.append(path, encoding == LogEncoding.ZSTD ? ZstdFrameEncoder.encode(text) : text);
        } else {
            materialize(text);
        }
        length += batch.size();
    }

    private void materialize(byte[] firstBatch) throws IOException {
        Path opposite = path.resolveSibling(encoding.opposite().transcriptName());
        if (Files.exists(opposite)) throw SessionStore.encodingMismatch(opposite, encoding);
        byte[] headerLine = header.encodeLine();
        ByteArrayOutputStream content = new ByteArrayOutputStream(headerLine.length + firstBatch.length + 64);
        if (encoding == LogEncoding.ZSTD) {
            content.writeBytes(ZstdFrameEncoder.encode(headerLine));
            content.writeBytes(ZstdFrameEncoder.encode(firstBatch));
        } else {
            content.writeBytes(headerLine);
            content.writeBytes(firstBatch);
        }
        files.createDirectories(path.getParent());
        try {
            files.publishNew(path, content.toByteArray());
        } catch (FileAlreadyExistsException e) {
            throw new SessionStoreException("refusing to materialize \"" + header.id() + "\": a log already exists at "
                    + path + " (load or resume it instead)", path, -1, e);
        }
        materialized = true;
    }
}
