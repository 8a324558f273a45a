package io.dsh4j.attention;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * The tool-call loop guard's rule, beyond the original (issue 14): a chain of tool calls, each
 * named by its tool and canonical arguments, trips
 * <ul>
 *   <li>{@link Kind#REPEAT} on the {@code repeatLimit}-th consecutive identical call — by default one
 *       more than the repeat-tool reminder's last threshold (3, 5, 8 → the 9th), so the guard stops
 *       only what the reminder's advice did not break;</li>
 *   <li>{@link Kind#CYCLE} when the last {@code p × cycleRepeats} calls are one unit of {@code p} = 2–4
 *       calls (not all the same call) repeated {@code cycleRepeats} (4) times — A B A B A B A B,
 *       A B C A B C A B C A B C — a loop a consecutive chain cannot see.</li>
 * </ul>
 * A human prompt resets the chain ({@link #reset}), as it resets the reminder's. Not thread-safe.
 */
final class ToolLoopDetector {

    /** A call: tool name and canonical arguments. */
    record Call(String tool, String arguments) {
        Call {
            Objects.requireNonNull(tool, "tool");
            Objects.requireNonNull(arguments, "arguments");
        }
    }

    enum Kind {
        REPEAT("tool-repeat"), CYCLE("tool-cycle");

        final String key;

        Kind(String key) {
            this.key = key;
        }
    }

    /**
     * A trip.
     *
     * @param unit the repeated call (one element) or cycle, in call order
     * @param count consecutive identical calls ({@link Kind#REPEAT}) or repetitions of the cycle
     */
    record Trip(Kind kind, List<Call> unit, int count) {}

    /** One past the repeat-tool reminder's last default threshold (3, 5, 8 → 9): the reminder has had its say. */
    static final int DEFAULT_REPEAT_LIMIT = (int) io.dsh4j.tool.reminder.ReminderConfig.defaults().thresholds().stream()
            .mapToDouble(Double::doubleValue).max().orElseThrow() + 1;
    static final int DEFAULT_CYCLE_REPEATS = 4;
    static final int MIN_PERIOD = 2;
    static final int MAX_PERIOD = 4;

    private final int repeatLimit;
    private final int cycleRepeats;
    private final Deque<Call> recent = new ArrayDeque<>();
    private Call last;
    private int streak;

    ToolLoopDetector(int repeatLimit, int cycleRepeats) {
        if (repeatLimit < 2 || cycleRepeats < 2) throw new IllegalArgumentException("limits must be at least 2");
        this.repeatLimit = repeatLimit;
        this.cycleRepeats = cycleRepeats;
    }

    ToolLoopDetector() {
        this(DEFAULT_REPEAT_LIMIT, DEFAULT_CYCLE_REPEATS);
    }

    /** Records a call; the trip it completes, or {@code null}. After a trip the chain starts afresh. */
    Trip observe(Call call) {
        streak = call.equals(last) ? streak + 1 : 1;
        last = call;
        recent.addLast(call);
        while (recent.size() > MAX_PERIOD * cycleRepeats) recent.removeFirst();
        Trip trip = null;
        if (streak >= repeatLimit) {
            trip = new Trip(Kind.REPEAT, List.of(call), streak);
        } else {
            trip = cycle();
        }
        if (trip != null) reset();
        return trip;
    }

    /** Forgets the chain. */
    void reset() {
        recent.clear();
        last = null;
        streak = 0;
    }

    private Trip cycle() {
        List<Call> calls = new ArrayList<>(recent);
        int n = calls.size();
        for (int p = MIN_PERIOD; p <= MAX_PERIOD; p++) {
            if (n < p * cycleRepeats) continue;
            List<Call> unit = calls.subList(n - p, n);
            if (unit.stream().distinct().count() < 2 || hasShorterPeriod(unit)) continue;
            boolean repeats = true;
            for (int i = n - p * cycleRepeats; i < n && repeats; i++) {
                repeats = calls.get(i).equals(unit.get((i - (n - p * cycleRepeats)) % p));
            }
            if (repeats) return new Trip(Kind.CYCLE, List.copyOf(unit), cycleRepeats);
        }
        return null;
    }

    private static boolean hasShorterPeriod(List<Call> unit) {
        int p = unit.size();
        for (int q = 1; q < p; q++) {
            if (p % q != 0) continue;
            boolean same = true;
            for (int i = q; i < p && same; i++) same = unit.get(i).equals(unit.get(i - q));
            if (same) return true;
        }
        return false;
    }
}
