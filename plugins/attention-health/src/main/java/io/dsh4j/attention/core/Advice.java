package io.dsh4j.attention.core;

import java.util.List;

/**
 * The final advice (spec §1.4, {@code ADVICE_VALUES}): the single source of the wire enum.
 * {@link #COMPACT} is legacy: the decision chain never produces it; it is kept so that old data
 * still maps to a value.
 */
public enum Advice {
    CONTINUE("continue"), COST_NOTE("costNote"), PREPARE("prepare"), HANDOFF("handoff"), COMPACT("compact");

    /** {@code ADVICE_VALUES}, in the original's order. */
    public static final List<String> VALUES = List.of("continue", "costNote", "prepare", "handoff", "compact");

    private final String key;

    Advice(String key) {
        this.key = key;
    }

    /** The wire key. */
    public String key() {
        return key;
    }
}
