package io.dsh4j.attention.core;

import io.dsh4j.attention.core.internal.JsText;
import java.util.HashMap;
import java.util.Map;

/**
 * The live guard's bookkeeping (spec §6.2), host-free so the plugin only forwards stream frames:
 * one {@link LoopGuard} per model attempt, created on {@code start}, dropped on {@code end} or on
 * a trip (one trip per attempt); frames without an attempt id, or for an attempt never started,
 * are ignored. Each attempt keeps the last 500 characters of its reasoning for the trip record.
 *
 * <p>Not thread-safe: the host calls it from its event dispatch, one frame at a time.
 */
public final class GuardAttempts {

    /**
     * A trip to act on: cancel the turn with {@code cancelReason} (kind {@code hook}) and append a
     * trip record.
     *
     * @param tail the last 500 characters of the attempt's reasoning
     */
    public record Cancellation(String attemptId, GuardTrip trip, String cancelReason, String tail) {}

    private final GuardOptions options;
    private final Texts texts;
    private final Map<String, Slot> attempts = new HashMap<>();

    private static final class Slot {
        final LoopGuard guard;
        final StringBuilder tail = new StringBuilder();

        Slot(LoopGuard guard) {
            this.guard = guard;
        }
    }

    /** Bookkeeping with the given guard options and cancel-reason language. */
    public GuardAttempts(GuardOptions options, Texts texts) {
        this.options = options;
        this.texts = texts;
    }

    /** A {@code start} frame: a fresh guard for the attempt (ignored without an id). */
    public void start(String attemptId) {
        if (attemptId == null || attemptId.isEmpty()) return;
        attempts.put(attemptId, new Slot(new LoopGuard(options)));
    }

    /** An {@code end} frame: the attempt's guard is dropped. */
    public void end(String attemptId) {
        if (attemptId != null) attempts.remove(attemptId);
    }

    /**
     * A {@code reasoning-delta} chunk.
     *
     * @return the cancellation when this delta tripped the guard, else {@code null}
     */
    public Cancellation reasoningDelta(String attemptId, String text) {
        if (attemptId == null || attemptId.isEmpty() || text == null) return null;
        Slot slot = attempts.get(attemptId);
        if (slot == null) return null;
        slot.tail.append(text);
        if (slot.tail.length() > GuardOptions.TAIL_CHARS) slot.tail.delete(0, slot.tail.length() - GuardOptions.TAIL_CHARS);
        GuardTrip trip = slot.guard.push(text);
        if (trip == null) return null;
        attempts.remove(attemptId);
        return new Cancellation(attemptId, trip, trip.cancelReason(texts), JsText.tail(slot.tail.toString(),
                GuardOptions.TAIL_CHARS));
    }

    /** Attempts currently watched. */
    public int active() {
        return attempts.size();
    }
}
