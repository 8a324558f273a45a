package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import java.util.List;
import java.util.Objects;

/** The answer of the {@code tools/post-execute} waterfall (spec §3.4). */
public sealed interface PostToolDecision {

    /** The contexts this decision adds (appended after the tool-deferred ones on accept). */
    List<Message.UserMessage> additionalContexts();

    /** Keep the result as it is. */
    PostToolDecision ACCEPT = new Accept(null, List.of());

    /**
     * Accept, optionally replacing the content (the value is kept).
     *
     * @param content {@code null} keeps the content
     */
    record Accept(List<ContentBlock> content, List<Message.UserMessage> additionalContexts)
            implements PostToolDecision {
        public Accept {
            content = content == null ? null : List.copyOf(content);
            additionalContexts = List.copyOf(additionalContexts);
        }
    }

    /** Accept with a replacement value, re-validated and re-rendered (not allowed on a failed result). */
    record AcceptValue(JsonNode value, List<Message.UserMessage> additionalContexts) implements PostToolDecision {
        public AcceptValue {
            Objects.requireNonNull(value, "value");
            additionalContexts = List.copyOf(additionalContexts);
        }
    }

    /**
     * Turn the result into a failure whose content is {@code feedback}; only this decision's contexts
     * survive (tool-deferred ones are dropped).
     */
    record Block(List<ContentBlock> feedback, List<Message.UserMessage> additionalContexts)
            implements PostToolDecision {
        public Block {
            feedback = List.copyOf(feedback);
            additionalContexts = List.copyOf(additionalContexts);
        }
    }

    /** {@code decision} with {@code context} put before the contexts it already adds. */
    static PostToolDecision prependContext(PostToolDecision decision, Message.UserMessage context) {
        List<Message.UserMessage> contexts = new java.util.ArrayList<>();
        contexts.add(context);
        contexts.addAll(decision.additionalContexts());
        return switch (decision) {
            case Accept a -> new Accept(a.content(), contexts);
            case AcceptValue v -> new AcceptValue(v.value(), contexts);
            case Block b -> new Block(b.feedback(), contexts);
        };
    }
}
