package io.dsh4j.deliberation.core;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The automatic review's per-process state (spec §6.4): at most one automatic child per
 * (session, turn) — a key is {@code running} while an attempt is in flight and {@code attempted}
 * once an attempt latched — and the count of notices steered into each turn, for the bound on forced
 * rounds. Everything for a key is cleared when that turn's {@code turn/end} is observed. Thread-safe.
 */
public final class AutoReviewLatch {

    private final Set<String> attempted = new HashSet<>();
    private final Set<String> running = new HashSet<>();
    private final Map<String, Integer> forced = new HashMap<>();

    static String key(String sessionId, long turn) {
        return sessionId + ":" + turn;
    }

    /** Whether the turn is attempted or being attempted. */
    public synchronized boolean isLatched(String sessionId, long turn) {
        String k = key(sessionId, turn);
        return attempted.contains(k) || running.contains(k);
    }

    /**
     * Marks the turn as running; false when it is already latched (then nothing may start).
     */
    public synchronized boolean begin(String sessionId, long turn) {
        String k = key(sessionId, turn);
        if (attempted.contains(k) || running.contains(k)) return false;
        running.add(k);
        return true;
    }

    /**
     * Ends an attempt (call in {@code finally}).
     *
     * @param retainAttempt whether the outcome latches the turn (started children, generic start
     *                      failures); projection skips, image refusals and provider races do not
     */
    public synchronized void finish(String sessionId, long turn, boolean retainAttempt) {
        String k = key(sessionId, turn);
        running.remove(k);
        if (retainAttempt) attempted.add(k);
    }

    /** Counts a steered notice and returns how many this turn has had. */
    public synchronized int recordForced(String sessionId, long turn) {
        return forced.merge(key(sessionId, turn), 1, Integer::sum);
    }

    /** Notices steered into the turn by this process. */
    public synchronized int forced(String sessionId, long turn) {
        return forced.getOrDefault(key(sessionId, turn), 0);
    }

    /** The turn ended: forget it. */
    public synchronized void turnEnded(String sessionId, long turn) {
        String k = key(sessionId, turn);
        attempted.remove(k);
        running.remove(k);
        forced.remove(k);
    }

    /** Whether an outcome latches the turn (spec §6.4). */
    public static boolean retains(AttemptOutcome outcome) {
        return switch (outcome) {
            case PROJECTION_SKIP, IMAGE_REFUSAL, PROVIDER_UNAVAILABLE -> false;
            case REVIEWED, INVALID_PACKET, NO_UPDATE, TIMED_OUT, START_FAILED, RESULT_REJECTED -> true;
        };
    }

    /** How an automatic attempt ended. */
    public enum AttemptOutcome {
        /** A valid packet came back (published or not). */
        REVIEWED,
        /** The child returned no valid packet. */
        INVALID_PACKET,
        /** A valid {@code no_update} packet. */
        NO_UPDATE,
        /** The automatic deadline fired. */
        TIMED_OUT,
        /** The start failed for a generic reason. */
        START_FAILED,
        /** The result promise was rejected. */
        RESULT_REJECTED,
        /** The provider refused the projection (over budget, image limit, no step, no open turn). */
        PROJECTION_SKIP,
        /** The image gate refused the input. */
        IMAGE_REFUSAL,
        /** The provider was removed or became incompatible during the start. */
        PROVIDER_UNAVAILABLE
    }
}
