package io.dsh4j.prompt;

import java.util.Objects;

/**
 * A system-prompt section (§4.1). {@code complete} makes it the entire prompt.
 *
 * @throws IllegalArgumentException for a non-finite order
 */
public record PromptSection(String name, double order, PromptText text, boolean complete) {
    public PromptSection {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
        if (!Double.isFinite(order)) throw new IllegalArgumentException("section \"" + name + "\" order must be finite, got " + order);
    }

    /** An ordinary section. */
    public static PromptSection of(String name, double order, PromptText text) {
        return new PromptSection(name, order, text, false);
    }

    /** An ordinary section with fixed text. */
    public static PromptSection of(String name, double order, String text) {
        return new PromptSection(name, order, PromptText.of(text), false);
    }
}
