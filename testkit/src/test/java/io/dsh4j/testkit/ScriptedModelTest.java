package io.dsh4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.CancelSource;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ScriptedModelTest {

    private static final ModelCall CALL = ModelCall.of("scripted", "m", List.of());

    private static BlockAssembler play(ScriptedModel model, CancelSignal cancel) {
        BlockAssembler a = new BlockAssembler();
        model.stream(CALL, cancel, a);
        return a;
    }

    @Test
    void each_call_plays_its_own_script_and_is_recorded() {
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.text("one"),
                ScriptedModel.Script.toolCalls(new ContentBlock.ToolCall("c1", "read", "{}")));

        assertThat(play(model, CancelSignal.never()).blocks()).containsExactly(new ContentBlock.Text("one"));
        BlockAssembler second = play(model, CancelSignal.never());
        assertThat(second.blocks()).containsExactly(new ContentBlock.ToolCall("c1", "read", "{}"));
        assertThat(second.finish()).contains(new FinishReason.ToolCalls());
        assertThat(model.calls()).hasSize(2);
    }

    @Test
    void a_call_beyond_the_scripts_finishes_NO_SCRIPT() {
        ScriptedModel model = ScriptedModel.answering("only");
        play(model, CancelSignal.never());

        FinishReason r = play(model, CancelSignal.never()).finish().orElseThrow();
        assertThat(((FinishReason.Error) r).failure().code()).isEqualTo(ScriptedModel.NO_SCRIPT);
    }

    @Test
    void failures_and_throws_are_scripted() {
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.failure("RATE_LIMIT", "slow down"),
                ScriptedModel.Script.throwing(new IllegalStateException("adapter bug")));

        assertThat(((FinishReason.Error) play(model, CancelSignal.never()).finish().orElseThrow()).failure().code()).isEqualTo("RATE_LIMIT");
        assertThatThrownBy(() -> play(model, CancelSignal.never())).hasMessage("adapter bug");
    }

    @Test
    void a_paused_script_waits_for_its_gate_and_a_cancel_while_paused_finishes_aborted() throws Exception {
        ScriptedModel.Gate gate = new ScriptedModel.Gate();
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.builder().text("partial").pause(gate).text("rest")
                .finish(new FinishReason.Stop()).build());
        CancelSource cancel = new CancelSource();
        List<StreamChunk> seen = new CopyOnWriteArrayList<>();
        Thread t = Thread.ofVirtual().start(() -> model.stream(CALL, cancel, seen::add));

        assertThat(gate.awaitReached(10)).isTrue();
        assertThat(seen).hasSize(3);
        cancel.cancel();
        t.join();

        assertThat(seen).hasSize(4);
        assertThat(((StreamChunk.Finish) seen.getLast()).reason()).isInstanceOf(FinishReason.Aborted.class);
    }

    @Test
    void a_released_gate_lets_the_script_finish() throws Exception {
        ScriptedModel.Gate gate = new ScriptedModel.Gate();
        ScriptedModel model = ScriptedModel.of(ScriptedModel.Script.builder().text("a").pause(gate).text("b")
                .finish(new FinishReason.Stop()).build());
        BlockAssembler a = new BlockAssembler();
        Thread t = Thread.ofVirtual().start(() -> model.stream(CALL, CancelSignal.never(), a));

        assertThat(gate.awaitReached(10)).isTrue();
        gate.release();
        t.join();

        assertThat(a.blocks()).containsExactly(new ContentBlock.Text("a"), new ContentBlock.Text("b"));
    }
}
