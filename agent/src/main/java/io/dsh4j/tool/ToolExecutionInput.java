package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.kernel.Signal;
import java.util.Objects;

/**
 * One call as its caller describes it (spec §3.4).
 *
 * @param rootCallId the root model-requested call of a nested execution; {@code null} for a root call
 * @param arguments  the parsed arguments (for a model call: its raw text parsed, an empty text as
 *                   {@code {}}, invalid JSON as the raw text itself — see {@link ToolArguments#parse})
 * @param agent      the calling agent; {@code null} for a direct call (global tool view, no scope)
 * @param signal     the caller's cancellation; required
 */
public record ToolExecutionInput(String callId, String rootCallId, String name, JsonNode arguments,
                                 ToolAgent agent, Signal signal) {
    public ToolExecutionInput {
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(signal, "signal");
    }

    /** A root call of {@code agent} (may be {@code null}). */
    public static ToolExecutionInput of(String callId, String name, JsonNode arguments, ToolAgent agent,
                                        Signal signal) {
        return new ToolExecutionInput(callId, null, name, arguments, agent, signal);
    }
}
