package io.dsh4j.agent;

import java.util.ArrayList;
import java.util.List;

/** A write-behind scheduler whose windows expire only when a test says so. */
final class ManualScheduler implements WindowScheduler {

    private final List<Runnable> open = new ArrayList<>();
    int scheduled;

    @Override
    public synchronized Cancellable schedule(Runnable task, long delayMillis) {
        scheduled++;
        open.add(task);
        return () -> {
            synchronized (this) {
                open.remove(task);
            }
        };
    }

    /** Expires every open window, on the calling thread. */
    void expireAll() {
        List<Runnable> due;
        synchronized (this) {
            due = new ArrayList<>(open);
            open.clear();
        }
        due.forEach(Runnable::run);
    }

    synchronized int openWindows() {
        return open.size();
    }
}
