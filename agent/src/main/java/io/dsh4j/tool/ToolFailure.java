package io.dsh4j.tool;

import java.util.Objects;

/**
 * Why a call failed: the message without the {@code Error: } envelope and, when the failure was a
 * code-carrying error, its identity.
 *
 * @param info {@code null} for failures without a code (policy denials, plain exceptions)
 */
public record ToolFailure(String message, ToolErrorInfo info) {
    public ToolFailure {
        Objects.requireNonNull(message, "message");
    }

    public static ToolFailure of(String message) {
        return new ToolFailure(message, null);
    }
}
