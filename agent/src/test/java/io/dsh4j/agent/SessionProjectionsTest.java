package io.dsh4j.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.kernel.Fiber;
import io.dsh4j.kernel.Plugin;
import io.dsh4j.session.event.SessionEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: the session projection registry of kernel-and-agent §7.3 (register, {@code stateOf},
 * {@code snapshot}, {@code onChanged}) and the {@code agent/assistant-stream} frames of §5.9.
 */
class SessionProjectionsTest {

    /** Counts {@code assistant/message} events; every other event returns the same state. */
    record Count(long n) {}

    static class Counting implements SessionProjections.Definition<Count> {
        final String key;

        Counting(String key) {
            this.key = key;
        }

        @Override
        public String key() {
            return key;
        }

        @Override
        public int stateVersion() {
            return 1;
        }

        @Override
        public Count init() {
            return new Count(0);
        }

        @Override
        public Count apply(Count state, SessionEvent event) {
            return event.type().equals("assistant/message") ? new Count(state.n() + 1) : state;
        }

        @Override
        public Object view(Count state) {
            return state.n();
        }
    }

    private static LoopHarness harness() {
        LoopHarness h = new LoopHarness();
        h.root.plugin(SessionProjectionsPlugin.PLUGIN).await();
        h.kernel.awaitIdle();
        return h;
    }

    private static SessionProjections projections(LoopHarness h) {
        return h.root.get(SessionProjections.KEY).orElseThrow();
    }

    @Test
    void a_projection_registered_after_events_is_built_by_folding_the_log_then_follows_each_committed_event() {
        try (LoopHarness h = harness()) {
            h.model.then(ScriptedAdapter.text("one")).then(ScriptedAdapter.text("two"));
            Agent agent = h.agent();
            LoopHarness.runTurn(agent, "first");
            SessionProjections p = projections(h);
            Fiber owner = h.root.plugin(Plugin.named("counter").setup((ctx, c) -> p.register(ctx, new Counting("count"))));
            owner.await();
            h.kernel.awaitIdle();
            assertThat(p.<Count>stateOf(agent.session(), "count")).contains(new Count(1));
            LoopHarness.runTurn(agent, "second");
            assertThat(p.<Count>stateOf(agent.session(), "count")).contains(new Count(2));
            SessionProjections.Snapshot snap = p.snapshot(agent.session());
            assertThat(snap.values()).containsEntry("count", 2L);
            assertThat(snap.asOfSeq()).isEqualTo(agent.session().events().getLast().seq());
        }
    }

    @Test
    void on_changed_hears_each_changed_state_once_and_never_an_event_that_returned_the_same_state() {
        try (LoopHarness h = harness()) {
            h.model.then(ScriptedAdapter.text("one"));
            SessionProjections p = projections(h);
            List<String> heard = Collections.synchronizedList(new ArrayList<>());
            h.root.plugin(Plugin.named("counter").setup((ctx, c) -> {
                p.register(ctx, new Counting("count"));
                p.onChanged(ctx, (session, key, view, seq) -> heard.add(key + "=" + view + "@" + seq));
            })).await();
            h.kernel.awaitIdle();
            Agent agent = h.agent();
            LoopHarness.runTurn(agent, "hi");
            long messageSeq = agent.session().events().stream().filter(e -> e.type().equals("assistant/message"))
                    .findFirst().orElseThrow().seq();
            assertThat(heard).containsExactly("count=1@" + messageSeq);
        }
    }

    @Test
    void a_duplicate_key_throws_and_an_unloaded_owner_takes_its_projection_away() {
        try (LoopHarness h = harness()) {
            SessionProjections p = projections(h);
            Fiber owner = h.root.plugin(Plugin.named("counter").setup((ctx, c) -> p.register(ctx, new Counting("count"))));
            owner.await();
            h.kernel.awaitIdle();
            Fiber second = h.root.plugin(Plugin.named("again").setup((ctx, c) -> {
                assertThatThrownBy(() -> p.register(ctx, new Counting("count"))).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("\"count\" is already registered");
            }));
            second.await();
            assertThat(p.keys()).containsExactly("count");
            owner.dispose().join();
            h.kernel.awaitIdle();
            assertThat(p.keys()).isEmpty();
            Agent agent = h.agent();
            assertThat(p.stateOf(agent.session(), "count")).isEmpty();
        }
    }

