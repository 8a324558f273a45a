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
}
