package io.dsh4j.session;

import io.dsh4j.session.event.SessionHeader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers the header a {@link SessionStore} read from each transcript, valid while the file's size
 * and modification time are unchanged ({@link SessionStore#list(SessionHeaderCache)}), so that a
 * long-running reader (the web console) lists a thousand sessions by reading only the headers of
 * logs that changed. A header is immutable once written, but a file replaced by another of a
 * different size or time is read again; a file that is gone is forgotten at the next listing. It
 * holds one entry per listed transcript. Thread-safe.
 */
public final class SessionHeaderCache {

    private record Entry(long size, FileTime modified, LogEncoding encoding, SessionHeader.Mode mode,
                         Optional<SessionHeader> header) {}

    /** An interface over the store's own probe, so that a cache miss reads as the store reads. */
    @FunctionalInterface
    interface Probe {
        Optional<SessionHeader> read(Path log) throws IOException;
    }

    private final Map<Path, Entry> entries = new ConcurrentHashMap<>();

    /** The number of transcripts remembered. */
    public int size() {
        return entries.size();
    }

    Optional<SessionHeader> header(Path log, LogEncoding encoding, SessionHeader.Mode mode, Probe probe) throws IOException {
        BasicFileAttributes a = Files.readAttributes(log, BasicFileAttributes.class);
        Entry e = entries.get(log);
        if (e != null && e.size() == a.size() && e.modified().equals(a.lastModifiedTime()) && e.encoding() == encoding
                && e.mode() == mode) {
            return e.header();
        }
        Optional<SessionHeader> header = probe.read(log);
        entries.put(log, new Entry(a.size(), a.lastModifiedTime(), encoding, mode, header));
        return header;
    }

    void retainOnly(Set<Path> seen) {
        entries.keySet().retainAll(seen);
    }
}
