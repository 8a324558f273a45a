package io.dsh4j.beliefmerge.sessions;

import io.dsh4j.beliefmerge.core.EventMessages;
import io.dsh4j.beliefmerge.core.Redaction;
import io.dsh4j.beliefmerge.core.Surface;
import io.dsh4j.beliefmerge.core.Trust;

import io.dsh4j.session.CrashRepair;
import io.dsh4j.session.LogStatus;
import io.dsh4j.session.LogReadResult;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SessionLogVisitor;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A DSH session log as a merge source (spec §2.1): the log is streamed with the session library's
 * reader (raw or zstd, a crash-cut tail repaired in memory), its surface folded as the events go by
 * — the log itself is never held, only the current surface, which is refused past
 * {@link SessionLogReader#MAX_SURFACE_MESSAGES} nodes — and the surface's messages mapped as
 * the engine reads them. The one path by which the command line, the HTTP routes and the live plugin
 * turn a log into a {@link Surface}.
 *
 * <p>Stateless and thread-safe.
 */
public final class SessionSurfaceReader {

    /** A log that gave a surface: how its read ended, and the surface. */
    public record Read(Path file, LogStatus status, Surface surface) {}

    /** Why a log gave no surface: the read's status, or the surface rule the log breaks. */
    public static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        private final transient LogStatus status;

        Unreadable(String problem, LogStatus status) {
            super(problem);
            this.status = status;
        }

        /** The status of a log that was not readable, or {@code null} when its surface broke a rule. */
        public LogStatus status() {
            return status;
        }
    }

    private SessionSurfaceReader() {}

    /**
     * Reads the surface of {@code file}, stamping its claims with {@code trust}.
     *
     * @throws Unreadable when the log is not readable (its status names the problem and the byte), its
     *     surface breaks a rule of the fold (named with the byte of the record: for a zstd log, the start
     *     of its frame) or holds more than {@link SessionLogReader#MAX_SURFACE_MESSAGES} nodes
     * @throws IOException when the file cannot be opened or read
     */
    public static Read read(Path file, Trust trust) throws IOException, Unreadable {
        Folding folding = new Folding();
        LogReadResult r = SessionLogReader.stream(file, SessionLogReader.Options.FIXTURE, folding);
        if (!r.status().readable() || r.header() == null) throw new Unreadable(r.status().describe(), r.status());
        if (folding.broken != null) throw new Unreadable(folding.broken.getMessage() + " (at byte " + folding.brokenAt + ")", null);
        if (folding.overLimit != null) throw new Unreadable(folding.overLimit.describe(), folding.overLimit);
        try {
            for (SessionEvent closer : folding.repair.closers()) folding.fold(closer);
        } catch (SessionLogException e) {
            throw new Unreadable(e.getMessage() + " (in the crash-repair closers after byte " + folding.position + ")", null);
        }
        Surface surface = new Surface(Redaction.redact(r.header().id()).text(),
                EventMessages.fromSurface(folding.fold == null ? new SurfaceFold(0).nodes() : folding.fold.nodes()), trust);
        return new Read(file, r.status(), surface);
    }

    /**
     * Folds events as they are read; the first surface rule broken is kept and folding stops there
     * (the read goes on, so that damage later in the log still decides the outcome first).
     */
    private static final class Folding implements SessionLogVisitor {
        final CrashRepair.Tracker repair = new CrashRepair.Tracker();
        SurfaceFold fold;
        SessionLogException broken;
        long brokenAt;
        LogStatus.Refused overLimit;
        long position;

        @Override
        public void header(SessionHeader header) {}

        @Override
        public void position(long fileOffset) {
            position = fileOffset;
        }

        @Override
        public void event(SessionEvent event) {
            repair.accept(event);
            if (broken != null || overLimit != null) return;
            try {
                fold(event);
            } catch (SessionLogException e) {
                broken = e;
                brokenAt = position;
                return;
            }
            if (fold.size() > SessionLogReader.MAX_SURFACE_MESSAGES) {
                overLimit = new LogStatus.Refused("the surface holds more than " + SessionLogReader.MAX_SURFACE_MESSAGES
                        + " messages (limit MAX_SURFACE_MESSAGES)", position);
                fold = null;
            }
        }

        void fold(SessionEvent event) {
            if (fold == null) fold = new SurfaceFold(event.seq());
            fold.accept(event);
        }
    }
}
