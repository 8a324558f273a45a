package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.Message;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import java.util.List;
import java.util.Objects;

/**
 * The typed view of an event's {@code data}, one record per event type that the stats, the surface
 * and the plugins read; {@link Passthrough} for every other known type and {@link Unknown} for an
 * ignorable type this build does not know. Built on demand by {@link SessionEvent#payload()};
 * {@link PayloadJson#write} turns a payload back into data in DSH's key order. Nullable components
 * are optional fields (absent in the JSON). Fixture placeholders where a list stands read as empty.
 */
public sealed interface EventPayload {

    /** The event type this payload belongs to. */
    String type();

    // ------------------------------------------------------------ turn / step skeleton

    /** {@code turn/start {turn}}. */
    record TurnStart(long turn) implements EventPayload {
        @Override public String type() { return EventTypes.TURN_START; }
    }

    /** {@code turn/end {turn, reason}}. */
    record TurnEnd(long turn, TurnEndReason reason) implements EventPayload {
        public TurnEnd { Objects.requireNonNull(reason, "reason"); }
        @Override public String type() { return EventTypes.TURN_END; }
    }

    /** {@code step/start {turn, step}}. */
    record StepStart(long turn, long step) implements EventPayload {
        @Override public String type() { return EventTypes.STEP_START; }
    }

    /** {@code step/end {turn, step}}: always written, also for failed and cancelled steps. */
    record StepEnd(long turn, long step) implements EventPayload {
        @Override public String type() { return EventTypes.STEP_END; }
    }

    // ------------------------------------------------------------ messages and streaming

    /** {@code user/message}: the data is the user-role message itself. */
    record UserMessage(Message.UserMessage message) implements EventPayload {
        public UserMessage { Objects.requireNonNull(message, "message"); }
        @Override public String type() { return EventTypes.USER_MESSAGE; }
    }

    /** {@code assistant/chunk {turn, step, chunk}}: one raw stream chunk. */
    record AssistantChunk(long turn, long step, StreamChunk chunk) implements EventPayload {
        public AssistantChunk { Objects.requireNonNull(chunk, "chunk"); }
        @Override public String type() { return EventTypes.ASSISTANT_CHUNK; }
    }

    /**
     * {@code assistant/message {turn, step, message, usage?, interrupted?}}.
     *
     * @param usage       the call's usage, {@code null} when absent
     * @param interrupted whether the message holds a cancelled stream's visible prefix
     */
    record AssistantMessage(long turn, long step, Message.AssistantMessage message, TokenUsage usage,
                            boolean interrupted) implements EventPayload {
        public AssistantMessage { Objects.requireNonNull(message, "message"); }
        @Override public String type() { return EventTypes.ASSISTANT_MESSAGE; }
    }

    /** {@code tool/call {turn, step, callId, name, arguments}} ({@code arguments} is raw JSON text). */
    record ToolCall(long turn, long step, String callId, String name, String arguments) implements EventPayload {
        public ToolCall {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(arguments, "arguments");
        }
        @Override public String type() { return EventTypes.TOOL_CALL; }
    }

    /**
     * {@code tool/result {turn, step, message, error?, meta?}}.
     *
     * @param error internal failure identity, {@code null} when absent
     * @param meta  tool-private presentation data, {@code null} when absent
     */
    record ToolResult(long turn, long step, Message.ToolResultMessage message, ToolError error, JsonNode meta)
            implements EventPayload {
        public ToolResult { Objects.requireNonNull(message, "message"); }
        @Override public String type() { return EventTypes.TOOL_RESULT; }
        /** Whether the result block is marked {@code isError: true}. */
        public boolean isError() { return message.isError(); }
    }

    /** A tool failure identity such as {@code FsError / FS_NOT_FOUND}. */
    record ToolError(String name, String code, JsonNode json) {
        public ToolError { Objects.requireNonNull(json, "json"); }

        /** {@code {name, code}}. */
        public static ToolError of(String name, String code) {
            return new ToolError(name, code, io.dsh4j.message.json.JsJson.nodes().objectNode().put("name", name).put("code", code));
        }
    }

    /** {@code agent/inbox/spliced {target, start, removedCount?, inserted, outcome?}}. */
    record InboxSpliced(String target, long start, Long removedCount, List<Message.UserMessage> inserted,
                        String outcome) implements EventPayload {
        public InboxSpliced {
            Objects.requireNonNull(target, "target");
            inserted = List.copyOf(inserted);
        }
        @Override public String type() { return EventTypes.AGENT_INBOX_SPLICED; }
    }

    // ------------------------------------------------------------ request reconstruction

    /**
     * {@code request/header {header: {config, adapterDefaults?, system?, tools?}, reason}}.
     *
     * @param provider        {@code header.config.provider}
     * @param model           {@code header.config.model}
     * @param config          the complete {@code header.config} object
     * @param adapterDefaults {@code header.adapterDefaults}, {@code null} when absent
     * @param system          system prompt, {@code null} when absent
     * @param tools           tool schemas (an array, or a fixture placeholder string), {@code null} when absent
     * @param reason          initial, resume or change
     */
    record RequestHeader(String provider, String model, JsonNode config, JsonNode adapterDefaults, String system,
                         JsonNode tools, String reason, JsonNode header) implements EventPayload {
        public RequestHeader {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(header, "header");
        }
        @Override public String type() { return EventTypes.REQUEST_HEADER; }
    }

