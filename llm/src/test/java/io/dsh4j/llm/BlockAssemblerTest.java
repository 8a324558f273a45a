package io.dsh4j.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** §5.1 / kernel-and-agent §5.12: the block assembler. */
class BlockAssemblerTest {

    private static BlockAssembler feed(StreamChunk... chunks) {
        BlockAssembler a = new BlockAssembler();
        for (StreamChunk c : chunks) a.accept(c);
        return a;
    }

    @Test
    void blocks_come_out_in_first_seen_order_with_block_end_authoritative() {
        BlockAssembler a = feed(
                new StreamChunk.BlockStart(0, "reasoning"), new StreamChunk.ReasoningDelta(0, "think"),
                new StreamChunk.BlockStart(1, "text"), new StreamChunk.TextDelta(1, "draft"),
                new StreamChunk.BlockEnd(1, new ContentBlock.Text("final text")),
                new StreamChunk.BlockEnd(0, new ContentBlock.Reasoning("think")),
                new StreamChunk.Usage(TokenUsage.of(3, 4)), new StreamChunk.Finish(new FinishReason.Stop(), null));

        assertThat(a.blocks()).containsExactly(new ContentBlock.Reasoning("think"), new ContentBlock.Text("final text"));
        assertThat(a.usage()).contains(TokenUsage.of(3, 4));
        assertThat(a.finish()).contains(new FinishReason.Stop());
    }

    @Test
    void deltas_and_closes_after_the_first_close_are_ignored() {
        BlockAssembler a = feed(new StreamChunk.TextDelta(0, "a"), new StreamChunk.BlockEnd(0, new ContentBlock.Text("a")),
                new StreamChunk.TextDelta(0, "late"), new StreamChunk.BlockEnd(0, new ContentBlock.Text("other")));

        assertThat(a.blocks()).containsExactly(new ContentBlock.Text("a"));
    }

    @Test
    void a_delta_only_stream_assembles_from_its_deltas() {
        BlockAssembler a = feed(new StreamChunk.TextDelta(5, "he"), new StreamChunk.TextDelta(5, "llo"),
                new StreamChunk.ToolCallDelta(2, "c1", "read", "{\"a\""), new StreamChunk.ToolCallDelta(2, "c1", null, ":1}"),
                new StreamChunk.ToolCallDelta(7, "", null, "{}"));

        assertThat(a.blocks()).containsExactly(new ContentBlock.Text("hello"),
                new ContentBlock.ToolCall("c1", "read", "{\"a\":1}"), new ContentBlock.ToolCall("", "", "{}"));
    }

    @Test
    void an_unnamed_tool_call_without_id_gets_a_positional_id() {
        BlockAssembler a = feed(new StreamChunk.BlockStart(3, "tool-call"));

        assertThat(a.blocks()).containsExactly(new ContentBlock.ToolCall("call-3", "", ""));
    }

    @Test
    void max_tokens_drops_every_tool_call_and_keeps_text_and_reasoning() {
        BlockAssembler a = feed(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "partial"),
                new StreamChunk.BlockStart(1, "tool-call"), new StreamChunk.ToolCallDelta(1, "c", "write", "{\"x\":"),
                new StreamChunk.BlockEnd(0, new ContentBlock.Text("partial")),
                new StreamChunk.BlockEnd(1, new ContentBlock.ToolCall("c", "write", "{\"x\":")),
                new StreamChunk.Finish(new FinishReason.MaxTokens(), null));

        assertThat(a.blocks()).containsExactly(new ContentBlock.Text("partial"));
    }

    @Test
    void max_tokens_prunes_the_replay_state_entries_of_the_dropped_tool_calls() {
        ObjectNode replay = JsJson.nodes().objectNode().put("response", "r1");
        replay.putArray("blocks").add("text-entry").add("call-entry");
        BlockAssembler a = feed(new StreamChunk.TextDelta(0, "t"), new StreamChunk.ToolCallDelta(1, "c", "n", "{"),
                new StreamChunk.Finish(new FinishReason.MaxTokens(), replay));

        assertThat(JsJson.stringify(a.replayState())).isEqualTo("{\"response\":\"r1\",\"blocks\":[\"text-entry\"]}");
        assertThat(a.message("m1", "p", "model").source().replayState()).isEqualTo(a.replayState());
    }

    @Test
    void a_replay_state_whose_entries_do_not_line_up_with_the_blocks_is_dropped() {
        ObjectNode replay = JsJson.nodes().objectNode();
        replay.putArray("blocks").add(1);
        BlockAssembler a = feed(new StreamChunk.TextDelta(0, "t"), new StreamChunk.TextDelta(1, "u"),
                new StreamChunk.Finish(new FinishReason.Stop(), replay));

        assertThat(a.replayState()).isNull();
    }

    @Test
    void interrupted_blocks_keep_non_blank_text_and_reasoning_only() {
        BlockAssembler a = feed(new StreamChunk.ReasoningDelta(0, "  "), new StreamChunk.TextDelta(1, "par"),
                new StreamChunk.ToolCallDelta(2, "c", "x", "{"), new StreamChunk.BlockStart(3, "image"));

        assertThat(a.interruptedBlocks()).containsExactly(new ContentBlock.Text("par"));
        assertThat(a.interruptedMessage("m", "p", "model").content()).containsExactly(new ContentBlock.Text("par"));
    }

    @Test
    void an_unknown_block_type_never_closed_cannot_be_assembled() {
        BlockAssembler a = feed(new StreamChunk.BlockStart(0, "image"));

        assertThatThrownBy(a::blocks).isInstanceOf(IllegalStateException.class).hasMessageContaining("\"image\"");
    }

    @Test
    void an_unknown_block_type_closed_by_block_end_is_kept() {
        ContentBlock other = new ContentBlock.Other("citation", JsJson.nodes().objectNode().put("type", "citation"));
        BlockAssembler a = feed(new StreamChunk.BlockStart(0, "citation"), new StreamChunk.BlockEnd(0, other));

        assertThat(a.blocks()).containsExactly(other);
    }

    @Test
    void the_message_carries_the_model_source() {
        var m = feed(new StreamChunk.TextDelta(0, "x")).message("id-1", "deepseek-official", "deepseek-v4-flash");

        assertThat(m.id()).isEqualTo("id-1");
        assertThat(JsJson.stringify(m.source().json())).isEqualTo(
                "{\"kind\":\"model\",\"provider\":\"deepseek-official\",\"model\":\"deepseek-v4-flash\"}");
        assertThat(m.content()).containsExactly(new ContentBlock.Text("x"));
    }

    @Property
    void the_text_of_a_block_is_the_concatenation_of_its_deltas_however_they_are_cut(@ForAll @Size(max = 20) List<String> pieces) {
        BlockAssembler a = new BlockAssembler();
        pieces.forEach(p -> a.accept(new StreamChunk.TextDelta(0, p)));

        if (pieces.isEmpty()) assertThat(a.blocks()).isEmpty();
        else assertThat(a.blocks()).containsExactly(new ContentBlock.Text(String.join("", pieces)));
    }
}
