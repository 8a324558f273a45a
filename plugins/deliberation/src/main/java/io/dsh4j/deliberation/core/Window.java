package io.dsh4j.deliberation.core;

/** Which completed Steps a mid-fork projection selects (spec §3.4). */
public sealed interface Window {

    /** The largest recent-steps window a provider may register (spec Appendix B). */
    int MAX_RECENT_STEPS = 32;

    /** The literal used in the snapshot header and in error details. */
    String kind();

    /**
     * The last {@code k} completed Steps of the log, wherever they are.
     *
     * @param k 1 through {@value #MAX_RECENT_STEPS}
     */
    record RecentSteps(int k) implements Window {
        public RecentSteps {
            if (k < 1) throw new IllegalArgumentException("mid-fork recentSteps must be a positive safe integer");
            if (k > MAX_RECENT_STEPS) throw new IllegalArgumentException("mid-fork recentSteps must be no greater than " + MAX_RECENT_STEPS);
        }

        @Override
        public String kind() {
            return "recent-steps";
        }
    }

    /** Every completed Step of the single open turn. */
    record CurrentTurn() implements Window {
        @Override
        public String kind() {
            return "current-turn";
        }
    }
}
