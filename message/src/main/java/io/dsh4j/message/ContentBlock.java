package io.dsh4j.message;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * One block of a message's content, switched on {@code type}. The set is merge-extensible in DSH:
 * a block of a type this build does not know is kept as {@link Other} with its JSON.
 */
public sealed interface ContentBlock {

    /** The block's {@code type} tag. */
    String type();

    /** Visible text. */
    record Text(String text) implements ContentBlock {
        public Text { Objects.requireNonNull(text, "text"); }
        @Override public String type() { return "text"; }
    }

    /** Model thinking (not visible text). */
    record Reasoning(String text) implements ContentBlock {
        public Reasoning { Objects.requireNonNull(text, "text"); }
        @Override public String type() { return "reasoning"; }
    }

    /** An image by durable reference. */
    record Image(ImageAttachment attachment) implements ContentBlock {
        public Image { Objects.requireNonNull(attachment, "attachment"); }
        @Override public String type() { return "image"; }
    }

    /**
     * A tool call requested by the model.
     *
     * @param id        provider call id
     * @param name      tool name
     * @param arguments raw JSON text as the model produced it
     */
    record ToolCall(String id, String name, String arguments) implements ContentBlock {
        public ToolCall {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(arguments, "arguments");
        }
        @Override public String type() { return "tool-call"; }
    }

    /**
     * The result of a tool call.
     *
     * @param toolCallId the call it answers
     * @param content    text and image blocks
     * @param isError    whether the tool failed; {@code null} when the field is absent
     */
    record ToolResult(String toolCallId, List<ContentBlock> content, Boolean isError) implements ContentBlock {
        public ToolResult {
            Objects.requireNonNull(toolCallId, "toolCallId");
            content = List.copyOf(content);
        }
        @Override public String type() { return "tool-result"; }
        /** Whether the result is marked as an error ({@code isError: true}). */
        public boolean error() { return Boolean.TRUE.equals(isError); }
    }

    /** A block of a type this build does not know, kept as its JSON. */
    record Other(String type, JsonNode json) implements ContentBlock {
        public Other {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(json, "json");
        }
    }
}
