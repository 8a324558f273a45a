package io.dsh4j.session;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;

/**
 * Receives a session log as {@link SessionLogReader#stream} reads it: the header first, then the
 * events of the committed prefix one at a time, in seq order, each exactly once. Nothing is retained
 * by the reader, so memory stays flat however long the log is.
 *
 * <p>Called on the reading thread. An exception thrown here ends the read and propagates. When the
 * read ends {@link LogStatus.Corrupt corrupt} or {@link LogStatus.Refused refused}, the events
 * handed over are the prefix before the problem (for a zstd frame holding more than 16 MiB or 16,384 records of
 * text, possibly some of the failing frame too): treat them as untrusted.
 */
@FunctionalInterface
public interface SessionLogVisitor {

    /** The header, before any event. */
    default void header(SessionHeader header) {}

    /**
     * Where the events that follow are stored: the file byte of their record (for a zstd log, the
     * start of its frame), for a visitor that must name the byte of a limit it enforces.
     */
    default void position(long fileOffset) {}

    /** The next event of the committed prefix. */
    void event(SessionEvent event);
}
