package io.dsh4j.attention.core;

/**
 * The live guard's thresholds ({@code GUARD_DEFAULTS}, spec §6.3). Every criterion needs several
 * simultaneous conditions, because a cancellation throws the turn's work away.
 *
 * @param enabled              master switch ({@code false}: never trips)
 * @param streakLimit          identical consecutive lines, or inline repeats, needed
 * @param minLineChars         a repeated line must be at least this long
 * @param windowLines          the idle window's size (recent non-empty lines)
 * @param windowMinLines       lines needed before the idle check runs
 * @param uniqueRatioMin       idle when distinct ÷ total is at most this
 * @param shortLineWindow      the short-line window's size
 * @param shortLineMaxChars    a short line has at most this many characters
 * @param shortLineRepeatLimit the same short line this often in the window trips (never raise above 30)
 * @param shortLineMinCount    short lines needed before checking
 * @param inlineMinPeriod      the shortest unit tried by the inline check
 * @param inlineMaxPeriod      the longest unit tried by the inline check
 * @param inlineMinPendingChars the inline check runs once the unterminated tail is this long
 */
public record GuardOptions(boolean enabled, int streakLimit, int minLineChars, int windowLines, int windowMinLines,
        double uniqueRatioMin, int shortLineWindow, int shortLineMaxChars, int shortLineRepeatLimit,
        int shortLineMinCount, int inlineMinPeriod, int inlineMaxPeriod, int inlineMinPendingChars) {

    /** {@code GUARD_DEFAULTS}. */
    public static final GuardOptions DEFAULTS = new GuardOptions(true, 8, 12, 40, 24, 0.25, 60, 11, 30, 30, 2, 40, 64);

    /** The in-memory tail of reasoning kept per attempt for the trip record. */
    public static final int TAIL_CHARS = 500;
    /** The inline probe never looks at fewer than this many trailing characters. */
    public static final int MIN_INLINE_PROBE = 256;

    /**
     * Validates the options once, naming the first one that is out of range.
     *
     * @throws IllegalArgumentException naming the option and its value
     */
    public GuardOptions {
        atLeast("streakLimit", streakLimit, 1);
        atLeast("windowLines", windowLines, 1);
        atLeast("shortLineWindow", shortLineWindow, 1);
        atLeast("inlineMinPeriod", inlineMinPeriod, 1);
        atLeast("inlineMaxPeriod", inlineMaxPeriod, inlineMinPeriod);
        if (!(uniqueRatioMin >= 0 && uniqueRatioMin <= 1)) {
            throw new IllegalArgumentException("guard option uniqueRatioMin must lie in [0, 1], got " + uniqueRatioMin);
        }
    }

    private static void atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException("guard option " + name + " must be at least " + min + ", got " + value);
        }
    }

    /** These options switched off. */
    public GuardOptions disabled() {
        return new GuardOptions(false, streakLimit, minLineChars, windowLines, windowMinLines, uniqueRatioMin,
                shortLineWindow, shortLineMaxChars, shortLineRepeatLimit, shortLineMinCount, inlineMinPeriod,
                inlineMaxPeriod, inlineMinPendingChars);
    }
}
