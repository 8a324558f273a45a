package io.dsh4j.tool;

import static io.dsh4j.tool.ToolTesting.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.kernel.AbortController;
import io.dsh4j.kernel.Kernel;
import io.dsh4j.kernel.Signal;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.Message;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.session.event.EventPayload;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §3.5 and Appendix B scenario 12: scheduling the tool calls of one model step. */
class StepSchedulerTest {

    private final Kernel kernel = kernelWithTools();
    private final ToolRuntime tools = tools(kernel.root());
    private final TestAgent agent = new TestAgent("agent");
    private final RecordingJournal journal = new RecordingJournal();
    private final List<String> trace = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void close() {
        kernel.close();
    }

    private static ContentBlock.ToolCall call(String id, String name, String args) {
        return new ContentBlock.ToolCall(id, name, args);
    }

    private ToolStepOutcome run(Signal signal, int maxParallel, ContentBlock.ToolCall... calls) {
        return tools.runStep(new ToolStepRequest(agent, 1, 1, List.of(calls), signal, maxParallel, journal));
    }

    @Test
    void parallel_safe_calls_overlap_up_to_maxParallel() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CyclicBarrier pairs = new CyclicBarrier(2);
        tools.register(textTool("p", (args, exec) -> {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            pairs.await(30, TimeUnit.SECONDS); // only passes if two bodies run at once
            running.decrementAndGet();
            return JsJson.nodes().textNode(exec.callId());
        }).parallelSafe().build());
        ToolStepOutcome outcome = run(Signal.never(), 2,
                call("1", "p", "{}"), call("2", "p", "{}"), call("3", "p", "{}"), call("4", "p", "{}"));
        assertThat(outcome.results()).extracting(ToolTesting::text).containsExactly("1", "2", "3", "4");
        assertThat(peak.get()).isEqualTo(2);
        assertThat(outcome.aborted()).isFalse();
    }

    @Test
    void an_exclusive_call_is_a_barrier_and_results_are_committed_in_model_order() {
        CountDownLatch secondDone = new CountDownLatch(1);
        tools.register(textTool("p", (args, exec) -> {
            trace.add("start " + exec.callId());
            if (exec.callId().equals("1")) {
                assertThat(secondDone.await(30, TimeUnit.SECONDS)).isTrue(); // 2 finishes first
            }
            trace.add("end " + exec.callId());
            if (exec.callId().equals("2")) {
                secondDone.countDown();
            }
            return JsJson.nodes().textNode(exec.callId());
        }).parallelSafe().build());
        tools.register(textTool("x", (args, exec) -> {
            trace.add("start " + exec.callId());
            trace.add("end " + exec.callId());
            return JsJson.nodes().textNode(exec.callId());
        }).build());
        run(Signal.never(), 10, call("1", "p", "{}"), call("2", "p", "{}"), call("3", "x", "{}"), call("4", "p", "{}"));
        assertThat(trace.indexOf("start 3")).isGreaterThan(Math.max(trace.indexOf("end 1"), trace.indexOf("end 2")));
        assertThat(trace.indexOf("start 4")).isGreaterThan(trace.indexOf("end 3"));
        assertThat(trace.indexOf("end 2")).isLessThan(trace.indexOf("end 1"));
        assertThat(journal.log).containsExactly(
                "tool/call 1 p {}", "tool/call 2 p {}",
                "tool/result 1 @0 ok 1", "tool/result 2 @1 ok 2",
                "tool/call 3 x {}", "tool/result 3 @4 ok 3",
                "tool/call 4 p {}", "tool/result 4 @6 ok 4");
    }

    @Test
    void pre_execute_runs_in_start_order_and_post_execute_in_model_order() {
        CountDownLatch firstMayEnd = new CountDownLatch(1);
        tools.register(textTool("p", (args, exec) -> {
            if (exec.callId().equals("1")) {
                assertThat(firstMayEnd.await(30, TimeUnit.SECONDS)).isTrue();
            } else {
                firstMayEnd.countDown();
            }
            return JsJson.nodes().textNode(exec.callId());
        }).parallelSafe().build());
        kernel.root().events().on(ToolEvents.PRE_EXECUTE, (exec, next) -> { trace.add("pre " + exec.callId()); return next.proceed(); });
        kernel.root().events().on(ToolEvents.POST_EXECUTE, (p, next) -> { trace.add("post " + p.exec().callId()); return next.proceed(); });
        run(Signal.never(), 10, call("1", "p", "{}"), call("2", "p", "{}"));
        assertThat(trace).containsExactly("pre 1", "pre 2", "post 1", "post 2");
    }

    @Test
    void each_results_contexts_follow_it_in_model_order() {
        tools.register(textTool("ctx", (args, exec) -> {
            exec.deferContext(ToolPipelineTest.note("context of " + exec.callId()));
            return JsJson.nodes().textNode(exec.callId());
        }).parallelSafe().build());
        run(Signal.never(), 10, call("1", "ctx", "{}"), call("2", "ctx", "{}"));
        assertThat(journal.log).containsExactly("tool/call 1 ctx {}", "tool/call 2 ctx {}",
                "tool/result 1 @0 ok 1", "next-step context of 1", "tool/result 2 @1 ok 2", "next-step context of 2");
    }

    @Test
    void abort_drains_started_calls_and_balances_unstarted_ones_with_ABORTED_BEFORE_DISPATCH() {
        AbortController turn = new AbortController();
        tools.register(textTool("cancel", (args, exec) -> {
            turn.abort("user");
            return JsJson.nodes().textNode("late");
        }).build());
        tools.register(echo("never"));
        ToolStepOutcome outcome = run(turn.signal(), 10,
                call("1", "cancel", "{}"), call("2", "never", "{}"), call("3", "never", "{}"));
        assertThat(outcome.aborted()).isTrue();
        assertThat(journal.log).containsExactly(
                "tool/call 1 cancel {}", "tool/result 1 @0 error ABORTED Error: tool call aborted",
                "tool/call 2 never {}", "tool/result 2 @2 error ABORTED_BEFORE_DISPATCH Error: tool call aborted before dispatch",
                "tool/call 3 never {}", "tool/result 3 @4 error ABORTED_BEFORE_DISPATCH Error: tool call aborted before dispatch");
        assertThat(journal.results.get(1).error().name()).isEqualTo("AbortError");
    }

    @Test
    void bad_calls_from_the_model_become_logged_error_results() {
        tools.register(textTool("typed", (args, exec) -> JsJson.nodes().textNode("ran"))
                .parameters(json("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"number\"}},\"required\":[\"n\"]}")).build());
        run(Signal.never(), 10, call("1", "missing", "{}"), call("2", "typed", "{\"n\":"), call("3", "typed", ""));
        assertThat(journal.log).containsExactly(
                "tool/call 1 missing {}", "tool/result 1 @0 error UNKNOWN_TOOL Error: unknown tool \"missing\"",
                "tool/call 2 typed {\"n\":", "tool/result 2 @2 error INVALID_ARGS Error: invalid arguments: \"arguments\" must be an object",
                "tool/call 3 typed ", "tool/result 3 @4 error INVALID_ARGS Error: invalid arguments: missing required property \"n\"");
    }

    @Test
    void a_concluding_result_concludes_the_step() {
        tools.register(textTool("done", (args, exec) -> { exec.concludeTurn(); return JsJson.nodes().textNode("x"); }).build());
        tools.register(echo("echo"));
        assertThat(run(Signal.never(), 10, call("1", "echo", "{}")).concluded()).isFalse();
        assertThat(run(Signal.never(), 10, call("2", "echo", "{}"), call("3", "done", "{}")).concluded()).isTrue();
    }

    @Test
    void a_failing_journal_stops_the_step_after_started_calls_finished() {
        CountDownLatch bothStarted = new CountDownLatch(2);
        AtomicInteger finished = new AtomicInteger();
        tools.register(textTool("p", (args, exec) -> {
            bothStarted.countDown();
            assertThat(bothStarted.await(30, TimeUnit.SECONDS)).isTrue();
            finished.incrementAndGet();
            return JsJson.nodes().textNode("x");
        }).parallelSafe().build());
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger callsAtFailure = new AtomicInteger(-1);
        ToolStepJournal broken = new ToolStepJournal() {
            long seq;
            @Override public long appendCall(EventPayload.ToolCall call) { calls.incrementAndGet(); return seq++; }
            @Override public void appendResult(EventPayload.ToolResult result, long callSeq) {
                callsAtFailure.compareAndSet(-1, calls.get());
                throw new IllegalStateException("disk full");
            }
            @Override public void deferToNextStep(Message.UserMessage context) {}
        };
        assertThatThrownBy(() -> tools.runStep(new ToolStepRequest(agent, 1, 1,
                List.of(call("1", "p", "{}"), call("2", "p", "{}"), call("3", "p", "{}"), call("4", "p", "{}")),
                Signal.never(), 2, broken)))
                .hasMessage("disk full");
        // calls 3 and 4 may or may not have been dispatched before the first commit failed (the pool
        // rolls on as calls finish), but none is dispatched after it
        assertThat(callsAtFailure.get()).isBetween(2, 4);
        assertThat(calls.get()).isEqualTo(callsAtFailure.get());
        assertThat(finished.get()).isEqualTo(calls.get());     // every started call was awaited
    }

    @Test
    void a_step_without_calls_commits_nothing() {
        ToolStepOutcome outcome = run(Signal.never(), 10);
        assertThat(outcome.results()).isEmpty();
        assertThat(journal.log).isEmpty();
    }
}
