package io.dsh4j.llm.deepseek;

import static io.dsh4j.llm.deepseek.Sse.KEY;
import static io.dsh4j.llm.deepseek.Sse.adapter;
import static io.dsh4j.llm.deepseek.Sse.error;
import static io.dsh4j.llm.deepseek.Sse.finish;
import static io.dsh4j.llm.deepseek.Sse.hello;
import static io.dsh4j.llm.deepseek.Sse.recorded;
import static io.dsh4j.llm.deepseek.Sse.run;
import static io.dsh4j.llm.deepseek.Sse.stream;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.LlmException;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.deepseek.internal.Attribution;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** §5.3 endpoint, headers, configuration, HTTP errors and timeouts, against MockWebServer. */
class DeepSeekHttpTest {

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

    private LlmFailure failureOf(List<StreamChunk> chunks) {
        assertThat(chunks).hasSize(1);
        return ((FinishReason.Error) finish(chunks).reason()).failure();
    }

    private LlmFailure failOnce(MockResponse response) {
        server.enqueue(response);
        return failureOf(run(adapter, hello()));
    }

    private RecordedRequest take() throws InterruptedException {
        return server.takeRequest(10, TimeUnit.SECONDS);
    }

    @Nested
    class Endpoint {

        @Test
        void posts_to_chat_completions_with_bearer_key_json_event_stream_and_attribution() throws Exception {
            server.enqueue(stream(recorded("reasoning-text-stop.sse")));
            run(adapter, ModelCall.builder("deepseek-official", "deepseek-v4-flash").messages(List.of(Sse.user("hi")))
                    .sessionId("sess-1").build());

            RecordedRequest r = take();
            assertThat(r.getMethod()).isEqualTo("POST");
            assertThat(r.getUrl().encodedPath()).isEqualTo("/chat/completions");
            assertThat(r.getHeaders().get("authorization")).isEqualTo("Bearer " + KEY);
            assertThat(r.getHeaders().get("content-type")).startsWith("application/json");
            assertThat(r.getHeaders().get("accept")).isEqualTo("text/event-stream");
            assertThat(r.getHeaders().get("user-agent")).isEqualTo(Attribution.USER_AGENT)
                    .contains("(+https://github.com/deepseek-ai/deepseek-harness)");
            assertThat(r.getHeaders().get("x-deepseek-harness-user-id")).isNotEmpty();
            assertThat(r.getHeaders().get("x-deepseek-harness-session-id")).isEqualTo("sess-1");
            assertThat(r.getHeaders().get("x-deepseek-harness-compact")).isNull();
        }

        @Test
        void a_compaction_call_sends_the_compact_header_and_no_session_header_without_a_session() throws Exception {
            server.enqueue(stream(recorded("reasoning-text-stop.sse")));
            run(adapter, ModelCall.builder("deepseek-official", "m").messages(List.of(Sse.user("hi")))
                    .purpose(ModelCall.Purpose.COMPACTION).build());

            RecordedRequest r = take();
            assertThat(r.getHeaders().get("x-deepseek-harness-compact")).isEqualTo("1");
            assertThat(r.getHeaders().get("x-deepseek-harness-session-id")).isNull();
        }

