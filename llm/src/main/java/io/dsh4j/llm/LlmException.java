package io.dsh4j.llm;

import java.util.Objects;

/**
 * A model-layer failure thrown to a caller outside a stream (registration, configuration). Failures
 * inside a stream are never thrown; they end the stream with a {@code finish{error}} chunk.
 */
public final class LlmException extends RuntimeException {

    private final String code;

    public LlmException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** One of {@link LlmCodes}. */
    public String code() {
        return code;
    }
}
