package io.dsh4j.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.tool.internal.SchemaSubset;
import java.util.List;
import java.util.Objects;

/**
 * A registered tool (spec §3.1): the model-facing {@link #schema()}, the body, and the contract the
 * runtime enforces around it. Built with {@link #builder(String)}; the constructor checks both
 * schemas against DSH's enforced subset (§3.2) and throws {@link JsonSchemaException} listing every
 * offending path.
 *
 * <p>Arguments are validated against {@code parameters} before the body runs: a violation is the
 * error result {@code INVALID_ARGS} ({@code invalid arguments: …}) and the body is not called;
 * defaults declared in the schema are not applied.
 *
 * @param concurrency {@code null}: every call is exclusive. Only an exact {@code true} lets a call
 *                    overlap with its siblings; invalid arguments and a throw mean exclusive
 * @param timeoutMs   a positive cooperative budget, {@code null} for none; enforced only by a
 *                    timeout policy wrapping {@code tools/execute}; never model-visible
 * @param finalizer   {@code null}, or the last-mile content replacement of every outcome
 */
public record ToolDefinition(String name, String description, JsonNode parameters, ToolOutput output,
                             ToolBody body, ConcurrencySafety concurrency, Long timeoutMs,
                             ContentFinalizer finalizer) {

    public ToolDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(parameters, "parameters");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(body, "body");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("tool name must not be empty");
        }
        if (timeoutMs != null && timeoutMs <= 0) {
            throw new IllegalArgumentException("tool \"" + name + "\": timeoutMs must be a positive number, got " + timeoutMs);
        }
        parameters = parameters.deepCopy();
        SchemaSubset.check(parameters, "parameters", "tool \"" + name + "\"");
        SchemaSubset.check(output.schema(), "output.schema", "tool \"" + name + "\"");
    }

    /** What the model sees. */
    public ToolSchema schema() {
        return new ToolSchema(name, description, parameters);
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Classifies one call as parallel-safe; must be pure and quick. */
    @FunctionalInterface
    public interface ConcurrencySafety {
        boolean isConcurrencySafe(JsonNode args);
    }

    /**
     * Replaces the content of a normalized outcome (success or failure) right before it is
     * materialized; returns {@code null} to keep it. Must not throw.
     */
    @FunctionalInterface
    public interface ContentFinalizer {
        List<ContentBlock> finalizeContent(ToolExecution exec, ToolExecutionResult result);
    }

    /** Builds a {@link ToolDefinition}; {@code description}, {@code parameters}, {@code output} and {@code body} are required. */
    public static final class Builder {
        private final String name;
        private String description;
        private JsonNode parameters;
        private ToolOutput output;
        private ToolBody body;
        private ConcurrencySafety concurrency;
        private Long timeoutMs;
        private ContentFinalizer finalizer;

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        public Builder description(String description) { this.description = description; return this; }
        public Builder parameters(JsonNode parameters) { this.parameters = parameters; return this; }
        public Builder output(ToolOutput output) { this.output = output; return this; }
        public Builder body(ToolBody body) { this.body = body; return this; }
        /** Every call of this tool may overlap with its parallel-safe siblings. */
        public Builder parallelSafe() { this.concurrency = args -> true; return this; }
        public Builder concurrency(ConcurrencySafety concurrency) { this.concurrency = concurrency; return this; }
        public Builder timeoutMs(long timeoutMs) { this.timeoutMs = timeoutMs; return this; }
        public Builder finalizer(ContentFinalizer finalizer) { this.finalizer = finalizer; return this; }

        public ToolDefinition build() {
            return new ToolDefinition(name, description, parameters, output, body, concurrency, timeoutMs, finalizer);
        }
    }
}
