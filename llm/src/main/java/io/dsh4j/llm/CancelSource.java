package io.dsh4j.llm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@link CancelSignal} that its owner cancels with {@link #cancel()}. The first cancel wins; every
 * registered action runs once, in registration order, on the cancelling thread. Thread-safe.
 */
public final class CancelSource implements CancelSignal {

    private final Object lock = new Object();
    private final Set<Runnable> actions = new LinkedHashSet<>();
    private boolean cancelled;

    /** Requests cancellation; idempotent. Action failures are suppressed so that every action runs. */
    public void cancel() {
        List<Runnable> toRun;
        synchronized (lock) {
            if (cancelled) return;
            cancelled = true;
            toRun = new ArrayList<>(actions);
            actions.clear();
        }
        RuntimeException first = null;
        for (Runnable action : toRun) {
            try {
                action.run();
            } catch (RuntimeException e) {
                if (first == null) first = e; else first.addSuppressed(e);
            }
        }
        if (first != null) throw first;
    }

    @Override
    public boolean cancelled() {
        synchronized (lock) {
            return cancelled;
        }
    }

    @Override
    public Registration onCancel(Runnable action) {
        Runnable once = new Runnable() {
            @Override public void run() { action.run(); }
        };
        synchronized (lock) {
            if (!cancelled) {
                actions.add(once);
                return () -> {
                    synchronized (lock) {
                        actions.remove(once);
                    }
                };
            }
        }
        action.run();
        return () -> { };
    }
}
