package io.dsh4j.message;

import java.util.Objects;

/**
 * A provider-neutral model failure ({@code {message, code, status?, providerRetryAfterMs?, requestId?}}).
 *
 * @param message              human-readable description
 * @param code                 provider-neutral code such as {@code AUTH}, {@code CONTEXT_WINDOW_EXCEEDED}
 * @param status               HTTP status, {@code null} when none
 * @param providerRetryAfterMs provider's retry hint in ms, {@code null} when none
 * @param requestId            provider request id, {@code null} when none
 */
public record LlmFailure(String message, String code, Long status, Long providerRetryAfterMs, String requestId) {

    public LlmFailure {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(code, "code");
    }

    /** A failure with only message and code. */
    public static LlmFailure of(String message, String code) {
        return new LlmFailure(message, code, null, null, null);
    }
}
