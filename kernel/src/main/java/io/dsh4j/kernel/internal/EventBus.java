package io.dsh4j.kernel.internal;

import io.dsh4j.kernel.AggregateException;
import io.dsh4j.kernel.EventFilter;
import io.dsh4j.kernel.EventType;
import io.dsh4j.kernel.LogSink;
import io.dsh4j.kernel.Next;
import io.dsh4j.kernel.Notification;
import io.dsh4j.kernel.Query;
import io.dsh4j.kernel.Waterfall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Listener lists and the five dispatch modes (spec §1.10). Lists are copy-on-write arrays: a dispatch
 * reads one snapshot and iterates it on the emitting thread, so listeners added during a dispatch do
 * not run in it and listeners removed during it still do.
 */
final class EventBus {

    private static final Hook[] NONE = new Hook[0];

    private final ConcurrentHashMap<String, HookList> lists = new ConcurrentHashMap<>();
    private final KernelRuntime kernel;

    EventBus(KernelRuntime kernel) {
        this.kernel = kernel;
    }

    // ---- registration ------------------------------------------------------------------------

    /**
     * Fixes {@code event}'s type for its name, or throws {@code TYPE_CONFLICT} if the name is known
     * with another type.
     */
    void declare(EventType<?> event) {
        HookList list = lists.computeIfAbsent(event.name(), n -> new HookList(event));
        if (list.type != event && !list.type.equals(event)) {
            throw TypeDeclarations.eventConflict(list.type, event);
        }
    }

    void add(EventType<?> event, Hook hook, boolean prepend) {
        declare(event);
        lists.get(event.name()).add(hook, prepend);
    }

    void remove(String name, Hook hook) {
        HookList list = lists.get(name);
        if (list != null) {
            list.remove(hook);
        }
    }

    /** The current snapshot for {@code name} (diagnostics and tests). */
    Hook[] snapshot(String name) {
        HookList list = lists.get(name);
        return list == null ? NONE : list.hooks;
    }

    /** The listeners of {@code event} for a dispatch; throws if its name is known with another type. */
    private Hook[] snapshot(EventType<?> event) {
        HookList list = lists.get(event.name());
        if (list == null) {
            return NONE;
        }
        if (list.type != event && !list.type.equals(event)) {
            throw TypeDeclarations.eventConflict(list.type, event);
        }
        return list.hooks;
    }

    private static boolean admits(Hook hook, EventFilter filter) {
        return hook.global() || filter == null || filter.admits(hook.ctx());
    }

    // ---- dispatch ----------------------------------------------------------------------------

    /** Raw emit: the first exception propagates. */
    void emit(EventFilter filter, Notification<?> event, Object payload) {
        for (Hook hook : snapshot(event)) {
            if (admits(hook, filter)) {
                observe(hook.listener(), payload);
            }
        }
    }

    /** Contained emit: every listener runs; failures are logged as warnings. */
    void emitContained(EventFilter filter, Notification<?> event, Object payload) {
        for (Hook hook : snapshot(event)) {
            if (!admits(hook, filter)) {
                continue;
            }
            try {
                observe(hook.listener(), payload);
            } catch (RuntimeException e) {
                kernel.log(LogSink.Level.WARN, hook.ctx().fiberImpl().name(),
                        "listener of \"" + event.name() + "\" failed", e);
            }
        }
    }

    /** Every listener on its own virtual thread; then an aggregate of the failures, if any. */
    void parallel(EventFilter filter, Notification<?> event, Object payload) {
        List<Hook> admitted = new ArrayList<>();
        for (Hook hook : snapshot(event)) {
            if (admits(hook, filter)) {
                admitted.add(hook);
            }
        }
        int n = admitted.size();
        Throwable[] failures = new Throwable[n];
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            int index = i;
            Runnable run = () -> {
                try {
                    observe(admitted.get(index).listener(), payload);
                } catch (Throwable t) {
                    failures[index] = t;
                }
            };
            if (i == n - 1) {
                run.run();
            } else {
                threads[i] = Thread.ofVirtual().name("dsh4j-parallel-" + event.name()).start(run);
            }
        }
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t != null) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        List<Throwable> failed = new ArrayList<>();
        for (Throwable t : failures) {
            if (t != null) {
                failed.add(t);
            }
        }
        if (!failed.isEmpty()) {
            throw new AggregateException("parallel dispatch of \"" + event.name() + "\"", failed);
        }
    }

    /** {@code bail} and {@code serial}: the first bail value; an exception propagates. */
    @SuppressWarnings("unchecked")
    <R> Optional<R> bail(EventFilter filter, Query<?, R> event, Object payload) {
        for (Hook hook : snapshot(event)) {
            if (!admits(hook, filter)) {
                continue;
            }
            Object result = ((Query.Listener<Object, Object>) hook.listener()).on(payload);
            if (result != null && !Boolean.FALSE.equals(result)) {
                return Optional.of((R) result);
            }
        }
        return Optional.empty();
    }

    /** Waterfall around {@code inner}. */
    <R> R waterfall(EventFilter filter, Waterfall<?, R> event, Object payload, Next<R> inner) {
        Hook[] all = snapshot(event);
        List<Hook> admitted = new ArrayList<>(all.length);
        for (Hook hook : all) {
            if (admits(hook, filter)) {
                admitted.add(hook);
            }
        }
        return step(admitted, 0, payload, inner);
    }

    // One name, one type (declare): a list holds listeners of its type's shape only.
    @SuppressWarnings("unchecked")
    private <R> R step(List<Hook> hooks, int index, Object payload, Next<R> inner) {
        if (index == hooks.size()) {
            return inner.proceed();
        }
        var listener = (Waterfall.Listener<Object, R>) hooks.get(index).listener();
        return listener.on(payload, () -> step(hooks, index + 1, payload, inner));
    }

    @SuppressWarnings("unchecked")
    private static void observe(Object listener, Object payload) {
        ((Notification.Listener<Object>) listener).on(payload);
    }

    /** A copy-on-write listener array of one event type. */
    private static final class HookList {
        final EventType<?> type;
        volatile Hook[] hooks = NONE;

        HookList(EventType<?> type) {
            this.type = type;
        }

        synchronized void add(Hook hook, boolean prepend) {
            Hook[] old = hooks;
            Hook[] next = new Hook[old.length + 1];
            if (prepend) {
                next[0] = hook;
                System.arraycopy(old, 0, next, 1, old.length);
            } else {
                System.arraycopy(old, 0, next, 0, old.length);
                next[old.length] = hook;
            }
            hooks = next;
        }

        synchronized void remove(Hook hook) {
            Hook[] old = hooks;
            for (int i = 0; i < old.length; i++) {
                if (old[i] == hook) {
                    Hook[] next = new Hook[old.length - 1];
                    System.arraycopy(old, 0, next, 0, i);
                    System.arraycopy(old, i + 1, next, i, old.length - i - 1);
                    hooks = next;
                    return;
                }
            }
        }
    }
}
