package io.dsh4j.deliberation.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.deliberation.core.BranchAcceptance;
import io.dsh4j.deliberation.core.BranchOutcome;
import io.dsh4j.deliberation.core.ChildResult;
import io.dsh4j.deliberation.core.Cleanup;
import io.dsh4j.deliberation.core.DeliberationConfig;
import io.dsh4j.deliberation.core.HistoryWindow;
import io.dsh4j.deliberation.core.ProjectionErrorCode;
import io.dsh4j.deliberation.core.Role;
import io.dsh4j.deliberation.core.StartFailure;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Spec §4 (branch execution), §13 items 10, 11, 14–19; §9.2 tests 22–24, 29, 30; issue 13 "1,000 runs". */
class BranchRunnerTest {

    static final String CODE = DeliberationConfig.BRANCH_TIMEOUT_CODE;
    static final long GENEROUS = 30;

    final List<String> warnings = Collections.synchronizedList(new ArrayList<>());
    final Map<String, AtomicInteger> disposed = new ConcurrentHashMap<>();

    static JsonNode packet(Role role, String content) {
        return JsJson.parse("{\"role\":\"" + role.label() + "\",\"status\":\"update\",\"items\":[{\"kind\":\"observation\","
                + "\"certainty\":\"likely\",\"content\":\"" + content + "\"}]}");
    }

    static PlannedBranch branch(String label, Role role) {
        HistoryWindow w = role == Role.MASKED_REVIEW ? HistoryWindow.of(2, 2, 8) : null;
        return new PlannedBranch(new BranchAcceptance.Base(label, role, "same", "reason-only", w), "provider-" + label);
    }

    /** A run that returns {@code result} (waiting for {@code gate} first, if any). */
    ChildRun run(String id, ChildResult result, CountDownLatch gate) {
        return new ChildRun() {
            @Override public String id() { return id; }
            @Override public ChildResult awaitResult() throws Exception {
                if (gate != null && !gate.await(GENEROUS, TimeUnit.SECONDS)) throw new IllegalStateException("gate never opened");
                return result;
            }
            @Override public boolean completedNormally() { return true; }
            @Override public void dispose() { disposed.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet(); }
        };
    }

    ChildResult completed(Role role, String content) {
        return new ChildResult("completed", packet(role, content), null, null);
    }

    BranchRunner runner(ChildLauncher launcher, Deadlines deadlines, ThreadFactory threads) {
        return new BranchRunner(launcher, BranchAcceptance.english(), deadlines, threads, 10_000, CODE, warnings::add);
    }

    BranchRunner runner(ChildLauncher launcher, Deadlines deadlines) {
        return runner(launcher, deadlines, BranchRunner.virtualThreads());
    }

    @Test
    void sibling_branches_start_concurrently_before_either_result_is_awaited() {
        CountDownLatch bothStarted = new CountDownLatch(2);
        ChildLauncher launcher = (b, s) -> {
            bothStarted.countDown();
            return run(b.base().label() + "-run", completed(b.base().role(), b.base().label()), bothStarted);
        };
        List<BranchOutcome> out = runner(launcher, new ManualDeadlines()).runAll(
                List.of(branch("a", Role.INDEPENDENT_ALTERNATIVE), branch("b", Role.TRAJECTORY_AUDIT)), CancelSignal.root());
        assertThat(out).extracting(BranchOutcome::stopReason).containsExactly("completed", "completed");
    }

    @Test
    void outcomes_come_back_in_input_order_whatever_order_branches_finish_in() {
        CountDownLatch secondDone = new CountDownLatch(1);
        ChildLauncher launcher = (b, s) -> {
            if (b.base().label().equals("first")) return run("r1", completed(b.base().role(), "one"), secondDone);
            return new ChildRun() {
                @Override public String id() { return "r2"; }
                @Override public ChildResult awaitResult() { return completed(b.base().role(), "two"); }
                @Override public boolean completedNormally() { return true; }
                @Override public void dispose() { secondDone.countDown(); }
            };
        };
        List<BranchOutcome> out = runner(launcher, new ManualDeadlines()).runAll(
                List.of(branch("first", Role.INDEPENDENT_ALTERNATIVE), branch("second", Role.MASKED_REVIEW)), CancelSignal.root());
        assertThat(out).extracting(BranchOutcome::label).containsExactly("first", "second");
        assertThat(out).extracting(BranchOutcome::runId).containsExactly("r1", "r2");
    }

