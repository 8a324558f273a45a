package io.dsh4j.llm.deepseek.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonLimits;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The HTTP error mapping of §5.3, checked in this order: 401/403 {@code AUTH}; 413
 * {@code INVALID_REQUEST}; any status whose error code, type or message names an exhausted quota,
 * balance or credit {@code QUOTA}; 429 {@code RATE_LIMIT}; 400 naming a context overflow
 * {@code CONTEXT_WINDOW_EXCEEDED}, other 400 {@code INVALID_REQUEST}; ≥ 500 {@code SERVER}; others
 * {@code HTTP_<status>}. The failure keeps the status, {@code Retry-After} (seconds or an HTTP date,
 * as {@code providerRetryAfterMs}) and {@code x-request-id} / {@code x-deepseek-request-id}. Stateless.
 */
public final class HttpFailures {

    /** The largest error body read; the rest is discarded. */
    public static final int MAX_ERROR_BODY_BYTES = 64 * 1024;

    private static final JsonLimits ERROR_BODY_LIMITS = new JsonLimits(64, MAX_ERROR_BODY_BYTES, 100);

    private static final int F = Pattern.CASE_INSENSITIVE;
    private static final List<Pattern> QUOTA_WORDING = List.of(
            Pattern.compile("\\binsufficient[\\s_-]+(quota|balance|credits?)\\b", F),
            Pattern.compile("\\b(quota|usage[\\s_-]+limit)[\\s_-]+(exceeded|exhausted|reached)\\b", F),
            Pattern.compile("\\bexceed(ed|s)?[\\s_-]+((your|the)[\\s_-]+)?(current[\\s_-]+)?quota\\b", F),
            Pattern.compile("\\b(balance|credits?)[\\s_-]+(exhausted|depleted)\\b", F),
            Pattern.compile("\\bout[\\s_-]+of[\\s_-]+(credits?|budget)\\b", F));
    private static final List<Pattern> CONTEXT_WORDING = List.of(
            Pattern.compile("(^|[^a-z0-9])context[\\s_-](length|window)[\\s_-](exceed(ed|s)?|overflow(ed)?|limit[\\s_-]exceeded)($|[^a-z0-9])", F),
            Pattern.compile("\\b(maximum|max)(\\s+(allowed|supported))?\\s+context\\s+(length|window)\\b", F),
            Pattern.compile("\\b(request|prompt|input|messages?)\\s+((is|are)\\s+)?too\\s+(large|long)\\s+for\\s+((this|the)\\s+)?(model('s)?\\s+)?context(\\s+window)?\\b", F),
            Pattern.compile("\\b(input|prompt|request)\\s+(is\\s+)?too\\s+(long|large)\\s+for\\s+(this|the)\\s+model\\b", F),
            Pattern.compile("\\b(input|prompt|request|messages?)\\b.{0,40}\\b(exceed(s|ed)?|overflows?|is\\s+larger\\s+than)\\b.{0,40}\\b(the\\s+)?(model('s)?\\s+)?context(\\s+(length|window))?\\b", F));

    private HttpFailures() { }

    /** Whether the provider's wording names an exhausted quota or balance (not a rate limit). */
    public static boolean namesQuota(String detail) {
        return QUOTA_WORDING.stream().anyMatch(p -> p.matcher(detail).find());
    }

    /** Whether the provider's wording names a request too large for the model's context. */
    public static boolean namesContextOverflow(String detail) {
        return CONTEXT_WORDING.stream().anyMatch(p -> p.matcher(detail).find());
    }

    /** The code for {@code status} given the provider's {@code code type message} detail. */
    public static String code(int status, String detail) {
        if (status == 401 || status == 403) return LlmCodes.AUTH;
        if (status == 413) return LlmCodes.INVALID_REQUEST;
        if (namesQuota(detail)) return LlmCodes.QUOTA;
        if (status == 429) return LlmCodes.RATE_LIMIT;
        if (status == 400) return namesContextOverflow(detail) ? LlmCodes.CONTEXT_WINDOW_EXCEEDED : LlmCodes.INVALID_REQUEST;
        if (status >= 500) return LlmCodes.SERVER;
        return LlmCodes.http(status);
    }

    /**
     * The failure of a non-2xx response.
     *
     * @param label   names the provider in the message ("DeepSeek API", "OpenAI-compatible API")
     * @param body    the (capped) response body, UTF-8
     * @param header  response header lookup (first value, case-insensitive), empty when absent
     */
    public static LlmFailure failure(String label, int status, byte[] body, int bodyLength,
                                     Function<String, Optional<String>> header, Clock clock) {
        String message = label + " error (HTTP " + status + ")";
        List<String> detail = new ArrayList<>();
        try {
            JsonNode parsed = JsJson.parse(body, 0, bodyLength, ERROR_BODY_LIMITS);
            JsonNode error = parsed.get("error");
            if (error != null && error.isObject()) {
                for (String f : List.of("code", "type", "message")) {
                    JsonNode v = error.get(f);
                    if (v != null && v.isTextual() && !v.textValue().isEmpty()) detail.add(v.textValue());
                }
                JsonNode m = error.get("message");
                if (m != null && m.isTextual() && !m.textValue().isEmpty()) message = m.textValue();
            }
        } catch (RuntimeException notJson) {
            // a gateway's HTML or plain-text page: the status decides alone
        }
        String code = code(status, String.join(" ", detail));
        Long retryAfter = header.apply("retry-after").map(v -> retryAfterMs(v, clock)).orElse(null);
        String requestId = header.apply("x-request-id").filter(s -> !s.isEmpty())
                .or(() -> header.apply("x-deepseek-request-id").filter(s -> !s.isEmpty())).orElse(null);
        return new LlmFailure(message, code, (long) status, retryAfter, requestId);
    }

    private static final Pattern DIGITS = Pattern.compile("\\d+");

    /** {@code Retry-After} in ms: whole seconds, or an HTTP date in the future; {@code null} otherwise. */
    public static Long retryAfterMs(String value, Clock clock) {
        String v = value.trim();
        if (DIGITS.matcher(v).matches()) {
            if (v.length() > 12) return null;
            long ms = Long.parseLong(v) * 1000;
            return ms > 0 ? ms : null;
        }
        try {
            long at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
            long ms = at - clock.millis();
            return ms > 0 ? ms : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
