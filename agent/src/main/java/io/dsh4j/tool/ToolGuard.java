package io.dsh4j.tool;

/**
 * A monotonic veto run after the whole {@code tools/pre-execute} waterfall (spec §3.3): a non-null
 * reason denies the call; no guard can re-allow one. Synchronous, quick, must not block.
 */
@FunctionalInterface
public interface ToolGuard {
    /** The denial reason, or {@code null} to leave the call as it is. */
    String check(ToolExecution exec);
}