        @Test
        void the_configured_user_id_is_sent() throws Exception {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server)).withUserId("anon-7"),
                    Map.of("DEEPSEEK_API_KEY", KEY))) {
                server.enqueue(stream(recorded("reasoning-text-stop.sse")));
                run(a, hello());
            }
            assertThat(take().getHeaders().get("x-deepseek-harness-user-id")).isEqualTo("anon-7");
        }

        @Test
        void the_body_is_the_serialised_request_with_the_materialised_defaults() throws Exception {
            server.enqueue(stream(recorded("reasoning-text-stop.sse")));
            run(adapter, hello());

            JsonNode body = JsJson.parse(take().getBody().utf8());
            assertThat(JsJson.stringify(body)).isEqualTo("{\"model\":\"deepseek-v4-flash\",\"messages\":[{\"role\":\"user\","
                    + "\"content\":\"hello\"}],\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                    + "\"thinking\":{\"type\":\"enabled\"},\"reasoning_effort\":\"high\",\"max_tokens\":256000}");
        }
    }

    @Nested
    class Configuration {

        @Test
        void the_base_url_comes_from_config_first() throws Exception {
            Map<String, String> env = Map.of("DEEPSEEK_API_KEY", KEY, "DEEPSEEK_BASE_URL", "http://127.0.0.1:1");
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server) + "/"), env)) {
                assertThat(a.baseUrl()).isEqualTo(Sse.base(server));
            }
        }

        @Test
        void the_base_url_comes_from_DEEPSEEK_BASE_URL_when_not_configured() {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek(), Map.of("DEEPSEEK_BASE_URL", " http://gw.example/v1/ "))) {
                assertThat(a.baseUrl()).isEqualTo("http://gw.example/v1");
            }
        }

        @Test
        void the_base_url_defaults_to_deepseek() {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek(), Map.of())) {
                assertThat(a.baseUrl()).isEqualTo("https://api.deepseek.com");
            }
        }

        @Test
        void a_missing_key_is_MISSING_CREDENTIAL_naming_the_variable_and_nothing_is_sent() {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server)).withApiKeyEnv("MY_KEY"), Map.of())) {
                LlmFailure f = failureOf(run(a, hello()));
                assertThat(f.code()).isEqualTo(LlmCodes.MISSING_CREDENTIAL);
                assertThat(f.message()).contains("set the environment variable MY_KEY");
            }
            assertThat(server.getRequestCount()).isZero();
        }

        @Test
        void a_blank_key_counts_as_missing() {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server)), Map.of("DEEPSEEK_API_KEY", "  \t"))) {
                assertThat(failureOf(run(a, hello())).code()).isEqualTo(LlmCodes.MISSING_CREDENTIAL);
            }
        }

        @Test
        void the_key_is_trimmed() throws Exception {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server)), Map.of("DEEPSEEK_API_KEY", "  " + KEY + "\n"))) {
                server.enqueue(stream(recorded("reasoning-text-stop.sse")));
                run(a, hello());
            }
            assertThat(take().getHeaders().get("authorization")).isEqualTo("Bearer " + KEY);
        }

        @Test
        void a_key_with_a_space_or_non_ascii_character_is_INVALID_CREDENTIAL_and_is_not_echoed() {
            for (String bad : List.of("sk-abc def", "sk-ключ", "sk-\u0007bell")) {
                try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server)), Map.of("DEEPSEEK_API_KEY", bad))) {
                    LlmFailure f = failureOf(run(a, hello()));
                    assertThat(f.code()).isEqualTo(LlmCodes.INVALID_CREDENTIAL);
                    assertThat(f.message()).doesNotContain(bad).contains("DEEPSEEK_API_KEY");
                }
            }
            assertThat(server.getRequestCount()).isZero();
        }

        @Test
        void the_key_is_redacted_from_a_provider_error_message_that_echoes_it() {
            LlmFailure f = failOnce(error(401, "{\"error\":{\"message\":\"Authentication Fails, Your api key: " + KEY
                    + " is invalid\",\"type\":\"authentication_error\"}}"));

            assertThat(f.code()).isEqualTo(LlmCodes.AUTH);
            assertThat(f.message()).doesNotContain(KEY).contains("[REDACTED]");
        }

        @Test
        void the_openai_compatible_route_sends_no_authorization_without_a_key_and_no_deepseek_headers() throws Exception {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.openAiCompatible().withBaseUrl(Sse.base(server)), Map.of())) {
                server.enqueue(stream(recorded("openai-reasoning.sse")));
                run(a, ModelCall.builder("openai-compatible", "llama3").messages(List.of(Sse.user("hi"))).sessionId("s").build());
            }
            RecordedRequest r = take();
            assertThat(r.getHeaders().get("authorization")).isNull();
            assertThat(r.getHeaders().get("x-deepseek-harness-user-id")).isNull();
            assertThat(r.getHeaders().get("x-deepseek-harness-session-id")).isNull();
            assertThat(r.getHeaders().get("user-agent")).isEqualTo(Attribution.USER_AGENT);
            assertThat(JsJson.stringify(JsJson.parse(r.getBody().utf8()))).isEqualTo("{\"model\":\"llama3\",\"messages\":"
                    + "[{\"role\":\"user\",\"content\":\"hi\"}],\"stream\":true,\"stream_options\":{\"include_usage\":true}}");
        }

        @Test
        void the_openai_compatible_route_sends_a_key_when_one_is_set() throws Exception {
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.openAiCompatible().withBaseUrl(Sse.base(server)).withApiKeyEnv("OPENAI_API_KEY"),
                    Map.of("OPENAI_API_KEY", "sk-open"))) {
                server.enqueue(stream(recorded("openai-reasoning.sse")));
                run(a, ModelCall.of("openai-compatible", "llama3", List.of(Sse.user("hi"))));
            }
            assertThat(take().getHeaders().get("authorization")).isEqualTo("Bearer sk-open");
        }
    }

    @Nested
    class HttpErrors {

        @ParameterizedTest(name = "HTTP {0} {1} -> {2}")
        @CsvSource(delimiter = '|', textBlock = """
                401 | {"error":{"message":"Authentication Fails","type":"authentication_error"}}           | AUTH
                403 | {"error":{"message":"insufficient balance","type":"forbidden"}}                     | AUTH
                413 | {"error":{"message":"insufficient_quota"}}                                          | INVALID_REQUEST
                402 | {"error":{"message":"Insufficient Balance","type":"unknown_error"}}                 | QUOTA
                429 | {"error":{"message":"You exceeded your current quota","type":"insufficient_quota"}} | QUOTA
                500 | {"error":{"code":"insufficient_quota","message":"x"}}                               | QUOTA
                429 | {"error":{"message":"Rate limit reached","type":"rate_limit_error"}}                | RATE_LIMIT
                400 | {"error":{"message":"This model's maximum context length is 131072 tokens"}}        | CONTEXT_WINDOW_EXCEEDED
                400 | {"error":{"code":"context_length_exceeded","message":"too long"}}                   | CONTEXT_WINDOW_EXCEEDED
                400 | {"error":{"message":"Prompt is too long for the model context window"}}             | CONTEXT_WINDOW_EXCEEDED
                400 | {"error":{"message":"Invalid 'messages': content must be set"}}                     | INVALID_REQUEST
                500 | {"error":{"message":"internal"}}                                                    | SERVER
                503 | <html>Service Unavailable</html>                                                    | SERVER
                404 | {"error":{"message":"Not Found"}}                                                   | HTTP_404
                409 | not json at all                                                                     | HTTP_409
                """)
        void statuses_map_in_the_stated_order(int status, String body, String code) {
            LlmFailure f = failOnce(error(status, body));

            assertThat(f.code()).isEqualTo(code);
            assertThat(f.status()).isEqualTo((long) status);
        }

        @Test
        void the_provider_message_becomes_the_failure_message() {
            assertThat(failOnce(error(400, "{\"error\":{\"message\":\"Invalid 'messages'\"}}")).message()).isEqualTo("Invalid 'messages'");
        }

        @Test
        void a_body_that_is_not_json_leaves_a_message_naming_the_status() {
            assertThat(failOnce(error(502, "<html>bad gateway</html>")).message()).isEqualTo("DeepSeek API error (HTTP 502)");
        }

        @Test
        void retry_after_in_seconds_is_kept_in_milliseconds() {
            LlmFailure f = failOnce(new MockResponse.Builder().code(429).addHeader("Retry-After", "7").body("{}").build());

            assertThat(f.providerRetryAfterMs()).isEqualTo(7_000L);
        }

        @Test
        void retry_after_as_an_http_date_is_measured_against_the_injected_clock() {
            Clock clock = Clock.fixed(Instant.parse("2026-12-01T12:00:00Z"), ZoneOffset.UTC);
            try (DeepSeekAdapter a = new DeepSeekAdapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server)),
                    Map.of("DEEPSEEK_API_KEY", KEY)::get, clock)) {
                server.enqueue(new MockResponse.Builder().code(503).addHeader("Retry-After", "Tue, 01 Dec 2026 12:00:30 GMT").body("{}").build());
                assertThat(failureOf(run(a, hello())).providerRetryAfterMs()).isEqualTo(30_000L);
            }
        }

        @Test
        void retry_after_in_the_past_zero_or_garbage_is_dropped() {
            for (String v : List.of("0", "Mon, 01 Jan 1990 00:00:00 GMT", "soon", "-5", "99999999999999999999")) {
                assertThat(failOnce(new MockResponse.Builder().code(429).addHeader("Retry-After", v).body("{}").build())
                        .providerRetryAfterMs()).as(v).isNull();
            }
        }

        @Test
        void the_request_id_is_kept_from_x_request_id_else_x_deepseek_request_id() {
            assertThat(failOnce(new MockResponse.Builder().code(500).addHeader("x-request-id", "req-1")
                    .addHeader("x-deepseek-request-id", "ds-1").body("{}").build()).requestId()).isEqualTo("req-1");
            assertThat(failOnce(new MockResponse.Builder().code(500).addHeader("x-deepseek-request-id", "ds-2")
                    .body("{}").build()).requestId()).isEqualTo("ds-2");
            assertThat(failOnce(new MockResponse.Builder().code(500).body("{}").build()).requestId()).isNull();
        }

        @Test
        void a_connection_refused_before_any_response_is_TRANSPORT() {
            int port = server.getPort();
            server.close();
            try (DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl("http://127.0.0.1:" + port), Map.of("DEEPSEEK_API_KEY", KEY))) {
                LlmFailure f = failureOf(run(a, hello()));
                assertThat(f.code()).isEqualTo(LlmCodes.TRANSPORT);
                assertThat(f.message()).contains("127.0.0.1:" + port).doesNotContain(KEY);
            }
        }
    }

    @Nested
    class Timeouts {

        private DeepSeekAdapter impatient() {
            return adapter(DeepSeekConfig.deepSeek().withBaseUrl(Sse.base(server)).withStreamIdleTimeout(Duration.ofMillis(300)),
                    Map.of("DEEPSEEK_API_KEY", KEY));
        }

        @Test
        void no_response_head_within_the_idle_timeout_is_TIMEOUT() {
            server.enqueue(new MockResponse.Builder().headersDelay(60, TimeUnit.SECONDS).body("x").build());
            try (DeepSeekAdapter a = impatient()) {
                LlmFailure f = failureOf(run(a, hello()));
                assertThat(f.code()).isEqualTo(LlmCodes.TIMEOUT);
                assertThat(f.message()).contains("300ms");
            }
        }

        @Test
        void a_stream_that_goes_silent_after_some_deltas_is_TIMEOUT_after_those_deltas_and_the_socket_is_closed() throws Exception {
            try (RawSseServer raw = new RawSseServer("data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\n", false);
                 DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(raw.baseUrl())
                         .withStreamIdleTimeout(Duration.ofMillis(300)), Map.of("DEEPSEEK_API_KEY", KEY))) {
                List<StreamChunk> chunks = run(a, hello());

                assertThat(chunks).startsWith(new StreamChunk.BlockStart(0, "text"), new StreamChunk.TextDelta(0, "hi"));
                assertThat(((FinishReason.Error) finish(chunks).reason()).failure().code()).isEqualTo(LlmCodes.TIMEOUT);
                assertThat(raw.closedByClient.await(10, TimeUnit.SECONDS)).isTrue();
            }
        }

        @Test
        void a_server_that_accepts_the_request_and_never_answers_is_TIMEOUT() throws Exception {
            try (RawSseServer raw = new RawSseServer("", true);
                 DeepSeekAdapter a = adapter(DeepSeekConfig.deepSeek().withBaseUrl(raw.baseUrl())
                         .withStreamIdleTimeout(Duration.ofMillis(300)), Map.of("DEEPSEEK_API_KEY", KEY))) {
                assertThat(failureOf(run(a, hello())).code()).isEqualTo(LlmCodes.TIMEOUT);
            }
        }
    }

    @Nested
    class RemoteModels {

        @Test
        void models_lists_the_ids_the_server_answers() throws Exception {
            server.enqueue(new MockResponse.Builder().body("{\"object\":\"list\",\"data\":[{\"id\":\"deepseek-v4-flash\"},{\"id\":\"deepseek-v4-pro\"}]}").build());

            assertThat(adapter.remoteModels(io.dsh4j.llm.CancelSignal.never())).containsExactly("deepseek-v4-flash", "deepseek-v4-pro");
            assertThat(take().getUrl().encodedPath()).isEqualTo("/models");
        }

        @Test
        void models_maps_an_http_error_and_rejects_a_body_without_data() {
            server.enqueue(error(401, "{\"error\":{\"message\":\"bad key\"}}"));
            assertThatThrownBy(() -> adapter.remoteModels(io.dsh4j.llm.CancelSignal.never()))
                    .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.code()).isEqualTo(LlmCodes.AUTH));
            server.enqueue(new MockResponse.Builder().body("{\"models\":[]}").build());
            assertThatThrownBy(() -> adapter.remoteModels(io.dsh4j.llm.CancelSignal.never()))
                    .isInstanceOfSatisfying(LlmException.class, e -> assertThat(e.code()).isEqualTo(LlmCodes.MALFORMED_RESPONSE));
        }
    }
}
