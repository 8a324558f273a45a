package io.dsh4j.agent;

/** {@code idle} ⇄ {@code running} (spec §5.3). */
public enum AgentStatus {
    IDLE, RUNNING;

    /** DSH's name. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
