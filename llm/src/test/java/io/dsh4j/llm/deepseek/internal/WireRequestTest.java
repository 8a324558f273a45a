package io.dsh4j.llm.deepseek.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.LlmException;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.ToolSchema;
import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.deepseek.DeepSeekConfig;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.ImageAttachment;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.json.JsJson;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** §5.3 request body, thinking efforts and message serialisation. */
class WireRequestTest {

    private static final DeepSeekConfig DS = DeepSeekConfig.deepSeek();
    private static final MessageSource.User USER = new MessageSource.User(null, null, JsJson.nodes().objectNode().put("kind", "user"));

    private static Message.UserMessage user(ContentBlock... blocks) {
        return new Message.UserMessage("u", List.of(blocks), USER);
    }

    private static Message.AssistantMessage assistant(ContentBlock... blocks) {
        return new Message.AssistantMessage("a", List.of(blocks), BlockAssembler.modelSource("deepseek-official", "m", null));
    }

    private static String body(ModelCall call, DeepSeekConfig config) {
        return JsJson.stringify(WireRequest.body(call, config));
    }

    private static ModelCall.Builder call() {
        return ModelCall.builder("deepseek-official", "deepseek-v4-flash").messages(List.of(user(new ContentBlock.Text("q"))));
    }

    @Test
    void every_optional_field_in_order_and_no_nulls() {
        String b = body(call().system("be brief").reasoningEffort("max").temperature(0.7).maxTokens(100L).stop(List.of("END"))
                .tools(List.of(new ToolSchema("read", "Read a file", JsJson.parse("{\"type\":\"object\"}")))).build(), DS);

        assertThat(b).isEqualTo("{\"model\":\"deepseek-v4-flash\",\"messages\":[{\"role\":\"system\",\"content\":\"be brief\"},"
                + "{\"role\":\"user\",\"content\":\"q\"}],\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                + "\"thinking\":{\"type\":\"enabled\"},\"reasoning_effort\":\"max\",\"tools\":[{\"type\":\"function\",\"function\":"
                + "{\"name\":\"read\",\"description\":\"Read a file\",\"parameters\":{\"type\":\"object\"}}}],\"temperature\":0.7,"
                + "\"max_tokens\":100,\"stop\":[\"END\"]}");
    }

    @ParameterizedTest(name = "effort {0}")
    @CsvSource(nullValues = "none", value = {
            "none, {\"type\":\"enabled\"}, high",
            "low,  {\"type\":\"enabled\"}, low",
            "high, {\"type\":\"enabled\"}, high",
            "max,  {\"type\":\"enabled\"}, max",
            "off,  {\"type\":\"disabled\"}, none"})
    void thinking_efforts(String effort, String thinking, String reasoningEffort) {
        var b = WireRequest.body(call().reasoningEffort(effort).build(), DS);

        assertThat(JsJson.stringify(b.get("thinking"))).isEqualTo(thinking);
        assertThat(b.has("reasoning_effort") ? b.get("reasoning_effort").textValue() : null).isEqualTo(reasoningEffort);
    }

    @Test
    void a_session_title_call_forces_thinking_off() {
        var b = WireRequest.body(call().reasoningEffort("max").purpose(ModelCall.Purpose.SESSION_TITLE).build(), DS);

        assertThat(JsJson.stringify(b.get("thinking"))).isEqualTo("{\"type\":\"disabled\"}");
        assertThat(b.has("reasoning_effort")).isFalse();
    }

    @Test
    void config_thinking_disabled_locks_to_off_and_refuses_other_efforts() {
        DeepSeekConfig locked = DS.withThinkingDisabled(true);

        assertThat(JsJson.stringify(WireRequest.body(call().build(), locked).get("thinking"))).isEqualTo("{\"type\":\"disabled\"}");
        assertThatThrownBy(() -> WireRequest.body(call().reasoningEffort("high").build(), locked))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.code()).isEqualTo(LlmCodes.UNSUPPORTED_REASONING_EFFORT));
    }

    @Test
    void an_unknown_effort_is_UNSUPPORTED_REASONING_EFFORT() {
        assertThatThrownBy(() -> WireRequest.body(call().reasoningEffort("medium").build(), DS))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.code()).isEqualTo(LlmCodes.UNSUPPORTED_REASONING_EFFORT);
                    assertThat(e.getMessage()).contains("\"medium\"");
                });
    }

    @Test
    void max_tokens_defaults_to_256000_and_a_call_overrides_it() {
        assertThat(WireRequest.body(call().build(), DS).get("max_tokens").longValue()).isEqualTo(256_000);
        assertThat(WireRequest.body(call().maxTokens(5L).build(), DS).get("max_tokens").longValue()).isEqualTo(5);
        assertThat(WireRequest.body(call().build(), DeepSeekConfig.openAiCompatible()).has("max_tokens")).isFalse();
    }

    @Test
    void the_openai_compatible_route_sends_no_thinking_field_but_an_explicit_effort() {
        var b = WireRequest.body(call().reasoningEffort("low").build(), DeepSeekConfig.openAiCompatible());

        assertThat(b.has("thinking")).isFalse();
        assertThat(b.get("reasoning_effort").textValue()).isEqualTo("low");
        assertThat(WireRequest.body(call().reasoningEffort("off").build(), DeepSeekConfig.openAiCompatible()).has("reasoning_effort")).isFalse();
    }

    @Test
    void an_assistant_tool_call_turn_sends_joined_text_reasoning_content_and_tool_calls() {
        String b = body(call().messages(List.of(assistant(new ContentBlock.Reasoning("r1"), new ContentBlock.Text("t1"),
                new ContentBlock.Reasoning("r2"), new ContentBlock.ToolCall("c1", "read", "{\"p\":1}")))).build(), DS);

        assertThat(b).contains("\"messages\":[{\"role\":\"assistant\",\"content\":\"t1\",\"reasoning_content\":\"r1r2\","
                + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"read\",\"arguments\":\"{\\\"p\\\":1}\"}}]}]");
    }

    @Test
    void an_assistant_turn_without_text_sends_an_empty_string_never_null() {
        String b = body(call().messages(List.of(assistant(new ContentBlock.ToolCall("c", "n", "{}")))).build(), DS);

        assertThat(b).contains("{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\"");
    }

    @Test
    void each_tool_result_becomes_a_tool_message_and_an_empty_one_says_no_output() {
        var results = new Message.ToolResultMessage("t", new ContentBlock.ToolResult("c1", List.of(new ContentBlock.Text("a"),
                new ContentBlock.Text("b")), null), new MessageSource.Tool("c1", JsJson.nodes().objectNode()));
        var both = user(new ContentBlock.ToolResult("c2", List.of(), true), new ContentBlock.Text("and"));

        String b = body(call().messages(List.of(results, both)).build(), DS);

        assertThat(b).contains("[{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"ab\"},"
                + "{\"role\":\"user\",\"content\":\"and\"},{\"role\":\"tool\",\"tool_call_id\":\"c2\",\"content\":\"(no output)\"}]");
    }

    @Test
    void image_content_is_UNSUPPORTED_CONTENT() {
        var image = new ContentBlock.Image(new ImageAttachment("att-1", "image/png", 10, 1, 1, null, null));

        assertThatThrownBy(() -> WireRequest.body(call().messages(List.of(user(new ContentBlock.Text("see"), image))).build(), DS))
                .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.code()).isEqualTo(LlmCodes.UNSUPPORTED_CONTENT));
    }
}
