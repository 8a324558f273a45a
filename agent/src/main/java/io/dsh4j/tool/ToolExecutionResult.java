package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import java.util.List;
import java.util.Objects;

/**
 * The outcome of one call (spec §3.4): what the model sees ({@link #content()}), the presentation
 * {@link #meta()} persisted with the durable {@code tool/result}, and the contexts that enter the
 * agent's next step after the step's results. Immutable.
 */
public sealed interface ToolExecutionResult {

    /** Model-facing content; on failure the single text block {@code Error: <message>} (or feedback). */
    List<ContentBlock> content();

    /** Presentation data for the durable {@code tool/result}; {@code null} when absent. */
    JsonNode meta();

    /** Messages appended to the agent's next-step inbox after this result commits (possibly empty). */
    List<Message.UserMessage> additionalContexts();

    boolean isError();

    /**
     * A successful call.
     *
     * @param value          the canonical value; execution-local, never persisted
     * @param concludesTurn  whether the turn ends after this step's results commit
     */
    record Success(JsonNode value, List<ContentBlock> content, JsonNode meta,
                   List<Message.UserMessage> additionalContexts, boolean concludesTurn)
            implements ToolExecutionResult {
        public Success {
            Objects.requireNonNull(value, "value");
            content = List.copyOf(content);
            additionalContexts = List.copyOf(additionalContexts);
        }
        @Override public boolean isError() { return false; }
    }

    /** A failed call. */
    record Failure(ToolFailure error, List<ContentBlock> content, JsonNode meta,
                   List<Message.UserMessage> additionalContexts) implements ToolExecutionResult {
        public Failure {
            Objects.requireNonNull(error, "error");
            content = List.copyOf(content);
            additionalContexts = List.copyOf(additionalContexts);
        }
        @Override public boolean isError() { return true; }

        /** The failure with DSH's standard content: one text block {@code Error: <message>}. */
        public static Failure of(ToolFailure error) {
            return new Failure(error, List.of(new ContentBlock.Text("Error: " + error.message())), null, List.of());
        }

        /** {@link #of(ToolFailure)} of a code-carrying failure. */
        public static Failure of(String message, String errorName, String code) {
            return of(new ToolFailure(message, new ToolErrorInfo(errorName, code)));
        }
    }
}
