package io.dsh4j.tool;

/** An approver's answer to an {@code ask} (spec §3.4 step 4): only {@link #ALLOWED_ONCE} allows. */
public enum ApprovalOutcome {
    ALLOWED_ONCE,
    REJECTED,
    CANCELLED,
    /** Nobody can answer (headless run without {@code --yes}). */
    UNAVAILABLE
}
