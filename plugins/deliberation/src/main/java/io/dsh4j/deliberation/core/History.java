package io.dsh4j.deliberation.core;

/** What parent history a branch's child inherits (spec §3.1). */
public enum History {
    /** No parent history: the child sees only the branch prompt. */
    FRESH("fresh"),
    /** The parent's completed-turn prefix. */
    FORK("fork"),
    /** A balanced older prefix natively, plus a masked snapshot of recent complete Steps. */
    MID_FORK("mid-fork");

    private final String label;

    History(String label) {
        this.label = label;
    }

    /** The literal of the canonical output ({@code fresh}, {@code fork}, {@code mid-fork}). */
    public String label() {
        return label;
    }

    /** Whether a provider serving this history must inherit parent context (spec §3.1 {@code validateProvider}). */
    public boolean inheritsParentContext() {
        return this != FRESH;
    }
}
