package io.dsh4j.session;

import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole session log read into memory ({@link SessionLogReader#read}).
 *
 * @param file the log file
 * @param encoding its encoding
 * @param header its header, or {@code null} when it has none (see {@link #status()})
 * @param events the stored events: the committed prefix, with any events recovered from a torn zstd
 *     frame, in seq order (never the synthetic closers; see {@link #inspect()})
 * @param status how the read ended
 */
public record SessionLog(Path file, LogEncoding encoding, SessionHeader header, List<SessionEvent> events, LogStatus status) {

    /**
     * The synthetic events that would close an interrupted last turn (§1.8 logical repair); empty
     * when the log is balanced.
     */
    public List<SessionEvent> closers() {
        return CrashRepair.closers(events);
    }

    /**
     * DSH's {@code inspect()}: the events with the crash-repair closers appended, in memory only —
     * the file is not touched.
     */
    public List<SessionEvent> inspect() {
        List<SessionEvent> closers = closers();
        if (closers.isEmpty()) return events;
        List<SessionEvent> all = new ArrayList<>(events.size() + closers.size());
        all.addAll(events);
        all.addAll(closers);
        return List.copyOf(all);
    }

    /** The events recovered from a torn last zstd frame (they must be re-appended when the tail is cut). */
    public List<SessionEvent> recoveredEvents() {
        if (!(status instanceof LogStatus.Torn t) || t.recoveredEvents() == 0) return List.of();
        return events.subList(events.size() - (int) t.recoveredEvents(), events.size());
    }
}