    @Test
    void a_branch_that_fails_before_publication_leaves_its_sibling_alone_and_leaks_no_exception_text() {
        ChildLauncher launcher = (b, s) -> {
            if (b.base().label().equals("broken")) throw new IllegalStateException("secret provider payload 1234");
            return run("survivor-run", completed(b.base().role(), "fine"), null);
        };
        List<BranchOutcome> out = runner(launcher, new ManualDeadlines()).runAll(
                List.of(branch("broken", Role.TRAJECTORY_AUDIT), branch("survivor", Role.INDEPENDENT_ALTERNATIVE)), CancelSignal.root());
        assertThat(out.get(0).stopReason()).isEqualTo("startup-error");
        assertThat(out.get(0).cleanup()).isEqualTo(Cleanup.NOT_STARTED);
        assertThat(out.get(0).diagnostic()).isNull();
        assertThat(out.get(1).stopReason()).isEqualTo("completed");
        assertThat(out.get(1).cleanup()).isEqualTo(Cleanup.COMPLETED);
        assertThat(String.join("\n", warnings)).doesNotContain("secret").contains("branch \"broken\" failed before publication");
        assertThat(JsJson.stringify(out.get(0).toJson())).doesNotContain("secret");
    }

    @Test
    void refusals_before_publication_become_their_stop_reasons() {
        ChildLauncher launcher = (b, s) -> {
            throw new StartRefusedException(b.base().label().equals("img")
                    ? new StartFailure.UnsupportedContent("IMAGE_INPUT_UNSUPPORTED", "The child was not started: no image input on this route.")
                    : new StartFailure.Projection(ProjectionErrorCode.PROJECTION_IMAGE_LIMIT));
        };
        List<BranchOutcome> out = runner(launcher, new ManualDeadlines()).runAll(
                List.of(branch("img", Role.TRAJECTORY_AUDIT), branch("limit", Role.MASKED_REVIEW)), CancelSignal.root());
        assertThat(out.get(0).stopReason()).isEqualTo("unsupported-content");
        assertThat(out.get(0).diagnostic()).contains("no image input");
        assertThat(out.get(1).stopReason()).isEqualTo("projection-image-limit");
        assertThat(out.get(1).diagnostic()).contains("configured image limit");
        assertThat(warnings).isEmpty();
    }

