package io.dsh4j.tool.builtin;

import io.dsh4j.kernel.Signal;
import io.dsh4j.tool.ToolException;

/**
 * A line as the regular-expression engine sees it, which stops a runaway match: every few thousand
 * character reads it checks the call's signal and the search's deadline, and throws when either has
 * passed (a backtracking pattern like {@code (.*a){12}b} cannot hold a call forever).
 */
final class BoundedText implements CharSequence {

    private static final int CHECK_EVERY = 4096;

    /** The budget shared by all lines of one search. */
    static final class Budget {
        private final Signal signal;
        private final long deadlineNanos;
        private final long timeoutMs;
        private int reads;

        Budget(Signal signal, long timeoutMs) {
            this.signal = signal;
            this.timeoutMs = timeoutMs;
            this.deadlineNanos = System.nanoTime() + timeoutMs * 1_000_000L;
        }

        void tick() {
            if (++reads % CHECK_EVERY != 0) {
                return;
            }
            signal.throwIfAborted();
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new ToolException("SearchError", "SEARCH_TIMEOUT", "grep stopped after " + timeoutMs
                        + " ms; use a simpler pattern or narrow path or include");
            }
        }
    }

    private final String text;
    private final int start;
    private final int end;
    private final Budget budget;

    BoundedText(String text, Budget budget) {
        this(text, 0, text.length(), budget);
    }

    private BoundedText(String text, int start, int end, Budget budget) {
        this.text = text;
        this.start = start;
        this.end = end;
        this.budget = budget;
    }

    @Override
    public int length() {
        return end - start;
    }

    @Override
    public char charAt(int index) {
        budget.tick();
        return text.charAt(start + index);
    }

    @Override
    public CharSequence subSequence(int from, int to) {
        return new BoundedText(text, start + from, start + to, budget);
    }

    @Override
    public String toString() {
        return text.substring(start, end);
    }
}
