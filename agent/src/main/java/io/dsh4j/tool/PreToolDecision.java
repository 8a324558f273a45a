package io.dsh4j.tool;

import java.util.Objects;

/** The answer of the {@code tools/pre-execute} waterfall (spec §3.4): allow, deny, or ask for approval. */
public sealed interface PreToolDecision {

    PreToolDecision ALLOW = new Allow();

    record Allow() implements PreToolDecision {}

    /** Deny with a reason: the result is {@code Error: <reason>}. */
    record Deny(String reason) implements PreToolDecision {
        public Deny { Objects.requireNonNull(reason, "reason"); }
    }

    /**
     * Allow only if the {@link ApprovalPolicy} answers {@link ApprovalOutcome#ALLOWED_ONCE}.
     *
     * @param reason shown to the approver and used in the denial; {@code null} for the default
     */
    record Ask(String reason) implements PreToolDecision {}
}
