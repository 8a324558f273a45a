package io.dsh4j.llm.deepseek;

import io.dsh4j.llm.RetryPolicy;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * Configuration of one {@link DeepSeekAdapter} route; every default is stated in {@link #deepSeek()} and
 * {@link #openAiCompatible()} and listed in the module README. {@code null} base URL means "resolve
 * from {@code DEEPSEEK_BASE_URL}, else {@link #DEFAULT_BASE_URL}" at each request.
 *
 * @param dialect            {@link Dialect#DEEPSEEK} sends DeepSeek's extensions; {@link Dialect#OPENAI_COMPATIBLE} does not
 * @param provider           the route id the adapter serves
 * @param baseUrl            base URL (without {@code /chat/completions}), {@code null} to resolve from the environment
 * @param apiKeyEnv          the environment variable holding the API key
 * @param apiKeyRequired     whether a missing key is {@code MISSING_CREDENTIAL} (else no authorization header)
 * @param thinkingDisabled   lock reasoning to {@code off} (config {@code thinking: disabled})
 * @param defaultEffort      effort when a call gives none ({@code off|low|high|max}), {@code null} to send none
 * @param defaultMaxTokens   {@code max_tokens} when a call gives none, {@code null} to send none
 * @param contextWindow      context window reported for every model of the route, {@code null} when unknown
 * @param streamIdleTimeout  longest wait for the response head and for each read of the body
 * @param maxEventBytes      largest server-sent event accepted ({@code EVENT_TOO_LARGE} beyond)
 * @param maxResponseBytes   largest response body accepted ({@code RESPONSE_TOO_LARGE} beyond)
 * @param userId             anonymous user id sent as {@code x-deepseek-harness-user-id} (DeepSeek dialect)
 * @param retryPolicy        the policy the agent loop applies to this route's failures
 */
public record DeepSeekConfig(Dialect dialect, String provider, String baseUrl, String apiKeyEnv, boolean apiKeyRequired,
                             boolean thinkingDisabled, String defaultEffort, Long defaultMaxTokens, Long contextWindow,
                             Duration streamIdleTimeout, int maxEventBytes, long maxResponseBytes, String userId, RetryPolicy retryPolicy) {

    /** DeepSeek's API. */
    public static final String DEFAULT_BASE_URL = "https://api.deepseek.com";
    /** The environment variable consulted when no base URL is configured. */
    public static final String BASE_URL_ENV = "DEEPSEEK_BASE_URL";
    /** The default key variable. */
    public static final String DEFAULT_API_KEY_ENV = "DEEPSEEK_API_KEY";
    /** The DeepSeek route id. */
    public static final String DEEPSEEK_PROVIDER = "deepseek-official";
    /** The OpenAI-compatible route id. */
    public static final String OPENAI_COMPATIBLE_PROVIDER = "openai-compatible";
    /** Default effort of the DeepSeek route. */
    public static final String DEFAULT_EFFORT = "high";
    /** Default output ceiling of the DeepSeek route. */
    public static final long DEFAULT_MAX_TOKENS = 256_000;
    /** Default context window of DeepSeek models. */
    public static final long DEFAULT_CONTEXT_WINDOW = 1_000_000;
    /** Default idle timeout (§5.3 {@code streamIdleTimeoutMs}). */
    public static final Duration DEFAULT_STREAM_IDLE_TIMEOUT = Duration.ofMillis(300_000);
    /** Default cap of one server-sent event: 16 MiB, far above any chunk a provider sends. */
    public static final int DEFAULT_MAX_EVENT_BYTES = 16 * 1024 * 1024;
    /** Default cap of one response: 256 MiB, far above the longest answer a 256,000-token ceiling allows. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 256L * 1024 * 1024;
    /** The efforts DeepSeek accepts. */
    public static final Set<String> EFFORTS = Set.of("off", "low", "high", "max");

    /** Which wire extensions the route speaks. */
    public enum Dialect { DEEPSEEK, OPENAI_COMPATIBLE }

    public DeepSeekConfig {
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
        Objects.requireNonNull(streamIdleTimeout, "streamIdleTimeout");
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        if (provider.isEmpty()) throw new IllegalArgumentException("provider must not be empty");
        if (defaultEffort != null && !EFFORTS.contains(defaultEffort))
            throw new IllegalArgumentException("defaultEffort must be one of off, low, high, max: " + defaultEffort);
        if (defaultMaxTokens != null && defaultMaxTokens <= 0)
            throw new IllegalArgumentException("defaultMaxTokens must be positive: " + defaultMaxTokens);
        if (contextWindow != null && contextWindow <= 0)
            throw new IllegalArgumentException("contextWindow must be positive: " + contextWindow);
        if (streamIdleTimeout.isNegative() || streamIdleTimeout.isZero())
            throw new IllegalArgumentException("streamIdleTimeout must be positive: " + streamIdleTimeout);
        if (maxEventBytes < 1024) throw new IllegalArgumentException("maxEventBytes must be at least 1024: " + maxEventBytes);
        if (maxResponseBytes < maxEventBytes)
            throw new IllegalArgumentException("maxResponseBytes must be at least maxEventBytes: " + maxResponseBytes);
        if (baseUrl != null && !(baseUrl.startsWith("http://") || baseUrl.startsWith("https://")))
            throw new IllegalArgumentException("baseUrl must be an http:// or https:// URL: " + baseUrl);
    }

    /** The DeepSeek route with its defaults. */
    public static DeepSeekConfig deepSeek() {
        return new DeepSeekConfig(Dialect.DEEPSEEK, DEEPSEEK_PROVIDER, null, DEFAULT_API_KEY_ENV, true, false,
                DEFAULT_EFFORT, DEFAULT_MAX_TOKENS, DEFAULT_CONTEXT_WINDOW, DEFAULT_STREAM_IDLE_TIMEOUT,
                DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_RESPONSE_BYTES, null, RetryPolicy.normal());
    }

    /** The OpenAI-compatible route: no thinking field, no default effort or max tokens, key optional. */
    public static DeepSeekConfig openAiCompatible() {
        return new DeepSeekConfig(Dialect.OPENAI_COMPATIBLE, OPENAI_COMPATIBLE_PROVIDER, null, DEFAULT_API_KEY_ENV, false,
                false, null, null, null, DEFAULT_STREAM_IDLE_TIMEOUT, DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_RESPONSE_BYTES, null, RetryPolicy.normal());
    }

    public DeepSeekConfig withBaseUrl(String v) {
        return new DeepSeekConfig(dialect, provider, v == null ? null : stripSlash(v), apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, maxEventBytes, maxResponseBytes, userId, retryPolicy);
    }

    public DeepSeekConfig withProvider(String v) {
        return new DeepSeekConfig(dialect, v, baseUrl, apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, maxEventBytes, maxResponseBytes, userId, retryPolicy);
    }

    public DeepSeekConfig withApiKeyEnv(String v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, v, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, maxEventBytes, maxResponseBytes, userId, retryPolicy);
    }

    public DeepSeekConfig withThinkingDisabled(boolean v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, apiKeyEnv, apiKeyRequired, v,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, maxEventBytes, maxResponseBytes, userId, retryPolicy);
    }

    public DeepSeekConfig withStreamIdleTimeout(Duration v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, v, maxEventBytes, maxResponseBytes, userId, retryPolicy);
    }

    public DeepSeekConfig withMaxEventBytes(int v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, v, maxResponseBytes, userId, retryPolicy);
    }

    public DeepSeekConfig withMaxResponseBytes(long v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, maxEventBytes, v, userId, retryPolicy);
    }

    public DeepSeekConfig withUserId(String v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, maxEventBytes, maxResponseBytes, v, retryPolicy);
    }

    public DeepSeekConfig withRetryPolicy(RetryPolicy v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, defaultMaxTokens, contextWindow, streamIdleTimeout, maxEventBytes, maxResponseBytes, userId, v);
    }

    public DeepSeekConfig withDefaultMaxTokens(Long v) {
        return new DeepSeekConfig(dialect, provider, baseUrl, apiKeyEnv, apiKeyRequired, thinkingDisabled,
                defaultEffort, v, contextWindow, streamIdleTimeout, maxEventBytes, maxResponseBytes, userId, retryPolicy);
    }

    private static String stripSlash(String url) {
        String u = url;
        while (u.endsWith("/")) u = u.substring(0, u.length() - 1);
        return u;
    }
}
