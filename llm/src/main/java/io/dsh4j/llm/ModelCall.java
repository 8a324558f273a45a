package io.dsh4j.llm;

import io.dsh4j.message.Message;
import java.util.List;
import java.util.Objects;

/**
 * One model call (DSH's {@code GenerateOptions} minus the signal, which {@link ModelAdapter#stream}
 * takes apart). Immutable; lists are copied. {@code null} means "not given" for every optional field,
 * and an adapter then sends nothing for it (no JSON nulls) or uses its own default.
 *
 * @param provider        route id such as {@code deepseek-official}
 * @param model           model id; unknown ids pass through to the provider
 * @param reasoningEffort {@code off|low|high|max}, {@code null} for the adapter's default
 * @param messages        the model history, oldest first
 * @param system          system prompt, {@code null} when none
 * @param tools           tools offered to the model (empty when none)
 * @param temperature     sampling temperature, {@code null} for the provider's default
 * @param maxTokens       output ceiling, {@code null} for the adapter's default
 * @param stop            stop sequences (empty when none)
 * @param sessionId       the session the call belongs to, {@code null} outside a session
 * @param purpose         why the call is made when it is not an agent step, {@code null} otherwise
 */
public record ModelCall(String provider, String model, String reasoningEffort, List<Message> messages,
                        String system, List<ToolSchema> tools, Double temperature, Long maxTokens,
                        List<String> stop, String sessionId, Purpose purpose) {

    public ModelCall {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(model, "model");
        messages = List.copyOf(messages);
        tools = tools == null ? List.of() : List.copyOf(tools);
        stop = stop == null ? List.of() : List.copyOf(stop);
    }

    /** A call with only route, model and messages. */
    public static ModelCall of(String provider, String model, List<Message> messages) {
        return new ModelCall(provider, model, null, messages, null, List.of(), null, null, List.of(), null, null);
    }

    /** A builder starting from route and model. */
    public static Builder builder(String provider, String model) {
        return new Builder(provider, model);
    }

    /** A builder holding this call's fields. */
    public Builder toBuilder() {
        Builder b = new Builder(provider, model);
        b.reasoningEffort = reasoningEffort;
        b.messages = messages;
        b.system = system;
        b.tools = tools;
        b.temperature = temperature;
        b.maxTokens = maxTokens;
        b.stop = stop;
        b.sessionId = sessionId;
        b.purpose = purpose;
        return b;
    }

    /** Why a call is made outside an agent step ({@code purpose} in DSH). */
    public enum Purpose {
        /** A compaction summary. */
        COMPACTION("compaction"),
        /** A session title; forces thinking off. */
        SESSION_TITLE("session-title"),
        /** BeliefMerge's alignment and adjudication calls (DSH's {@code belief-merge-alignment}). */
        BELIEF_MERGE_ALIGNMENT("belief-merge-alignment");

        private final String wire;

        Purpose(String wire) { this.wire = wire; }

        /** The name DSH uses ({@code compaction}, {@code session-title}). */
        public String wire() { return wire; }
    }

    /** Builds a {@link ModelCall}; not thread-safe. */
    public static final class Builder {
        private String provider;
        private String model;
        private String reasoningEffort;
        private List<Message> messages = List.of();
        private String system;
        private List<ToolSchema> tools = List.of();
        private Double temperature;
        private Long maxTokens;
        private List<String> stop = List.of();
        private String sessionId;
        private Purpose purpose;

        private Builder(String provider, String model) {
            this.provider = provider;
            this.model = model;
        }

        public Builder provider(String v) { provider = v; return this; }
        public Builder model(String v) { model = v; return this; }
        public Builder reasoningEffort(String v) { reasoningEffort = v; return this; }
        public Builder messages(List<Message> v) { messages = v; return this; }
        public Builder system(String v) { system = v; return this; }
        public Builder tools(List<ToolSchema> v) { tools = v; return this; }
        public Builder temperature(Double v) { temperature = v; return this; }
        public Builder maxTokens(Long v) { maxTokens = v; return this; }
        public Builder stop(List<String> v) { stop = v; return this; }
        public Builder sessionId(String v) { sessionId = v; return this; }
        public Builder purpose(Purpose v) { purpose = v; return this; }

        public ModelCall build() {
            return new ModelCall(provider, model, reasoningEffort, messages, system, tools, temperature, maxTokens,
                    stop, sessionId, purpose);
        }
    }
}