    @Test
    void branches_time_out_independently_and_only_published_runs_are_disposed() throws InterruptedException {
        ManualDeadlines deadlines = new ManualDeadlines();
        CountDownLatch blocked = new CountDownLatch(2);
        CountDownLatch survivorDone = new CountDownLatch(1);
        ChildLauncher launcher = (b, s) -> switch (b.base().label()) {
            case "hung-before" -> {
                blocked.countDown();
                awaitCancel(s);
                throw new IllegalStateException("aborted while starting: private payload");
            }
            case "hung-after" -> new ChildRun() {
                @Override public String id() { return "hung-run"; }
                @Override public ChildResult awaitResult() throws InterruptedException {
                    blocked.countDown();
                    awaitCancel(s);
                    return new ChildResult("aborted", packet(Role.TRAJECTORY_AUDIT, "late"), null, "private diagnostic");
                }
                @Override public boolean completedNormally() { return true; }
                @Override public void dispose() { disposed.computeIfAbsent("hung-run", k -> new AtomicInteger()).incrementAndGet(); }
            };
            default -> new ChildRun() {
                @Override public String id() { return "survivor-run"; }
                @Override public ChildResult awaitResult() { return completed(Role.INDEPENDENT_ALTERNATIVE, "fine"); }
                @Override public boolean completedNormally() { return true; }
                @Override public void dispose() {
                    disposed.computeIfAbsent("survivor-run", k -> new AtomicInteger()).incrementAndGet();
                    survivorDone.countDown();
                }
            };
        };
        BranchRunner r = runner(launcher, deadlines);
        Thread fire = Thread.ofVirtual().start(() -> {
            try {
                // the survivor has settled and its deadline is disarmed; the two hung branches wait: fire what is armed
                if (blocked.await(GENEROUS, TimeUnit.SECONDS) && survivorDone.await(GENEROUS, TimeUnit.SECONDS)) {
                    while (deadlines.armed() < 3) Thread.onSpinWait();
                    awaitSurvivorDisarmed(deadlines);
                    deadlines.fireAll();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<BranchOutcome> out = r.runAll(List.of(branch("hung-before", Role.TRAJECTORY_AUDIT), branch("hung-after", Role.TRAJECTORY_AUDIT),
                branch("survivor", Role.INDEPENDENT_ALTERNATIVE)), CancelSignal.root());
        fire.join();
        assertThat(out.get(0)).extracting(BranchOutcome::stopReason, BranchOutcome::cleanup).containsExactly("timeout", Cleanup.NOT_STARTED);
        assertThat(out.get(1)).extracting(BranchOutcome::stopReason, BranchOutcome::cleanup).containsExactly("timeout", Cleanup.COMPLETED);
        assertThat(out.get(1).packet()).isNull();
        assertThat(out.get(1).diagnostic()).isNull();
        assertThat(out.get(2).stopReason()).isEqualTo("completed");
        assertThat(disposed.get("hung-run").get()).isEqualTo(1);
        assertThat(disposed.get("survivor-run").get()).isEqualTo(1);
        assertThat(disposed).doesNotContainKey("hung-before");
        assertThat(String.join("\n", warnings)).contains("branch \"hung-before\" timed out before publication").doesNotContain("private");
        assertThat(deadlines.allClosed()).isTrue();
    }

    @Test
    void result_rejection_missing_structure_diagnostics_and_cleanup_failure_are_reported_independently() {
        ChildLauncher launcher = (b, s) -> switch (b.base().label()) {
            case "rejects" -> new ChildRun() {
                @Override public String id() { return "r-rejects"; }
                @Override public ChildResult awaitResult() { throw new IllegalStateException("private rejection"); }
                @Override public boolean completedNormally() { return false; }
                @Override public void dispose() { disposed.computeIfAbsent("r-rejects", k -> new AtomicInteger()).incrementAndGet(); }
            };
            case "missing" -> run("r-missing", new ChildResult("completed", null, null, null), null);
            case "errors" -> run("r-errors", new ChildResult("error", null, null, "safe bounded diagnostic"), null);
            default -> new ChildRun() {
                @Override public String id() { return "r-dispose"; }
                @Override public ChildResult awaitResult() { return completed(Role.INDEPENDENT_ALTERNATIVE, "kept"); }
                @Override public boolean completedNormally() { return true; }
                @Override public void dispose() { throw new IllegalStateException("private cleanup failure"); }
            };
        };
        List<BranchOutcome> out = runner(launcher, new ManualDeadlines()).runAll(List.of(branch("rejects", Role.INDEPENDENT_ALTERNATIVE),
                branch("missing", Role.INDEPENDENT_ALTERNATIVE), branch("errors", Role.INDEPENDENT_ALTERNATIVE),
                branch("dispose", Role.INDEPENDENT_ALTERNATIVE)), CancelSignal.root());
        assertThat(out).extracting(BranchOutcome::stopReason)
                .containsExactly("infrastructure-error", "missing-structured-result", "error", "completed");
        assertThat(out).extracting(BranchOutcome::cleanup).containsExactly(Cleanup.COMPLETED, Cleanup.COMPLETED, Cleanup.COMPLETED, Cleanup.FAILED);
        assertThat(out.get(2).diagnostic()).isEqualTo("safe bounded diagnostic");
        assertThat(out.get(3).packet()).isNotNull();
        assertThat(disposed.get("r-rejects").get()).isEqualTo(1);
        assertThat(String.join("\n", warnings)).contains("result rejected", "cleanup failed").doesNotContain("private");
    }

    @Test
    void a_masked_review_without_a_completed_step_starts_nothing() {
        AtomicInteger starts = new AtomicInteger();
        ChildLauncher launcher = (b, s) -> {
            starts.incrementAndGet();
            throw new AssertionError("must not start");
        };
        PlannedBranch empty = new PlannedBranch(new BranchAcceptance.Base("m", Role.MASKED_REVIEW, "same", "reason-only",
                HistoryWindow.of(2, 0, 8)), null);
        ManualDeadlines deadlines = new ManualDeadlines();
        List<BranchOutcome> out = runner(launcher, deadlines).runAll(List.of(empty), CancelSignal.root());
        assertThat(out.get(0).stopReason()).isEqualTo("no-completed-step");
        assertThat(out.get(0).historyWindow()).isEqualTo(new HistoryWindow(2, 0));
        assertThat(starts).hasValue(0);
        assertThat(deadlines.armed()).isZero();
    }

    @Test
    void cancelling_the_caller_cancels_and_disposes_every_branch_and_the_call_fails_as_aborted() {
        int n = 3;
        CountDownLatch published = new CountDownLatch(n);
        List<CancelSignal> signals = Collections.synchronizedList(new ArrayList<>());
        ChildLauncher launcher = (b, s) -> {
            signals.add(s);
            return new ChildRun() {
                @Override public String id() { return b.base().label(); }
                @Override public ChildResult awaitResult() throws InterruptedException {
                    published.countDown();
                    awaitCancel(s);
                    return new ChildResult("aborted", null, null, null);
                }
                @Override public boolean completedNormally() { return false; }
                @Override public void dispose() { disposed.computeIfAbsent(b.base().label(), k -> new AtomicInteger()).incrementAndGet(); }
            };
        };
        CancelSignal caller = CancelSignal.root();
        Thread canceller = Thread.ofVirtual().start(() -> {
            try {
                if (published.await(GENEROUS, TimeUnit.SECONDS)) caller.cancel(new CancelSignal.Reason.Cancelled("turn cancelled"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThatThrownBy(() -> runner(launcher, new ManualDeadlines()).runAll(
                List.of(branch("x", Role.INDEPENDENT_ALTERNATIVE), branch("y", Role.TRAJECTORY_AUDIT), branch("z", Role.MASKED_REVIEW)), caller))
                .isInstanceOf(DeliberationAbortedException.class).hasMessage("deliberation aborted");
        assertThat(signals).hasSize(n).allMatch(CancelSignal::isCancelled).noneMatch(s -> s.timedOutWith(CODE));
        assertThat(disposed.keySet()).containsExactlyInAnyOrder("x", "y", "z");
        assertThat(disposed.values()).allMatch(c -> c.get() == 1);
        assertThat(String.join("\n", warnings)).doesNotContain("timed out");
    }

    @Test
    void a_thousand_rounds_leave_no_live_thread() throws InterruptedException {
        List<Thread> made = Collections.synchronizedList(new ArrayList<>());
        ThreadFactory base = Thread.ofVirtual().factory();
        ThreadFactory counting = r -> {
            Thread t = base.newThread(r);
            made.add(t);
            return t;
        };
        ChildLauncher launcher = (b, s) -> run(b.base().label(), completed(b.base().role(), "ok"), null);
        BranchRunner r = runner(launcher, Deadlines.virtualThreads(counting), counting);
        for (int i = 0; i < 1_000; i++) {
            List<BranchOutcome> out = r.runAll(List.of(branch("a", Role.INDEPENDENT_ALTERNATIVE), branch("b", Role.TRAJECTORY_AUDIT),
                    branch("c", Role.MASKED_REVIEW)), CancelSignal.root());
            assertThat(out).hasSize(3);
        }
        assertThat(made).hasSize(6_000);
        for (Thread t : made) t.join(TimeUnit.SECONDS.toMillis(GENEROUS));
        assertThat(made).noneMatch(Thread::isAlive);
    }

    /** Waits until exactly the two hung branches' timers remain armed (the survivor's was closed on exit). */
    static void awaitSurvivorDisarmed(ManualDeadlines deadlines) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GENEROUS);
        while (deadlines.openCount() != 2 && System.nanoTime() < deadline) Thread.onSpinWait();
    }

    static void awaitCancel(CancelSignal s) throws InterruptedException {
        CountDownLatch l = new CountDownLatch(1);
        s.onCancel(l::countDown);
        if (!l.await(GENEROUS, TimeUnit.SECONDS)) throw new IllegalStateException("never cancelled");
    }
}
