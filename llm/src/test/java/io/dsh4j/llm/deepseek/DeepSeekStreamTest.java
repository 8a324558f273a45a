package io.dsh4j.llm.deepseek;

import static io.dsh4j.llm.deepseek.Sse.adapter;
import static io.dsh4j.llm.deepseek.Sse.assemble;
import static io.dsh4j.llm.deepseek.Sse.finish;
import static io.dsh4j.llm.deepseek.Sse.hello;
import static io.dsh4j.llm.deepseek.Sse.recorded;
import static io.dsh4j.llm.deepseek.Sse.run;
import static io.dsh4j.llm.deepseek.Sse.stream;
import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.llm.BlockAssembler;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.ChunkJson;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** §5.3 "SSE translation" and "Usage mapping", against recorded streams served by MockWebServer. */
class DeepSeekStreamTest {

    MockWebServer server;
    DeepSeekAdapter adapter;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
        adapter = adapter(server);
    }

    @AfterEach
    void stop() {
        adapter.close();
        server.close();
    }

    private List<StreamChunk> play(String recording) {
        server.enqueue(stream(recorded(recording)));
        return run(adapter, hello());
    }

    private static List<String> json(List<StreamChunk> chunks) {
        return chunks.stream().map(c -> JsJson.stringify(ChunkJson.write(c))).toList();
    }

    @Nested
    class Translation {

        @Test
        void reasoning_then_text_then_block_ends_usage_and_finish_in_DSH_order() {
            List<StreamChunk> chunks = play("reasoning-text-stop.sse");

            assertThat(json(chunks)).containsExactly(
                    "{\"type\":\"block-start\",\"index\":0,\"blockType\":\"reasoning\"}",
                    "{\"type\":\"reasoning-delta\",\"index\":0,\"text\":\"The user greets\"}",
                    "{\"type\":\"reasoning-delta\",\"index\":0,\"text\":\" me.\"}",
                    "{\"type\":\"block-start\",\"index\":1,\"blockType\":\"text\"}",
                    "{\"type\":\"text-delta\",\"index\":1,\"text\":\"Hello\"}",
                    "{\"type\":\"text-delta\",\"index\":1,\"text\":\"! How can I help?\"}",
                    "{\"type\":\"block-end\",\"index\":0,\"block\":{\"type\":\"reasoning\",\"text\":\"The user greets me.\"}}",
                    "{\"type\":\"block-end\",\"index\":1,\"block\":{\"type\":\"text\",\"text\":\"Hello! How can I help?\"}}",
                    "{\"type\":\"usage\",\"usage\":{\"inputTokens\":10,\"outputTokens\":21,\"cacheReadTokens\":1280,\"reasoningTokens\":6}}",
                    "{\"type\":\"finish\",\"reason\":{\"kind\":\"stop\"}}");
        }

        @Test
        void the_empty_first_reasoning_chunk_opens_no_block() {
            List<StreamChunk> chunks = play("reasoning-text-stop.sse");

            assertThat(chunks).filteredOn(c -> c instanceof StreamChunk.BlockStart).hasSize(2);
        }

        @Test
        void interleaved_reasoning_text_and_two_tool_calls_get_indexes_in_first_seen_order() {
            List<StreamChunk> chunks = play("tool-calls-interleaved.sse");

            assertThat(chunks).filteredOn(c -> c instanceof StreamChunk.BlockStart)
                    .extracting(c -> ((StreamChunk.BlockStart) c).blockType())
                    .containsExactly("reasoning", "text", "tool-call", "tool-call");
            BlockAssembler a = assemble(chunks);
            assertThat(a.blocks()).containsExactly(
                    new ContentBlock.Reasoning("Need two files. Then answer."),
                    new ContentBlock.Text("Reading both."),
                    new ContentBlock.ToolCall("call_00_aaa", "read", "{\"path\":\"a.txt\"}"),
                    new ContentBlock.ToolCall("call_01_bbb", "bash", "{\"cmd\":\"ls\"}"));
            assertThat(finish(chunks).reason()).isEqualTo(new FinishReason.ToolCalls());
        }

        @Test
        void every_tool_call_delta_repeats_the_call_id_and_name_once_known() {
            List<StreamChunk> chunks = play("tool-calls-interleaved.sse");

            assertThat(chunks).filteredOn(c -> c instanceof StreamChunk.ToolCallDelta)
                    .extracting(c -> ((StreamChunk.ToolCallDelta) c).index() + " " + ((StreamChunk.ToolCallDelta) c).id()
                            + " " + ((StreamChunk.ToolCallDelta) c).name())
                    .containsExactly("2 call_00_aaa read", "2 call_00_aaa read", "3 call_01_bbb bash",
                            "2 call_00_aaa read", "3 call_01_bbb bash");
        }

        @Test
        void the_last_usage_seen_wins_and_comes_once_before_finish() {
            List<StreamChunk> chunks = play("tool-calls-interleaved.sse");

            assertThat(chunks).filteredOn(c -> c instanceof StreamChunk.Usage).hasSize(1);
            assertThat(chunks.get(chunks.size() - 2)).isEqualTo(new StreamChunk.Usage(new TokenUsage(256, 44, 256L, null, 9L)));
        }

        @Test
        void sse_comments_other_fields_multi_line_data_and_crlf_are_read_as_the_event_stream_grammar_says() {
            List<StreamChunk> chunks = play("crlf-comments.sse");

            assertThat(assemble(chunks).blocks()).containsExactly(new ContentBlock.Text("AB"));
            assertThat(finish(chunks).reason()).isEqualTo(new FinishReason.Stop());
        }
    }

    @Nested
    class FinishReasons {

        @Test
        void stop_maps_to_stop() {
            assertThat(finish(play("reasoning-text-stop.sse")).reason()).isEqualTo(new FinishReason.Stop());
        }

        @Test
        void tool_calls_maps_to_tool_calls() {
            assertThat(finish(play("tool-calls-interleaved.sse")).reason()).isEqualTo(new FinishReason.ToolCalls());
        }

        @Test
        void length_maps_to_max_tokens_and_the_assembled_message_drops_the_cut_tool_call() {
            List<StreamChunk> chunks = play("length.sse");

            assertThat(finish(chunks).reason()).isEqualTo(new FinishReason.MaxTokens());
            assertThat(assemble(chunks).blocks()).containsExactly(new ContentBlock.Text("Partial answer"));
        }

        @Test
        void content_filter_is_an_error_with_the_upper_cased_code() {
            FinishReason r = finish(play("content-filter.sse")).reason();

            assertThat(r).isInstanceOf(FinishReason.Error.class);
            assertThat(((FinishReason.Error) r).failure().code()).isEqualTo("CONTENT_FILTER");
        }

        @Test
        void insufficient_system_resource_is_an_error_with_the_upper_cased_code() {
            FinishReason r = finish(play("insufficient-resource.sse")).reason();

            assertThat(((FinishReason.Error) r).failure().code()).isEqualTo("INSUFFICIENT_SYSTEM_RESOURCE");
        }

        @Test
        void a_stop_without_any_content_block_is_EMPTY_RESPONSE() {
            List<StreamChunk> chunks = play("empty-stop.sse");

            assertThat(json(chunks)).containsExactly(
                    "{\"type\":\"usage\",\"usage\":{\"inputTokens\":0,\"outputTokens\":0}}",
                    "{\"type\":\"finish\",\"reason\":{\"kind\":\"error\",\"failure\":{\"message\":\"model returned a completed response with no content\",\"code\":\"EMPTY_RESPONSE\"}}}");
        }

        @Test
        void a_stream_that_ends_without_DONE_is_STREAM_CLOSED_after_the_deltas_it_carried() {
            List<StreamChunk> chunks = play("no-done.sse");

            assertThat(chunks.getFirst()).isEqualTo(new StreamChunk.BlockStart(0, "text"));
            assertThat(((FinishReason.Error) finish(chunks).reason()).failure().code()).isEqualTo(LlmCodes.STREAM_CLOSED);
            assertThat(chunks).filteredOn(c -> c instanceof StreamChunk.BlockEnd).isEmpty();
        }

        @Test
        void bad_json_is_MALFORMED_RESPONSE_quoting_the_payload() {
            List<StreamChunk> chunks = play("malformed.sse");

            var failure = ((FinishReason.Error) finish(chunks).reason()).failure();
            assertThat(failure.code()).isEqualTo(LlmCodes.MALFORMED_RESPONSE);
            assertThat(failure.message()).contains("{\\\"choices\\\"");
        }

        @Test
        void a_payload_that_is_json_but_not_an_object_is_MALFORMED_RESPONSE() {
            server.enqueue(stream("data: [1,2]\n\ndata: [DONE]\n\n"));

            var failure = ((FinishReason.Error) finish(run(adapter, hello())).reason()).failure();
            assertThat(failure.code()).isEqualTo(LlmCodes.MALFORMED_RESPONSE);
        }
    }

    @Nested
    class UsageMapping {

        @Test
        void cache_read_comes_from_prompt_tokens_details_cached_tokens() {
            server.enqueue(stream("data: {\"choices\":[{\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}],"
                    + "\"usage\":{\"prompt_tokens\":100,\"completion_tokens\":5,\"prompt_tokens_details\":{\"cached_tokens\":64},"
                    + "\"prompt_cache_hit_tokens\":1}}\n\ndata: [DONE]\n\n"));

            assertThat(assemble(run(adapter, hello())).usage()).contains(new TokenUsage(36, 5, 64L, null, null));
        }

        @Test
        void cache_read_falls_back_to_prompt_cache_hit_tokens() {
            server.enqueue(stream("data: {\"choices\":[{\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}],"
                    + "\"usage\":{\"prompt_tokens\":100,\"completion_tokens\":5,\"prompt_cache_hit_tokens\":30,"
                    + "\"completion_tokens_details\":{\"reasoning_tokens\":2}}}\n\ndata: [DONE]\n\n"));

            assertThat(assemble(run(adapter, hello())).usage()).contains(new TokenUsage(70, 5, 30L, null, 2L));
        }

        @Test
        void no_cache_field_means_no_cache_read_and_input_is_all_prompt_tokens() {
            server.enqueue(stream("data: {\"choices\":[{\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}],"
                    + "\"usage\":{\"prompt_tokens\":100,\"completion_tokens\":5}}\n\ndata: [DONE]\n\n"));

            assertThat(assemble(run(adapter, hello())).usage()).contains(TokenUsage.of(100, 5));
        }
    }

    @Nested
    class OpenAiCompatibleRoute {

        @Test
        void reasoning_is_read_from_the_plain_reasoning_field_and_usage_from_a_trailing_chunk() {
            try (DeepSeekAdapter open = adapter(DeepSeekConfig.openAiCompatible().withBaseUrl(Sse.base(server)), Map.of())) {
                server.enqueue(stream(recorded("openai-reasoning.sse")));

                List<StreamChunk> chunks = run(open, io.dsh4j.llm.ModelCall.of("openai-compatible", "qwen3", List.of(Sse.user("hi"))));

                assertThat(assemble(chunks).blocks()).containsExactly(new ContentBlock.Reasoning("thinking"), new ContentBlock.Text("answer"));
                assertThat(assemble(chunks).usage()).contains(TokenUsage.of(12, 3));
            }
        }

        @Test
        void the_deepseek_route_ignores_a_plain_reasoning_field() {
            List<StreamChunk> chunks = play("openai-reasoning.sse");

            assertThat(assemble(chunks).blocks()).containsExactly(new ContentBlock.Text("answer"));
        }
    }
}
