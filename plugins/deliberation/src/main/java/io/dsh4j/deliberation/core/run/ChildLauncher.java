package io.dsh4j.deliberation.core.run;

/**
 * Starts one branch's child — the host binding of {@code subagents.start} (spec §4.1 step 11). It runs
 * the image gate and the provider's start, honours {@code signal} while starting, and returns only once
 * the child is published; a failure before publication means nothing needs disposing.
 */
@FunctionalInterface
public interface ChildLauncher {

    /**
     * @throws StartRefusedException when the start was refused for a reason the outcome reports (image
     *                               gate, projection); any other exception reports as a startup error
     */
    ChildRun start(PlannedBranch branch, CancelSignal signal) throws Exception;
}
