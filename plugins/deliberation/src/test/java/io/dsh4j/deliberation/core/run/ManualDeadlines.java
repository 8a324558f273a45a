package io.dsh4j.deliberation.core.run;

import java.util.ArrayList;
import java.util.List;

/**
 * Deadlines without a clock: timers never fire by themselves; {@link #fireAll} runs the actions of
 * the timers still armed. Records how many were armed and whether each was closed.
 */
final class ManualDeadlines implements Deadlines {

    private final List<Runnable> actions = new ArrayList<>();
    private final List<Boolean> closed = new ArrayList<>();

    @Override
    public synchronized Handle schedule(long delayMs, Runnable action) {
        int index = actions.size();
        actions.add(action);
        closed.add(false);
        return () -> {
            synchronized (ManualDeadlines.this) {
                closed.set(index, true);
            }
        };
    }

    /** Fires every timer that is armed and not closed. */
    void fireAll() {
        List<Runnable> due = new ArrayList<>();
        synchronized (this) {
            for (int i = 0; i < actions.size(); i++) if (!closed.get(i)) due.add(actions.get(i));
        }
        due.forEach(Runnable::run);
    }

    synchronized int armed() {
        return actions.size();
    }

    synchronized int openCount() {
        return (int) closed.stream().filter(c -> !c).count();
    }

    synchronized boolean allClosed() {
        return closed.stream().allMatch(c -> c);
    }
}
