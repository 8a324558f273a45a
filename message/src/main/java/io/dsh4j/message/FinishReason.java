package io.dsh4j.message;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/** Why a model call ended (a {@code finish} chunk's {@code reason}, switched on {@code kind}). */
public sealed interface FinishReason {

    /** The {@code kind} tag. */
    String kind();

    /** Normal end of answer. */
    record Stop() implements FinishReason {
        @Override public String kind() { return "stop"; }
    }

    /** The model asked for tool calls. */
    record ToolCalls() implements FinishReason {
        @Override public String kind() { return "tool-calls"; }
    }

    /** The output ceiling was hit. */
    record MaxTokens() implements FinishReason {
        @Override public String kind() { return "max-tokens"; }
    }

    /** The call was aborted. */
    record Aborted(LlmFailure failure) implements FinishReason {
        @Override public String kind() { return "aborted"; }
    }

    /** The call failed. */
    record Error(LlmFailure failure) implements FinishReason {
        @Override public String kind() { return "error"; }
    }

    /** A kind this build does not know, kept as its JSON. */
    record Other(String kind, JsonNode json) implements FinishReason {
        public Other {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(json, "json");
        }
    }
}
