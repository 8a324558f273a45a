package io.dsh4j.bench.deliberation;

import io.dsh4j.deliberation.core.BranchAcceptance;
import io.dsh4j.deliberation.core.BranchOutcome;
import io.dsh4j.deliberation.core.ChildResult;
import io.dsh4j.deliberation.core.DeliberationConfig;
import io.dsh4j.deliberation.core.HistoryWindow;
import io.dsh4j.deliberation.core.Role;
import io.dsh4j.deliberation.core.run.BranchRunner;
import io.dsh4j.deliberation.core.run.CancelSignal;
import io.dsh4j.deliberation.core.run.ChildRun;
import io.dsh4j.deliberation.core.run.Deadlines;
import io.dsh4j.deliberation.core.run.PlannedBranch;
import io.dsh4j.message.json.JsJson;
import java.util.Arrays;
import java.util.List;

/**
 * Wall time of a deliberation round with three branches (fresh, fork, masked review) whose children
 * take 100, 200 and 300 ms (a sleeping fake child; no model): the all-settled barrier should cost the
 * slowest branch, not the sum. Also reports the runner's own overhead per round with instant children.
 * Usage: {@code BranchWallTimeDriver [rounds]} (default 20).
 */
public final class BranchWallTimeDriver {

    private BranchWallTimeDriver() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long[] slow = run(rounds, new long[] {100, 200, 300});
        long[] instant = run(rounds * 50, new long[] {0, 0, 0});
        Arrays.sort(slow);
        Arrays.sort(instant);
        System.out.printf("branches 100/200/300 ms: median round %.1f ms (sum of branches 600 ms, slowest 300 ms), max %.1f ms over %d rounds%n",
                slow[slow.length / 2] / 1e6, slow[slow.length - 1] / 1e6, rounds);
        System.out.printf("instant branches: median round %.1f us over %d rounds (virtual threads, real deadlines)%n",
                instant[instant.length / 2] / 1e3, instant.length);
    }

    static long[] run(int rounds, long[] delays) {
        BranchRunner runner = new BranchRunner((b, s) -> child(delays[index(b)], b.base().role()), BranchAcceptance.english(),
                Deadlines.virtualThreads(BranchRunner.virtualThreads()), BranchRunner.virtualThreads(), 600_000,
                DeliberationConfig.BRANCH_TIMEOUT_CODE, w -> {});
        List<PlannedBranch> branches = List.of(plan("fresh", Role.INDEPENDENT_ALTERNATIVE), plan("fork", Role.TRAJECTORY_AUDIT),
                plan("masked", Role.MASKED_REVIEW));
        long[] out = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            List<BranchOutcome> o = runner.runAll(branches, CancelSignal.root());
            out[i] = System.nanoTime() - t0;
            if (!o.stream().allMatch(x -> x.stopReason().equals("completed"))) throw new IllegalStateException("a branch failed: " + o);
        }
        return out;
    }

    static int index(PlannedBranch b) {
        return switch (b.base().role()) {
            case INDEPENDENT_ALTERNATIVE -> 0;
            case TRAJECTORY_AUDIT -> 1;
            case MASKED_REVIEW -> 2;
        };
    }

    static PlannedBranch plan(String label, Role role) {
        HistoryWindow w = role == Role.MASKED_REVIEW ? HistoryWindow.of(1, 1, 8) : null;
        return new PlannedBranch(new BranchAcceptance.Base(label, role, "same", "reason-only", w), label);
    }

    static ChildRun child(long delayMs, Role role) {
        return new ChildRun() {
            @Override public String id() { return "child"; }
            @Override public ChildResult awaitResult() throws InterruptedException {
                if (delayMs > 0) Thread.sleep(delayMs);
                return new ChildResult("completed", JsJson.parse("{\"role\":\"" + role.label() + "\",\"status\":\"no_update\"}"), null, null);
            }
            @Override public boolean completedNormally() { return true; }
            @Override public void dispose() {}
        };
    }
}