    /** {@code request/context {provider, model, contextWindow?}}. */
    record RequestContext(String provider, String model, Long contextWindow) implements EventPayload {
        public RequestContext {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(model, "model");
        }
        @Override public String type() { return EventTypes.REQUEST_CONTEXT; }
    }

    // ------------------------------------------------------------ lifecycle, titles, todos

    /** {@code session/end-seed {}}: end of history inherited from a seed (resume, fork, replay). */
    record EndSeed() implements EventPayload {
        @Override public String type() { return EventTypes.SESSION_END_SEED; }
    }

    /**
     * {@code subagent/descriptor {version, mode, provider, label?, agentProvider?, agentModel?, persona?, toolFilter?}}.
     */
    record SubagentDescriptor(long version, String mode, String provider, String label, String agentProvider,
                              String agentModel, JsonNode persona, JsonNode toolFilter) implements EventPayload {
        public SubagentDescriptor {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(provider, "provider");
        }
        @Override public String type() { return EventTypes.SUBAGENT_DESCRIPTOR; }
    }

    /** {@code session/title {title, messageSeqs, source}}; {@code source.kind} ∈ fallback, provider, user. */
    record SessionTitle(String title, List<Long> messageSeqs, String sourceKind, JsonNode source) implements EventPayload {
        public SessionTitle {
            Objects.requireNonNull(title, "title");
            messageSeqs = List.copyOf(messageSeqs);
            Objects.requireNonNull(sourceKind, "sourceKind");
            Objects.requireNonNull(source, "source");
        }
        @Override public String type() { return EventTypes.SESSION_TITLE; }
    }

    /** {@code todo/write {todos}}: the whole list, latest wins. */
    record TodoWrite(List<Todo> todos) implements EventPayload {
        public TodoWrite { todos = List.copyOf(todos); }
        @Override public String type() { return EventTypes.TODO_WRITE; }
    }

    /** One todo item; {@code status} ∈ pending, in_progress, completed. */
    record Todo(String content, String status) {
        public Todo {
            Objects.requireNonNull(content, "content");
            Objects.requireNonNull(status, "status");
        }
    }

    // ------------------------------------------------------------ compaction

    /** {@code compaction/start {compactionId, sourceCommandId?, turn}} ({@code turn} may be null). */
    record CompactionStart(String compactionId, String sourceCommandId, Long turn) implements EventPayload {
        public CompactionStart { Objects.requireNonNull(compactionId, "compactionId"); }
        @Override public String type() { return EventTypes.COMPACTION_START; }
    }

    /** {@code compaction/summary}: the summary and the range it shadows, with its shadow price. */
    record CompactionSummary(String compactionId, String sourceCommandId, List<ContentBlock> summary,
                             long shadowedStart, long shadowedEnd, List<Long> shadowedSeqs, long shadowedTokenCount,
                             String provider, String model, Long maxTokens, TokenUsage usage, JsonNode rawOutput,
                             boolean llmStreamCall) implements EventPayload {
        public CompactionSummary {
            Objects.requireNonNull(compactionId, "compactionId");
            summary = List.copyOf(summary);
            shadowedSeqs = List.copyOf(shadowedSeqs);
        }
        @Override public String type() { return EventTypes.COMPACTION_SUMMARY; }
    }

    /** {@code compaction/prune {shadowedRange, shadowedSeqs, shadowedTokenCount}}. */
    record CompactionPrune(long shadowedStart, long shadowedEnd, List<Long> shadowedSeqs, long shadowedTokenCount)
            implements EventPayload {
        public CompactionPrune { shadowedSeqs = List.copyOf(shadowedSeqs); }
        @Override public String type() { return EventTypes.COMPACTION_PRUNE; }
    }

    /** {@code compaction/end {compactionId, sourceCommandId?, turn, error?}}. */
    record CompactionEnd(String compactionId, String sourceCommandId, Long turn, JsonNode error) implements EventPayload {
        public CompactionEnd { Objects.requireNonNull(compactionId, "compactionId"); }
        @Override public String type() { return EventTypes.COMPACTION_END; }
    }

    // ------------------------------------------------------------ retry

    /** {@code llm/retry}: a retry was scheduled after a failed attempt. */
    record LlmRetry(String retryId, long turn, long step, String provider, String mode, String policyKey, long retry,
                    Long maxRetries, long delayMs, LlmFailure failure) implements EventPayload {
        public LlmRetry {
            Objects.requireNonNull(retryId, "retryId");
            Objects.requireNonNull(failure, "failure");
        }
        @Override public String type() { return EventTypes.LLM_RETRY; }
    }

    /** {@code llm/retry-started {retryId, turn, step, retry}}. */
    record LlmRetryStarted(String retryId, long turn, long step, long retry) implements EventPayload {
        public LlmRetryStarted { Objects.requireNonNull(retryId, "retryId"); }
        @Override public String type() { return EventTypes.LLM_RETRY_STARTED; }
    }

    // ------------------------------------------------------------ everything else

    /** A known type without a dedicated view: its data, verbatim. */
    record Passthrough(String type, JsonNode data) implements EventPayload {
        public Passthrough {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(data, "data");
        }
    }

    /** An unknown type that was marked ignorable: its data, verbatim. */
    record Unknown(String type, JsonNode data) implements EventPayload {
        public Unknown {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(data, "data");
        }
    }
}
