package io.dsh4j.deliberation.core.run;

import io.dsh4j.deliberation.core.BranchAcceptance;
import io.dsh4j.deliberation.core.BranchOutcome;
import io.dsh4j.deliberation.core.ChildResult;
import io.dsh4j.deliberation.core.Cleanup;
import io.dsh4j.deliberation.core.StartFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

/**
 * Runs a round of branches (spec §4.1, §4.4): every branch on its own thread, started without
 * waiting for the others; each under its own deadline; a failure, timeout or cleanup failure of one
 * never touches another; every published child is disposed in {@code finally}; the round returns
 * when all have settled (an all-settled barrier), with the outcomes in input order. Expected failures
 * become outcomes; nothing a branch does escapes as an exception.
 *
 * <p>Thread-safe: one runner may serve concurrent rounds. The warning sink is called from branch
 * threads and must be thread-safe.
 */
public final class BranchRunner {

    private final ChildLauncher launcher;
    private final BranchAcceptance acceptance;
    private final Deadlines deadlines;
    private final ThreadFactory threads;
    private final long timeoutMs;
    private final String timeoutCode;
    private final Consumer<String> warn;

    /**
     * @param timeoutMs   each branch's deadline
     * @param timeoutCode the code of its timeout reason ({@code DELIBERATION_BRANCH_TIMEOUT})
     * @param threads     makes the branch threads (virtual threads in production)
     */
    public BranchRunner(ChildLauncher launcher, BranchAcceptance acceptance, Deadlines deadlines, ThreadFactory threads, long timeoutMs,
                        String timeoutCode, Consumer<String> warn) {
        this.launcher = Objects.requireNonNull(launcher, "launcher");
        this.acceptance = Objects.requireNonNull(acceptance, "acceptance");
        this.deadlines = Objects.requireNonNull(deadlines, "deadlines");
        this.threads = Objects.requireNonNull(threads, "threads");
        if (timeoutMs < 1) throw new IllegalArgumentException("timeoutMs must be positive");
        this.timeoutMs = timeoutMs;
        this.timeoutCode = Objects.requireNonNull(timeoutCode, "timeoutCode");
        this.warn = Objects.requireNonNull(warn, "warn");
    }

    /** A virtual-thread factory for branches and timers. */
    public static ThreadFactory virtualThreads() {
        return Thread.ofVirtual().name("deliberation-branch-", 0).factory();
    }

    /**
     * Runs every branch and waits for all of them.
     *
     * @param caller the caller's signal; cancelling it cancels every branch's signal
     * @return the outcomes in input order
     * @throws DeliberationAbortedException when {@code caller} was cancelled by the time all branches settled
     *                                      (after every published child was disposed)
     */
    public List<BranchOutcome> runAll(List<PlannedBranch> branches, CancelSignal caller) {
        Objects.requireNonNull(caller, "caller");
        int n = branches.size();
        BranchOutcome[] outcomes = new BranchOutcome[n];
        List<Thread> started = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int index = i;
            PlannedBranch branch = branches.get(i);
            Thread t = threads.newThread(() -> outcomes[index] = runOne(branch, caller));
            t.start();
            started.add(t);
        }
        for (Thread t : started) Joins.joinUninterruptibly(t, () -> caller.cancel(new CancelSignal.Reason.Cancelled("interrupted")));
        if (caller.isCancelled()) throw new DeliberationAbortedException();
        return List.of(outcomes);
    }

    /** One branch, start to outcome. Never throws. */
    BranchOutcome runOne(PlannedBranch branch, CancelSignal caller) {
        BranchAcceptance.Base base = branch.base();
        if (base.nothingToProject() || branch.provider() == null) return acceptance.noCompletedStep(base);
        try (Deadlines.Deadline deadline = deadlines.arm(caller, timeoutMs, timeoutCode)) {
            CancelSignal signal = deadline.signal();
            ChildRun run;
            try {
                run = launcher.start(branch, signal);
                if (run == null) throw new IllegalStateException("launcher returned no run");
            } catch (StartRefusedException e) {
                return acceptance.startFailed(base, e.failure(), warn);
            } catch (Exception | LinkageError | AssertionError e) {
                StartFailure f = signal.timedOutWith(timeoutCode) ? new StartFailure.Timeout() : new StartFailure.Other();
                return acceptance.startFailed(base, f, warn);
            }
            return afterPublication(base, run, signal);
        } catch (RuntimeException e) {
            // disarming a deadline failed: the branch itself has settled already
            warn.accept("tool-deliberation: branch deadline of " + io.dsh4j.message.json.JsJson.quote(base.label()) + " could not be disarmed");
            return acceptance.startFailed(base, new StartFailure.Other(), s -> {});
        }
    }

    private BranchOutcome afterPublication(BranchAcceptance.Base base, ChildRun run, CancelSignal signal) {
        ChildResult result = null;
        boolean completedNormally = false;
        Cleanup cleanup = Cleanup.COMPLETED;
        try {
            result = run.awaitResult();
            if (result == null) warn.accept(BranchAcceptance.resultRejectedWarning(base.label()));
        } catch (Exception | LinkageError | AssertionError e) {
            warn.accept(BranchAcceptance.resultRejectedWarning(base.label()));
        } finally {
            try {
                completedNormally = run.completedNormally();
            } catch (RuntimeException e) {
                completedNormally = false;
            }
            try {
                run.dispose();
            } catch (Exception | LinkageError | AssertionError e) {
                cleanup = Cleanup.FAILED;
                warn.accept(BranchAcceptance.cleanupFailedWarning(base.label()));
            }
        }
        return acceptance.published(base, run.id(), result, completedNormally, signal.timedOutWith(timeoutCode), cleanup);
    }
}
