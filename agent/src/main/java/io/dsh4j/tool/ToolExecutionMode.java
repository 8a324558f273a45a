package io.dsh4j.tool;

/** How one pending call may be scheduled (spec §3.3): overlapping its siblings, or alone as a barrier. */
public enum ToolExecutionMode {
    PARALLEL,
    EXCLUSIVE
}
