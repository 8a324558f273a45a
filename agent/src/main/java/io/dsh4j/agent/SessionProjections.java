package io.dsh4j.agent;

import io.dsh4j.kernel.Context;
import io.dsh4j.kernel.Effect;
import io.dsh4j.kernel.EffectHandle;
import io.dsh4j.kernel.ServiceKey;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DSH's session projection registry ({@code ctx.sessionProjections}, spec kernel-and-agent §7.3):
 * read models folded over <em>every committed event of every live session</em>. A projection's
 * {@code apply} is pure and synchronous and returns the same state object for an irrelevant event;
 * a cell (one projection of one session) is built lazily by folding the session's log so far the
 * first time it is needed, then advanced one committed event at a time, in seq order, on the
 * appending thread. {@link #onChanged} hears each change of a state reference, once per event.
 *
 * <p>Registrations are effects of the registering fiber (undone when it unloads); a duplicate key
 * throws. An {@code apply} that throws is logged and leaves that cell as it was; a listener that
 * throws is logged and the others still hear the change. Thread-safe.
 */
public final class SessionProjections {

    /** The service key, {@code sessionProjections}. */
    public static final ServiceKey<SessionProjections> KEY = ServiceKey.of("sessionProjections", SessionProjections.class);

    private static final Logger LOG = LoggerFactory.getLogger(SessionProjections.class);

    /**
     * A projection.
     *
     * @param <S> the state type
     */
    public interface Definition<S> {
        /** The key, unique in the registry. */
        String key();

        /** Bumped whenever the state's shape changes. */
        int stateVersion();

        /** The state before any event. */
        S init();

        /** The state after {@code event}; {@code state} itself when the event changes nothing. */
        S apply(S state, SessionEvent event);

        /** The client-visible view of a state (DSH's {@code wire.view}); the state itself by default. */
        default Object view(S state) {
            return state;
        }
    }

    /** What {@link #snapshot} answers: every projection's view as of {@code asOfSeq} ({@code -1}: no event yet). */
    public record Snapshot(long asOfSeq, Map<String, Object> values) {}

    /** Hears a changed cell: the session, the key, the new view and the seq of the event that changed it. */
    @FunctionalInterface
    public interface ChangeListener {
        void changed(LiveSession session, String key, Object view, long seq);
    }

    private static final class Cell {
        Object state;
        long asOfSeq;

        Cell(Object state, long asOfSeq) {
            this.state = state;
            this.asOfSeq = asOfSeq;
        }
    }

    private final Map<String, Definition<?>> definitions = new ConcurrentHashMap<>();
    private final Map<LiveSession, Map<String, Cell>> cells = new ConcurrentHashMap<>();
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();

    SessionProjections() {}

    /**
     * Registers {@code definition} as an effect of {@code caller}'s fiber.
     *
     * @throws IllegalStateException {@code session projection "<key>" is already registered}
     */
    public EffectHandle register(Context caller, Definition<?> definition) {
        Objects.requireNonNull(definition, "definition");
        String key = Objects.requireNonNull(definition.key(), "key");
        return caller.effect(() -> {
            if (definitions.putIfAbsent(key, definition) != null) {
                throw new IllegalStateException("session projection \"" + key + "\" is already registered");
            }
            return Effect.of(() -> {
                definitions.remove(key, definition);
                for (Map<String, Cell> m : cells.values()) {
                    synchronized (m) {
                        m.remove(key);
                    }
                }
            });
        }, "sessionProjections.register");
    }

    /** Registers {@code listener} as an effect of {@code caller}'s fiber. */
    public EffectHandle onChanged(Context caller, ChangeListener listener) {
        Objects.requireNonNull(listener, "listener");
        return caller.effect(() -> {
            listeners.add(listener);
            return Effect.of(() -> listeners.remove(listener));
        }, "sessionProjections.onChanged");
    }

    /** The keys registered now, in no particular order. */
    public List<String> keys() {
        return List.copyOf(definitions.keySet());
    }

    /** The state of projection {@code key} for {@code session} (built now if it was not), or empty for an unknown key. */
    @SuppressWarnings("unchecked")
    public <S> Optional<S> stateOf(LiveSession session, String key) {
        Definition<?> def = definitions.get(key);
        if (def == null) return Optional.empty();
        Map<String, Cell> m = cellsOf(session);
        synchronized (m) {
            return Optional.ofNullable((S) cell(session, m, key, def).state);
        }
    }

    /** Every projection's view for {@code session}, as of one seq. */
    public Snapshot snapshot(LiveSession session) {
        Map<String, Cell> m = cellsOf(session);
        synchronized (m) {
            Map<String, Object> values = new LinkedHashMap<>();
            long asOf = -1;
            for (Map.Entry<String, Definition<?>> e : new java.util.TreeMap<>(definitions).entrySet()) {
                Cell c = cell(session, m, e.getKey(), e.getValue());
                values.put(e.getKey(), view(e.getValue(), c.state));
                asOf = Math.max(asOf, c.asOfSeq);
            }
            return new Snapshot(asOf, java.util.Collections.unmodifiableMap(values));
        }
    }

    /** Advances every cell of the notice's session by its event (the {@code session/event} listener). */
    void accept(SessionNotice notice) {
        LiveSession session = notice.session();
        SessionEvent event = notice.event();
        Map<String, Cell> m = cellsOf(session);
        List<Object[]> changed = new ArrayList<>();
        synchronized (m) {
            for (Map.Entry<String, Definition<?>> e : definitions.entrySet()) {
                Cell c = cell(session, m, e.getKey(), e.getValue());
                if (event.seq() <= c.asOfSeq) continue;
                Object before = c.state;
                try {
                    c.state = applyUnchecked(e.getValue(), before, event);
                } catch (RuntimeException ex) {
                    LOG.warn("session projection \"{}\" failed on event {} of session {}: {}", e.getKey(), event.seq(),
                            session.id(), ex.toString());
                }
                c.asOfSeq = event.seq();
                if (c.state != before) changed.add(new Object[] {e.getKey(), view(e.getValue(), c.state)});
            }
        }
        for (Object[] ch : changed) {
            for (ChangeListener l : listeners) {
                try {
                    l.changed(session, (String) ch[0], ch[1], event.seq());
                } catch (RuntimeException ex) {
                    LOG.warn("a session projection listener failed on \"{}\": {}", ch[0], ex.toString());
                }
            }
        }
    }

    /** Forgets a disposed session's cells. */
    void forget(LiveSession session) {
        cells.remove(session);
    }

    private Map<String, Cell> cellsOf(LiveSession session) {
        return cells.computeIfAbsent(session, s -> new LinkedHashMap<>());
    }

    private static Cell cell(LiveSession session, Map<String, Cell> m, String key, Definition<?> def) {
        Cell c = m.get(key);
        if (c != null) return c;
        Object state = def.init();
        long asOf = -1;
        for (SessionEvent e : session.events()) {
            try {
                state = applyUnchecked(def, state, e);
            } catch (RuntimeException ex) {
                LOG.warn("session projection \"{}\" failed on event {} of session {}: {}", key, e.seq(), session.id(),
                        ex.toString());
            }
            asOf = e.seq();
        }
        c = new Cell(state, asOf);
        m.put(key, c);
        return c;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object applyUnchecked(Definition def, Object state, SessionEvent event) {
        return def.apply(state, event);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object view(Definition def, Object state) {
        try {
            return def.view(state);
        } catch (RuntimeException ex) {
            LOG.warn("session projection \"{}\" failed to make its view: {}", def.key(), ex.toString());
            return null;
        }
    }
}
