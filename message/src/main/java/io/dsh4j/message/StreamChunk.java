package io.dsh4j.message;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One chunk of the provider-neutral model stream (DSH's {@code StreamChunk}): block starts, deltas,
 * block ends, usage and exactly one terminal finish. Unknown chunk types are kept as {@link Other}.
 */
public sealed interface StreamChunk {

    /** The chunk's {@code type} tag. */
    String type();

    /** A content block opens at {@code index} ({@code blockType}: text, reasoning, tool-call, …). */
    record BlockStart(long index, String blockType) implements StreamChunk {
        public BlockStart { Objects.requireNonNull(blockType, "blockType"); }
        @Override public String type() { return "block-start"; }
    }

    /** A piece of visible text of block {@code index}. */
    record TextDelta(long index, String text) implements StreamChunk {
        public TextDelta { Objects.requireNonNull(text, "text"); }
        @Override public String type() { return "text-delta"; }
    }

    /** A piece of reasoning text of block {@code index}. */
    record ReasoningDelta(long index, String text) implements StreamChunk {
        public ReasoningDelta { Objects.requireNonNull(text, "text"); }
        @Override public String type() { return "reasoning-delta"; }
    }

    /**
     * A raw JSON fragment of a tool call's arguments.
     *
     * @param name the tool name, {@code null} when this delta does not carry it
     */
    record ToolCallDelta(long index, String id, String name, String argumentsDelta) implements StreamChunk {
        public ToolCallDelta {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(argumentsDelta, "argumentsDelta");
        }
        @Override public String type() { return "tool-call-delta"; }
    }

    /** Block {@code index} is complete; {@code block} is authoritative. */
    record BlockEnd(long index, ContentBlock block) implements StreamChunk {
        public BlockEnd { Objects.requireNonNull(block, "block"); }
        @Override public String type() { return "block-end"; }
    }

    /** Token usage of the call. */
    record Usage(TokenUsage usage) implements StreamChunk {
        public Usage { Objects.requireNonNull(usage, "usage"); }
        @Override public String type() { return "usage"; }
    }

    /** The terminal chunk; {@code replayState} is adapter-private, {@code null} when absent. */
    record Finish(FinishReason reason, JsonNode replayState) implements StreamChunk {
        public Finish { Objects.requireNonNull(reason, "reason"); }
        @Override public String type() { return "finish"; }
    }

    /** A chunk type this build does not know, kept as its JSON. */
    record Other(String type, JsonNode json) implements StreamChunk {
        public Other {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(json, "json");
        }
    }

    /**
     * Whether this is a "non-empty delta" in DSH's sense (first-token timing): a text/reasoning
     * delta with non-empty text, or a tool-call delta with a non-empty fragment or a name.
     */
    default boolean isTokenDelta() {
        return switch (this) {
            case TextDelta d -> !d.text().isEmpty();
            case ReasoningDelta d -> !d.text().isEmpty();
            case ToolCallDelta d -> !d.argumentsDelta().isEmpty() || d.name() != null;
            default -> false;
        };
    }
}
