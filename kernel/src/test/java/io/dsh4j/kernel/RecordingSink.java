package io.dsh4j.kernel;

import java.util.ArrayList;
import java.util.List;

/** A log sink that keeps what the kernel reported, for assertions. */
final class RecordingSink implements LogSink {

    record Entry(Level level, String source, String message, Throwable error) {}

    private final List<Entry> entries = new ArrayList<>();

    @Override
    public synchronized void log(Level level, String source, String message, Throwable error) {
        entries.add(new Entry(level, source, message, error));
    }

    synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    synchronized List<Entry> at(Level level) {
        return entries.stream().filter(e -> e.level() == level).toList();
    }
}
