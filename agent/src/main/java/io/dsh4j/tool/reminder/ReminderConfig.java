package io.dsh4j.tool.reminder;

import io.dsh4j.kernel.config.ConfigSchema;
import io.dsh4j.kernel.config.Schema;
import java.util.HashSet;
import java.util.List;

/**
 * Config of {@link RepeatToolReminder#PLUGIN}, checked at load (a bad config fails the plugin, loud).
 *
 * @param thresholds            chain lengths that trigger a reminder; integers ≥ 2, no duplicates,
 *                              not empty; the smallest gets the short nudge, the others the detailed form
 * @param include               wildcard ({@code *}) patterns of tool names to watch; empty: all
 * @param exclude               patterns of tool names to ignore (calls to them do not break a chain)
 * @param argumentsPreviewChars how much of the canonical arguments the detailed form quotes; ≥ 1
 */
public record ReminderConfig(List<Double> thresholds, List<String> include, List<String> exclude,
                             double argumentsPreviewChars) {

    public static final ConfigSchema<ReminderConfig> SCHEMA = Schema.object()
            .field("thresholds", Schema.array(Schema.number()).defaultValue(List.of(3, 5, 8)))
            .field("include", Schema.array(Schema.string()).defaultValue(List.of()))
            .field("exclude", Schema.array(Schema.string()).defaultValue(List.of()))
            .field("argumentsPreviewChars", Schema.number().defaultValue(500))
            .as(ReminderConfig.class);

    public ReminderConfig {
        thresholds = List.copyOf(thresholds);
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        if (thresholds.isEmpty()) {
            throw new IllegalArgumentException("repeat-tool-reminder: `thresholds` must not be empty");
        }
        for (double t : thresholds) {
            if (t != Math.rint(t) || t < 2 || Double.isInfinite(t)) {
                throw new IllegalArgumentException("repeat-tool-reminder: invalid threshold " + number(t)
                        + " — every threshold must be an integer >= 2");
            }
        }
        if (new HashSet<>(thresholds).size() != thresholds.size()) {
            throw new IllegalArgumentException("repeat-tool-reminder: `thresholds` must not contain duplicates");
        }
        if (argumentsPreviewChars != Math.rint(argumentsPreviewChars) || argumentsPreviewChars < 1) {
            throw new IllegalArgumentException("repeat-tool-reminder: invalid argumentsPreviewChars "
                    + number(argumentsPreviewChars) + " — must be an integer >= 1");
        }
    }

    /** The defaults: thresholds {@code [3, 5, 8]}, no patterns, 500 preview characters. */
    public static ReminderConfig defaults() {
        return new ReminderConfig(List.of(3d, 5d, 8d), List.of(), List.of(), 500);
    }

    /** The thresholds as sorted integers. */
    List<Long> sortedThresholds() {
        return thresholds.stream().map(Double::longValue).sorted().toList();
    }

    private static String number(double d) {
        return d == Math.rint(d) && !Double.isInfinite(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
