package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.LlmFailure;
import java.util.Objects;

/**
 * Why a turn ended ({@code turn/end.reason}, switched on {@code kind}). Legacy shapes are upgraded
 * on read (§1.10) before this view is built, so {@code disposed} and step-carrying errors never
 * appear here.
 */
public sealed interface TurnEndReason {

    /** The {@code kind} tag. */
    String kind();

    /** The turn finished normally. */
    record Completed() implements TurnEndReason {
        @Override public String kind() { return "completed"; }
    }

    /** The turn was cancelled; {@code cause.kind} ∈ user, parent, hook, disposed, legacy. */
    record Aborted(AbortCause cause) implements TurnEndReason {
        public Aborted { Objects.requireNonNull(cause, "cause"); }
        @Override public String kind() { return "aborted"; }
    }

    /** A hook blocked the turn. */
    record Blocked() implements TurnEndReason {
        @Override public String kind() { return "blocked"; }
    }

    /** The model call failed for good. */
    record Error(LlmFailure error) implements TurnEndReason {
        public Error { Objects.requireNonNull(error, "error"); }
        @Override public String kind() { return "error"; }
    }

    /** Some step hit the output ceiling. */
    record MaxTokens() implements TurnEndReason {
        @Override public String kind() { return "max-tokens"; }
    }

    /** Closed by crash repair. */
    record Interrupted() implements TurnEndReason {
        @Override public String kind() { return "interrupted"; }
    }

    /** A kind this build does not know, kept as its JSON. */
    record Other(String kind, JsonNode json) implements TurnEndReason {
        public Other {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(json, "json");
        }
    }

    /**
     * Who aborted a turn.
     *
     * @param kind   user, parent, hook, disposed or legacy
     * @param reason the hook's reason text when {@code kind} is hook, else {@code null}
     * @param json   the complete cause object
     */
    record AbortCause(String kind, String reason, JsonNode json) {
        public AbortCause {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(json, "json");
        }
    }
}
