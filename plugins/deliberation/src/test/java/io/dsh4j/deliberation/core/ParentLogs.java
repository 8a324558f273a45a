package io.dsh4j.deliberation.core;

import io.dsh4j.session.SessionLog;
import io.dsh4j.session.SessionLogReader;
import io.dsh4j.session.SurfaceFold;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SurfaceOp;
import io.dsh4j.testkit.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Corpus logs read as the session library reads them, and the two surfaces the oracle uses. */
final class ParentLogs {

    private static final Map<String, List<SessionEvent>> CACHE = new ConcurrentHashMap<>();

    private ParentLogs() {}

    /** The events of a corpus log named as the oracle names it ({@code corpus/dsh/…}). */
    static List<SessionEvent> events(String oraclePath) {
        return CACHE.computeIfAbsent(oraclePath, p -> {
            Path file = Corpus.shared().resolve(p);
            try {
                SessionLog log = SessionLogReader.read(file, SessionLogReader.Options.FIXTURE);
                return log.events();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The seqs of surface-type events appended to the surface (replacements not applied). */
    static Set<Long> appendSurface(List<SessionEvent> events) {
        Set<Long> out = new HashSet<>();
        for (SessionEvent e : events) {
            if (EventTypes.isSurface(e.type()) && e.surfaceOp() instanceof SurfaceOp.Append) out.add(e.seq());
        }
        return out;
    }

    /** The seqs of the folded surface (replacements applied), as DSH's session surface holds them. */
    static Set<Long> foldedSurface(List<SessionEvent> events) {
        SurfaceFold fold = new SurfaceFold(events.isEmpty() ? 0 : events.getFirst().seq());
        for (SessionEvent e : events) fold.accept(e);
        return new HashSet<>(fold.nodeSeqs());
    }
}
