package io.dsh4j.llm.deepseek.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.message.StreamChunk;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streaming payload reader keeps {@code JSON.parse}'s reading of odd but valid payloads. */
class ChunkTranslatorTest {

    private static List<StreamChunk> translate(String payload) {
        List<StreamChunk> out = new ArrayList<>();
        byte[] b = payload.getBytes(StandardCharsets.UTF_8);
        new ChunkTranslator(false).payload(b, 0, b.length, out::add);
        return out;
    }

    @Test
    void a_repeated_key_takes_its_last_value() {
        assertThat(translate("{\"choices\":[{\"delta\":{\"content\":\"a\",\"content\":\"b\"}}]}"))
                .containsExactly(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "b"));
        assertThat(translate("{\"choices\":[{\"delta\":{\"content\":\"a\"},\"delta\":{\"reasoning_content\":\"r\"}}]}"))
                .containsExactly(new StreamChunk.BlockStart(0, "reasoning"), new StreamChunk.ReasoningDelta(0, "r"));
        assertThat(translate("{\"choices\":[{\"delta\":{\"content\":\"a\"}}],\"choices\":[]}")).isEmpty();
    }

    @Test
    void fields_of_the_wrong_type_are_ignored_as_absent() {
        assertThat(translate("{\"choices\":[1,{\"delta\":{\"content\":5,\"tool_calls\":[7,{\"index\":1.5,\"id\":\"c\","
                + "\"function\":{\"name\":\"n\",\"arguments\":{}}}]},\"finish_reason\":null}],\"usage\":3}"))
                .containsExactly(new StreamChunk.BlockStart(0, "tool-call"), new StreamChunk.ToolCallDelta(0, "c", "n", ""));
    }

    @Test
    void trailing_content_and_a_non_object_root_are_malformed() {
        assertThatThrownBy(() -> translate("{} {}")).isInstanceOf(ChunkTranslator.MalformedPayload.class);
        assertThatThrownBy(() -> translate("\"text\"")).isInstanceOf(ChunkTranslator.MalformedPayload.class);
        assertThatThrownBy(() -> translate("{\"choices\":")).isInstanceOf(ChunkTranslator.MalformedPayload.class);
    }

    private static List<StreamChunk> translate(byte[] b) {
        List<StreamChunk> out = new ArrayList<>();
        new ChunkTranslator(false).payload(b, 0, b.length, out::add);
        return out;
    }

    private static byte[] contentWith(byte[] inserted) {
        byte[] head = "{\"choices\":[{\"delta\":{\"content\":\"".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "abc\"}}]}".getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[head.length + inserted.length + tail.length];
        System.arraycopy(head, 0, b, 0, head.length);
        System.arraycopy(inserted, 0, b, head.length, inserted.length);
        System.arraycopy(tail, 0, b, head.length + inserted.length, tail.length);
        return b;
    }

    // found by the issue-17 fuzz campaign (FuzzCampaign, SSE INVALID_UTF8): a lone continuation byte failed the
    // whole answer as MALFORMED_RESPONSE, while an overlong form decoded to another character ("/") and an encoded
    // surrogate to a lone surrogate; Node (and so DSH) reads each as U+FFFD and goes on
    @Test
    void ill_formed_utf8_in_a_payload_reads_as_replacement_characters_the_way_node_decodes_it() {
        assertThat(translate(contentWith(new byte[] {(byte) 0x80})))
                .containsExactly(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "\uFFFDabc"));
        assertThat(translate(contentWith(new byte[] {(byte) 0xC0, (byte) 0xAF})))
                .containsExactly(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "\uFFFD\uFFFDabc"));
        assertThat(translate(contentWith(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80})))
                .containsExactly(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "\uFFFD\uFFFD\uFFFDabc"));
        assertThat(translate(contentWith(new byte[] {(byte) 0xE4, (byte) 0xB8})))
                .containsExactly(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "\uFFFDabc"));
        assertThat(translate(contentWith("中".getBytes(StandardCharsets.UTF_8))))
                .containsExactly(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "中abc"));
    }
}
