package io.dsh4j.beliefmerge.core;

import java.util.List;

/**
 * One message of a source session's model-visible history, as the engine reads it (spec §2.1–2.2).
 *
 * <p>The reader maps DSH events to this shape: a {@code user/message} event's data is the message,
 * {@code assistant/message} and {@code tool/result} carry it in {@code data.message}.
 *
 * @param role       {@code user}, {@code assistant}, {@code tool}, …; {@code null} reads as {@code assistant}
 * @param blocks     the content blocks in order
 * @param sourceKind the message source's {@code kind} ({@code user}, {@code model}, {@code plugin}, …), or
 *                   {@code null}
 */
public record SourceMessage(String role, List<Block> blocks, String sourceKind) {

    /**
     * One content block.
     *
     * @param type the block type; {@code null} when absent (read as {@code text})
     * @param text the block's text, or {@code null} when it has none or it is not a string
     */
    public record Block(String type, String text) {}

    public SourceMessage {
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
    }

    /** A message with one text block. */
    public static SourceMessage text(String role, String text, String sourceKind) {
        return new SourceMessage(role, List.of(new Block("text", text)), sourceKind);
    }

    /** A message with one reasoning block. */
    public static SourceMessage reasoning(String role, String text, String sourceKind) {
        return new SourceMessage(role, List.of(new Block("reasoning", text)), sourceKind);
    }

    /** True when a plugin injected this message (harness scaffolding, not testimony). */
    public boolean isInjected() {
        return "plugin".equals(sourceKind);
    }

    /** The role, with an absent role read as {@code assistant}. */
    public String effectiveRole() {
        return role == null ? "assistant" : role;
    }
}
