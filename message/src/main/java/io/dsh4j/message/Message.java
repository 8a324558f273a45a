package io.dsh4j.message;

import java.util.List;
import java.util.Objects;

/**
 * A model-history message: {@code {id, role, content, source}}. Immutable; the {@code id} is the
 * stable identity across inbox, log and request. Tool results are user-role messages holding exactly
 * one {@link ContentBlock.ToolResult} with a {@link MessageSource.Tool} source.
 */
public sealed interface Message {

    /** Stable message id (a UUID in practice). */
    String id();

    /** {@code user} or {@code assistant}. */
    String role();

    /** The content blocks, in order. */
    List<ContentBlock> content();

    /** Where the message came from. */
    MessageSource source();

    /** A user-role message (human prompt, injected context, compaction checkpoint, …). */
    record UserMessage(String id, List<ContentBlock> content, MessageSource source) implements Message {
        public UserMessage {
            Objects.requireNonNull(id, "id");
            content = List.copyOf(content);
            Objects.requireNonNull(source, "source");
        }
        @Override public String role() { return "user"; }
    }

    /** A model answer; its source is the model provenance. */
    record AssistantMessage(String id, List<ContentBlock> content, MessageSource.Model source) implements Message {
        public AssistantMessage {
            Objects.requireNonNull(id, "id");
            content = List.copyOf(content);
            Objects.requireNonNull(source, "source");
        }
        @Override public String role() { return "assistant"; }
    }

    /** A tool's answer: role {@code user}, one tool-result block, source {@code {kind:'tool', callId}}. */
    record ToolResultMessage(String id, ContentBlock.ToolResult result, MessageSource.Tool source) implements Message {
        public ToolResultMessage {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(source, "source");
        }
        @Override public String role() { return "user"; }
        @Override public List<ContentBlock> content() { return List.of(result); }
        /** Whether the tool result is marked as an error. */
        public boolean isError() { return result.error(); }
    }
}
