package io.dsh4j.llm.deepseek;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.llm.LlmException;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.llm.ModelCatalog;
import io.dsh4j.llm.ModelInfo;
import io.dsh4j.llm.RetryPolicy;
import io.dsh4j.llm.deepseek.internal.ApiKeys;
import io.dsh4j.llm.deepseek.internal.Attribution;
import io.dsh4j.llm.deepseek.internal.HttpFailures;
import io.dsh4j.llm.deepseek.internal.StreamingExchange;
import io.dsh4j.llm.deepseek.internal.WireRequest;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonLimits;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The DeepSeek / OpenAI-compatible streaming adapter (§5.3) on the JDK's {@link HttpClient}: {@code POST
 * {baseUrl}/chat/completions} with {@code stream: true}, translated chunk by chunk. The dialect of its
 * {@link DeepSeekConfig} decides whether DeepSeek's extensions ({@code thinking}, the
 * {@code x-deepseek-harness-*} headers, a required key) are used. The base URL and the key are resolved
 * from the environment per request; the key is never logged and is redacted from every failure message.
 *
 * <p>Thread-safe; one HTTP client (HTTP/1.1) shared by all calls. {@link #close()} releases it.
 */
public final class DeepSeekAdapter implements ModelAdapter, AutoCloseable {

    /** The largest {@code /models} answer read. */
    public static final int MAX_MODELS_BODY_BYTES = 4 * 1024 * 1024;

    private final DeepSeekConfig config;
    private final UnaryOperator<String> env;
    private final Clock clock;
    private final HttpClient client;
    private final String userId;
    private final ModelCatalog catalog;

    /** An adapter reading {@link System#getenv} and the system clock. */
    public DeepSeekAdapter(DeepSeekConfig config) {
        this(config, System::getenv, Clock.systemUTC());
    }

    /**
     * @param env   environment lookup ({@code null} for an unset variable)
     * @param clock the clock {@code Retry-After} dates are measured against
     */
    public DeepSeekAdapter(DeepSeekConfig config, UnaryOperator<String> env, Clock clock) {
        this.config = config;
        this.env = env;
        this.clock = clock;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(config.streamIdleTimeout()).build();
        this.userId = config.userId() != null ? config.userId() : UUID.randomUUID().toString();
        this.catalog = config.dialect() == DeepSeekConfig.Dialect.DEEPSEEK
                ? DeepSeekCatalog.of(config.provider(), config.contextWindow(), config.defaultMaxTokens(), config.thinkingDisabled())
                : ModelCatalog.builder().passThrough(config.provider(), (p, id) -> new ModelInfo(p, id, id,
                        config.contextWindow(), config.defaultMaxTokens(), List.of(), null, List.of("text"))).build();
    }

    /** The configuration. */
    public DeepSeekConfig config() {
        return config;
    }

    /** The base URL requests go to: config, else {@code DEEPSEEK_BASE_URL}, else DeepSeek's. */
    public String baseUrl() {
        if (config.baseUrl() != null) return config.baseUrl();
        String fromEnv = env.apply(DeepSeekConfig.BASE_URL_ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            String u = fromEnv.strip();
            while (u.endsWith("/")) u = u.substring(0, u.length() - 1);
            return u;
        }
        return DeepSeekConfig.DEFAULT_BASE_URL;
    }

    @Override
    public ModelCatalog catalog() {
        return catalog;
    }

    @Override
    public RetryPolicy retryPolicy() {
        return config.retryPolicy();
    }

    private String label() {
        return config.dialect() == DeepSeekConfig.Dialect.DEEPSEEK ? "DeepSeek API" : "OpenAI-compatible API";
    }

    /** The key, or empty when none is set and none is required. @throws LlmException MISSING/INVALID_CREDENTIAL */
    private Optional<String> apiKey() {
        Optional<String> key = ApiKeys.normalize(env.apply(config.apiKeyEnv()), config.apiKeyEnv());
        if (key.isEmpty() && config.apiKeyRequired())
            throw new LlmException(LlmCodes.MISSING_CREDENTIAL, "no API key for provider " + config.provider()
                    + ": set the environment variable " + config.apiKeyEnv());
        return key;
    }

    @Override
    public void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) {
        if (cancel.cancelled()) {
            sink.accept(new StreamChunk.Finish(new FinishReason.Aborted(
                    LlmFailure.of(label() + " request aborted by caller", LlmCodes.ABORTED)), null));
            return;
        }
        HttpRequest request;
        String key;
        try {
            key = apiKey().orElse(null);
            String body = JsJson.stringify(WireRequest.body(call, config));
            URI uri = URI.create(baseUrl() + "/chat/completions");
            HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .header("content-type", "application/json")
                    .header("accept", "text/event-stream")
                    .header("User-Agent", Attribution.USER_AGENT);
            if (key != null) b.header("authorization", "Bearer " + key);
            if (config.dialect() == DeepSeekConfig.Dialect.DEEPSEEK) {
                b.header("x-deepseek-harness-user-id", userId);
                if (call.sessionId() != null) b.header("x-deepseek-harness-session-id", call.sessionId());
                if (call.purpose() == ModelCall.Purpose.COMPACTION) b.header("x-deepseek-harness-compact", "1");
            }
            request = b.build();
        } catch (LlmException e) {
            sink.accept(new StreamChunk.Finish(new FinishReason.Error(LlmFailure.of(e.getMessage(), e.code())), null));
            return;
        } catch (IllegalArgumentException e) {
            sink.accept(new StreamChunk.Finish(new FinishReason.Error(LlmFailure.of(
                    label() + " request could not be built: " + e.getMessage(), LlmCodes.INVALID_REQUEST)), null));
            return;
        }
        new StreamingExchange(client, request, label(), key, config.streamIdleTimeout(), config.maxEventBytes(), config.maxResponseBytes(),
                config.dialect() == DeepSeekConfig.Dialect.OPENAI_COMPATIBLE, clock).run(cancel, sink);
    }

    /**
     * The model ids the server's {@code GET {baseUrl}/models} lists ({@code {data:[{id}]}}), in its order.
     *
     * @throws LlmException with the §5.3 HTTP code, {@code TRANSPORT}, {@code TIMEOUT}, {@code ABORTED},
     *                      {@code MALFORMED_RESPONSE} or a credential code
     */
    public List<String> remoteModels(CancelSignal cancel) {
        String key = apiKey().orElse(null);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl() + "/models")).GET()
                .timeout(config.streamIdleTimeout())
                .header("accept", "application/json").header("User-Agent", Attribution.USER_AGENT);
        if (key != null) b.header("authorization", "Bearer " + key);
        CompletableFuture<HttpResponse<InputStream>> f = client.sendAsync(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        try (CancelSignal.Registration r = cancel.onCancel(() -> f.cancel(true))) {
            HttpResponse<InputStream> response = f.get();
            byte[] body;
            try (InputStream in = response.body()) {
                body = in.readNBytes(MAX_MODELS_BODY_BYTES);
            }
            if (response.statusCode() < 200 || response.statusCode() > 299) {
                LlmFailure failure = HttpFailures.failure(label(), response.statusCode(), body, body.length,
                        name -> response.headers().firstValue(name), clock);
                throw new LlmException(failure.code(), ApiKeys.redact(failure.message(), key));
            }
            JsonNode parsed;
            try {
                parsed = JsJson.parse(body, 0, body.length, JsonLimits.DEFAULTS);
            } catch (RuntimeException e) {
                throw new LlmException(LlmCodes.MALFORMED_RESPONSE, label() + " /models answered something that is not JSON");
            }
            JsonNode data = parsed.get("data");
            if (data == null || !data.isArray())
                throw new LlmException(LlmCodes.MALFORMED_RESPONSE, label() + " /models answer has no \"data\" array");
            List<String> ids = new ArrayList<>();
            for (JsonNode m : data) {
                JsonNode id = m.get("id");
                if (id != null && id.isTextual()) ids.add(id.textValue());
            }
            return ids;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmException(LlmCodes.ABORTED, label() + " /models request interrupted");
        } catch (CancellationException e) {
            throw new LlmException(LlmCodes.ABORTED, label() + " /models request aborted by caller");
        } catch (ExecutionException | IOException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            if (cause instanceof java.net.http.HttpTimeoutException)
                throw new LlmException(LlmCodes.TIMEOUT, label() + " /models request timed out");
            throw new LlmException(LlmCodes.TRANSPORT, ApiKeys.redact(label() + " /models request to " + baseUrl()
                    + " failed: " + io.dsh4j.llm.deepseek.internal.TransportErrors.describe(cause), key));
        }
    }

    /**
     * Translates a recorded chat-completions event stream (the bytes of a response body) as a live call
     * would, under {@code config}'s dialect and caps: chunks, then exactly one finish ({@code error} with
     * {@code STREAM_CLOSED}, {@code MALFORMED_RESPONSE}, {@code EVENT_TOO_LARGE}, {@code RESPONSE_TOO_LARGE}
     * or {@code TRANSPORT} when the stream is bad). For replays, tools and benchmarks; never throws for bad input.
     */
    public static void translateRecorded(InputStream in, DeepSeekConfig config, Consumer<? super StreamChunk> sink) {
        String label = config.dialect() == DeepSeekConfig.Dialect.DEEPSEEK ? "DeepSeek API" : "OpenAI-compatible API";
        FinishReason failure;
        try {
            failure = new io.dsh4j.llm.deepseek.internal.EventStream(label, config.maxEventBytes(), config.maxResponseBytes(),
                    config.dialect() == DeepSeekConfig.Dialect.OPENAI_COMPATIBLE).read(in, sink);
        } catch (IOException e) {
            failure = new FinishReason.Error(LlmFailure.of(label + " stream could not be read: "
                    + io.dsh4j.llm.deepseek.internal.TransportErrors.describe(e), LlmCodes.TRANSPORT));
        }
        if (failure != null) sink.accept(new StreamChunk.Finish(failure, null));
    }

    @Override
    public void close() {
        client.close();
    }
}
