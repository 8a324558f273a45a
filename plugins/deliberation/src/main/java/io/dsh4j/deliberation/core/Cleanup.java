package io.dsh4j.deliberation.core;

/** Whether a branch's child run was disposed (spec §1.3 {@code cleanup}). */
public enum Cleanup {
    /** Disposed without error. */
    COMPLETED("completed"),
    /** {@code dispose} failed; the stop reason and packet are unchanged. */
    FAILED("failed"),
    /** No child was published, so there was nothing to dispose. */
    NOT_STARTED("not-started");

    private final String label;

    Cleanup(String label) {
        this.label = label;
    }

    /** The literal of the canonical output. */
    public String label() {
        return label;
    }
}