    @Test
    void a_throwing_apply_is_logged_and_leaves_its_cell_and_the_other_projections_untouched() {
        try (LoopHarness h = harness()) {
            h.model.then(ScriptedAdapter.text("one"));
            SessionProjections p = projections(h);
            h.root.plugin(Plugin.named("two").setup((ctx, c) -> {
                p.register(ctx, new Counting("count"));
                p.register(ctx, new Counting("broken") {
                    @Override
                    public Count apply(Count state, SessionEvent event) {
                        if (event.type().equals("assistant/message")) throw new IllegalStateException("boom");
                        return state;
                    }
                });
            })).await();
            h.kernel.awaitIdle();
            Agent agent = h.agent();
            LoopHarness.runTurn(agent, "hi");
            assertThat(types(agent)).contains("turn/end");
            assertThat(p.<Count>stateOf(agent.session(), "count")).contains(new Count(1));
            assertThat(p.<Count>stateOf(agent.session(), "broken")).contains(new Count(0));
        }
    }

    @Test
    void assistant_stream_frames_start_each_attempt_follow_each_logged_chunk_in_order_and_end_it_after_a_retry_too() {
        try (LoopHarness h = harness()) {
            h.model.then(ScriptedAdapter.failure("RATE_LIMITED")).then(ScriptedAdapter.text("ok"));
            List<String> frames = Collections.synchronizedList(new ArrayList<>());
            h.root.events().on(AgentEvents.REQUEST_ERROR, (payload, next) -> new AgentEvents.Retry());
            h.root.events().on(AgentEvents.ASSISTANT_STREAM, f -> frames.add(f.frame() + " " + f.turn() + "." + f.step() + "#"
                    + f.attempt() + (f.frame() == AgentEvents.Frame.CHUNK ? " " + f.seq() : "")));
            Agent agent = h.agent();
            LoopHarness.runTurn(agent, "hi");
            List<Long> chunkSeqs = agent.session().events().stream().filter(e -> e.type().equals("assistant/chunk"))
                    .map(SessionEvent::seq).toList();
            List<String> expected = new ArrayList<>();
            expected.add("START 1.1#1");
            int firstAttemptChunks = 1;
            for (int i = 0; i < firstAttemptChunks; i++) expected.add("CHUNK 1.1#1 " + chunkSeqs.get(i));
            expected.add("END 1.1#1");
            expected.add("START 1.1#2");
            for (int i = firstAttemptChunks; i < chunkSeqs.size(); i++) expected.add("CHUNK 1.1#2 " + chunkSeqs.get(i));
            expected.add("END 1.1#2");
            assertThat(frames).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void a_cancel_from_a_stream_listener_stops_the_attempt_before_the_next_chunk_is_logged() {
        try (LoopHarness h = harness()) {
            h.model.then((call, cancel, sink) -> {
                for (int i = 0; i < 50 && !cancel.cancelled(); i++) {
                    sink.accept(new io.dsh4j.message.StreamChunk.ReasoningDelta(0, "chunk " + i + "\n"));
                }
                sink.accept(new io.dsh4j.message.StreamChunk.Finish(new io.dsh4j.message.FinishReason.Stop(), null));
            });
            h.root.events().on(AgentEvents.ASSISTANT_STREAM, f -> {
                if (f.frame() == AgentEvents.Frame.CHUNK && f.chunk() instanceof io.dsh4j.message.StreamChunk.ReasoningDelta r
                        && r.text().equals("chunk 3\n")) {
                    f.agent().cancel(new AgentCancelCause.Hook("stop here"), true);
                }
            });
            Agent agent = h.agent();
            LoopHarness.runTurn(agent, "hi");
            assertThat(agent.session().events().stream().filter(e -> e.type().equals("assistant/chunk")).count()).isEqualTo(4);
            SessionEvent end = agent.session().events().stream().filter(e -> e.type().equals("turn/end")).findFirst().orElseThrow();
            assertThat(end.data().toString()).contains("\"kind\":\"aborted\"").contains("\"kind\":\"hook\"").contains("stop here");
        }
    }

    private static List<String> types(Agent agent) {
        return LoopHarness.types(agent);
    }
}
