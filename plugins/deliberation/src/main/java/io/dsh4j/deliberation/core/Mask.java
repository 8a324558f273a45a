package io.dsh4j.deliberation.core;

import java.util.Optional;

/** What assistant content a mid-fork projection removes (spec §3.3, §3.5). */
public enum Mask {
    /** Drops reasoning blocks and replay state; keeps assistant-visible text and images. */
    REASONING_ONLY("reasoning-only"),
    /** Also drops assistant-visible content; keeps user inputs, actions and tool outcomes. */
    ACTION_ONLY("action-only");

    private final String label;

    Mask(String label) {
        this.label = label;
    }

    /** The configuration and snapshot-header literal ({@code reasoning-only}, {@code action-only}). */
    public String label() {
        return label;
    }

    /** The mask a literal names, or empty. */
    public static Optional<Mask> of(String label) {
        for (Mask m : values()) if (m.label.equals(label)) return Optional.of(m);
        return Optional.empty();
    }
}
