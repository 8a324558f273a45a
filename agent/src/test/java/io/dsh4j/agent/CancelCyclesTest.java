package io.dsh4j.agent;

import static io.dsh4j.agent.LoopHarness.awaitIdle;
import static io.dsh4j.agent.LoopHarness.user;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.message.ContentBlock;
import io.dsh4j.session.event.EventPayload;
import io.dsh4j.session.event.EventTypes;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.TurnEndReason;
import io.dsh4j.tool.builtin.BuiltinConfig;
import io.dsh4j.tool.builtin.BuiltinTools;
import io.dsh4j.tool.builtin.YesApproval;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11, cancel: many start/cancel cycles leave nothing running; a cancelled bash tree is gone. */
class CancelCyclesTest {

    final LoopHarness h = new LoopHarness();

    @TempDir
    Path cwd;

    @AfterEach
    void close() {
        h.close();
    }

    static TurnEndReason lastTurnEnd(Agent a) {
        List<SessionEvent> ends = a.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_END)).toList();
        return ends.getLast().payload(EventPayload.TurnEnd.class).reason();
    }

    @Test
    void a_thousand_start_cancel_cycles_each_end_aborted_and_leave_the_agent_idle() throws Exception {
        CountDownLatch[] streamed = new CountDownLatch[1];
        h.model.always((call, cancel, sink) -> ScriptedAdapter.hangAfter("x", streamed[0]).play(call, cancel, sink));
        Agent a = h.agent();
        for (int i = 0; i < 1000; i++) {
            streamed[0] = new CountDownLatch(1);
            a.followup(user("cycle " + i));
            assertThat(streamed[0].await(30, TimeUnit.SECONDS)).isTrue();
            a.cancel(AgentCancelCause.USER, false);
            awaitIdle(a);
            assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Aborted.class);
        }
        assertThat(a.status()).isEqualTo(AgentStatus.IDLE);
        assertThat(a.nextTurn()).isEmpty();
        assertThat(a.session().events().stream().filter(e -> e.type().equals(EventTypes.TURN_START))).hasSize(1000);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count()).isZero();
    }

    @Test
    void cancelling_a_running_bash_call_kills_its_process_tree() throws Exception {
        h.root.plugin(BuiltinTools.PLUGIN, Map.of("cwd", cwd.toString())).await();
        h.root.plugin(YesApproval.PLUGIN, Map.of("yes", true)).await();
        Path started = cwd.resolve("started");
        String command = "touch started; sleep 300 & sleep 300; echo never";
        h.model.then(ScriptedAdapter.toolCalls(new ContentBlock.ToolCall("b1", "bash",
                "{\"command\":" + io.dsh4j.message.json.JsJson.quote(command) + ",\"description\":\"hang\"}")));
        Agent a = h.agents().create(AgentRegistry.CreateRequest.in(cwd.toString(), AgentOptions.of(LoopHarness.ROUTE, "m"))).agent();
        a.followup(user("run it"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(started) && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // awaiting a condition
        }
        assertThat(started).exists();
        a.cancel(AgentCancelCause.USER, false);
        awaitIdle(a);
        assertThat(lastTurnEnd(a)).isInstanceOf(TurnEndReason.Aborted.class);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("sleep 300")).count()).isZero();
    }
}
