package io.dsh4j.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonShapeException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** §2.2 / kernel-and-agent §5.1: the message model as DSH's JSON. */
class MessageJsonTest {

    @Test
    void a_user_message_reads_and_writes_in_dsh_key_order() {
        String json = "{\"content\":[{\"type\":\"text\",\"text\":\"hi\"},{\"type\":\"image\",\"attachment\":{\"attachmentId\":\"sha256:ab\","
                + "\"mediaType\":\"image/png\",\"bytes\":69,\"width\":1,\"height\":1,\"name\":\"red.png\"}}],"
                + "\"source\":{\"kind\":\"user\",\"rpcId\":\"r1\"},\"role\":\"user\",\"id\":\"m1\"}";
        Message m = MessageJson.readMessage(JsJson.parse(json), "message");
        assertThat(m).isInstanceOf(Message.UserMessage.class);
        assertThat(((MessageSource.User) m.source()).rpcId()).isEqualTo("r1");
        assertThat(((ContentBlock.Image) m.content().get(1)).attachment().name()).isEqualTo("red.png");
        assertThat(JsJson.stringify(MessageJson.write(m))).isEqualTo(json);
    }

    @Test
    void an_assistant_message_needs_a_model_source() {
        String json = "{\"role\":\"assistant\",\"content\":[{\"type\":\"reasoning\",\"text\":\"r\"},"
                + "{\"type\":\"tool-call\",\"id\":\"c\",\"name\":\"bash\",\"arguments\":\"{}\"}],"
                + "\"source\":{\"kind\":\"model\",\"provider\":\"p\",\"model\":\"m\"},\"id\":\"a1\"}";
        Message.AssistantMessage m = (Message.AssistantMessage) MessageJson.readMessage(JsJson.parse(json), "message");
        assertThat(m.source().provider()).isEqualTo("p");
        assertThat(m.content()).containsExactly(new ContentBlock.Reasoning("r"), new ContentBlock.ToolCall("c", "bash", "{}"));
        assertThat(JsJson.stringify(MessageJson.write(m))).isEqualTo(json);
        assertThatThrownBy(() -> MessageJson.readAssistantMessage(JsJson.parse(json.replace("\"model\",\"provider\"", "\"user\",\"provider\"")), "m"))
                .isInstanceOf(JsonShapeException.class).hasMessageContaining("m.source.kind");
    }

    @Test
    void a_tool_result_message_holds_one_block_answering_its_source_call() {
        Message.ToolResultMessage m = new Message.ToolResultMessage("t1",
                new ContentBlock.ToolResult("c", List.of(new ContentBlock.Text("out")), true), MessageSource.tool("c"));
        String json = JsJson.stringify(MessageJson.write(m));
        assertThat(json).isEqualTo("{\"source\":{\"kind\":\"tool\",\"callId\":\"c\"},\"content\":[{\"type\":\"tool-result\","
                + "\"toolCallId\":\"c\",\"content\":[{\"type\":\"text\",\"text\":\"out\"}],\"isError\":true}],\"role\":\"user\",\"id\":\"t1\"}");
        assertThat(MessageJson.readMessage(JsJson.parse(json), "m")).isEqualTo(m);
        assertThat(m.isError()).isTrue();
        assertThatThrownBy(() -> MessageJson.readToolResultMessage(JsJson.parse(json.replace("\"callId\":\"c\"", "\"callId\":\"d\"")), "m"))
                .isInstanceOf(JsonShapeException.class).hasMessageContaining("does not match source.callId");
    }

    @Test
    void unknown_block_types_and_source_kinds_are_kept() {
        String json = "{\"content\":[{\"type\":\"audio\",\"clip\":1}],\"source\":{\"kind\":\"team-lead\",\"x\":[1]},\"role\":\"user\",\"id\":\"u\"}";
        Message m = MessageJson.readMessage(JsJson.parse(json), "m");
        assertThat(m.content().get(0)).isInstanceOf(ContentBlock.Other.class);
        assertThat(m.source()).isInstanceOf(MessageSource.Other.class);
        assertThat(JsJson.stringify(MessageJson.write(m))).isEqualTo(json);
    }

    @Test
    void plugin_snapshot_sources_expose_their_sections_and_a_placeholder_list_reads_as_empty() {
        MessageSource s = MessageJson.readSource(JsJson.parse("{\"kind\":\"plugin\",\"plugin\":\"@deepseek-ai/dsh-system-prompt\","
                + "\"form\":\"snapshot\",\"sections\":[{\"name\":\"a\",\"text\":\"b\"}]}"), "source");
        assertThat(((MessageSource.Plugin) s).sections()).containsExactly(new MessageSource.Section("a", "b"));
        MessageSource p = MessageJson.readSource(JsJson.parse("{\"kind\":\"plugin\",\"plugin\":\"x\",\"sections\":\"{{sections}}\"}"), "s");
        assertThat(((MessageSource.Plugin) p).sections()).isEmpty();
    }

    @Test
    void stream_chunks_and_finish_reasons_round_trip() {
        for (String json : List.of(
                "{\"type\":\"block-start\",\"index\":0,\"blockType\":\"reasoning\"}",
                "{\"type\":\"tool-call-delta\",\"index\":1,\"id\":\"c\",\"name\":\"bash\",\"argumentsDelta\":\"{\"}",
                "{\"type\":\"block-end\",\"index\":0,\"block\":{\"type\":\"text\",\"text\":\"x\"}}",
                "{\"type\":\"usage\",\"usage\":{\"inputTokens\":3,\"outputTokens\":4,\"cacheReadTokens\":0,\"reasoningTokens\":2}}",
                "{\"type\":\"finish\",\"reason\":{\"kind\":\"error\",\"failure\":{\"message\":\"m\",\"code\":\"AUTH\",\"status\":401}}}",
                "{\"type\":\"finish\",\"reason\":{\"kind\":\"max-tokens\"},\"replayState\":{\"k\":1}}",
                "{\"type\":\"ping\",\"n\":1}")) {
            assertThat(JsJson.stringify(ChunkJson.write(ChunkJson.readChunk(JsJson.parse(json), "chunk")))).isEqualTo(json);
        }
        StreamChunk usage = ChunkJson.readChunk(JsJson.parse("{\"type\":\"usage\",\"usage\":{\"inputTokens\":3,\"outputTokens\":4}}"), "c");
        assertThat(((StreamChunk.Usage) usage).usage().cacheReadOrZero()).isZero();
        assertThatThrownBy(() -> ChunkJson.readChunk(JsJson.parse("{\"type\":\"text-delta\",\"index\":\"0\",\"text\":\"a\"}"), "data.chunk"))
                .isInstanceOf(JsonShapeException.class).hasMessageContaining("data.chunk.index");
    }

    @Test
    void token_deltas_follow_dsh_is_token_delta() {
        assertThat(new StreamChunk.TextDelta(0, "").isTokenDelta()).isFalse();
        assertThat(new StreamChunk.ReasoningDelta(0, "x").isTokenDelta()).isTrue();
        assertThat(new StreamChunk.ToolCallDelta(0, "c", "bash", "").isTokenDelta()).isTrue();
        assertThat(new StreamChunk.ToolCallDelta(0, "c", null, "").isTokenDelta()).isFalse();
        assertThat(new StreamChunk.BlockStart(0, "text").isTokenDelta()).isFalse();
    }
}
