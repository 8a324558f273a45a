package io.dsh4j.session.event;

import static io.dsh4j.message.json.JsonFields.at;
import static io.dsh4j.message.json.JsonFields.integer;
import static io.dsh4j.message.json.JsonFields.list;
import static io.dsh4j.message.json.JsonFields.object;
import static io.dsh4j.message.json.JsonFields.optBool;
import static io.dsh4j.message.json.JsonFields.optInteger;
import static io.dsh4j.message.json.JsonFields.optObject;
import static io.dsh4j.message.json.JsonFields.optText;
import static io.dsh4j.message.json.JsonFields.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ChunkJson;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageJson;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonFields;
import io.dsh4j.message.json.JsonShapeException;
import java.util.List;

/**
 * Reads an event's data into its {@link EventPayload} view and writes a payload back as data in
 * DSH's key order. Stateless, thread-safe.
 */
public final class PayloadJson {

    private PayloadJson() {}

    /**
     * The typed view of {@code data} for an event of {@code type}.
     *
     * @param known whether {@code type} is to be treated as known (unknown types give {@link EventPayload.Unknown})
     * @throws JsonShapeException naming the path of a missing or mistyped field
     */
    public static EventPayload read(String type, JsonNode data, boolean known) {
        if (!known) return new EventPayload.Unknown(type, data);
        String p = "data"; // the hot types name their nested paths as literals ("data.chunk"): no concatenation per event
        return switch (type) {
            case EventTypes.TURN_START -> new EventPayload.TurnStart(integer(object(data, p), "turn", p));
            case EventTypes.TURN_END -> new EventPayload.TurnEnd(integer(object(data, p), "turn", p),
                    readReason(data.get("reason"), "data.reason"));
            case EventTypes.STEP_START -> new EventPayload.StepStart(integer(object(data, p), "turn", p), integer(data, "step", p));
            case EventTypes.STEP_END -> new EventPayload.StepEnd(integer(object(data, p), "turn", p), integer(data, "step", p));
            case EventTypes.USER_MESSAGE -> new EventPayload.UserMessage(MessageJson.readUserMessage(data, p));
            case EventTypes.ASSISTANT_CHUNK -> new EventPayload.AssistantChunk(integer(object(data, p), "turn", p),
                    integer(data, "step", p), ChunkJson.readChunk(data.get("chunk"), "data.chunk"));
            case EventTypes.ASSISTANT_MESSAGE -> {
                object(data, p);
                JsonNode usage = data.get("usage");
                Boolean interrupted = optBool(data, "interrupted", p);
                yield new EventPayload.AssistantMessage(integer(data, "turn", p), integer(data, "step", p),
                        MessageJson.readAssistantMessage(data.get("message"), "data.message"),
                        usage == null ? null : MessageJson.readUsage(usage, "data.usage"), Boolean.TRUE.equals(interrupted));
            }
            case EventTypes.TOOL_CALL -> new EventPayload.ToolCall(integer(object(data, p), "turn", p), integer(data, "step", p),
                    text(data, "callId", p), text(data, "name", p), text(data, "arguments", p));
            case EventTypes.TOOL_RESULT -> {
                object(data, p);
                JsonNode error = optObject(data, "error", p);
                yield new EventPayload.ToolResult(integer(data, "turn", p), integer(data, "step", p),
                        MessageJson.readToolResultMessage(data.get("message"), "data.message"),
                        error == null ? null : new EventPayload.ToolError(optText(error, "name", "data.error"),
                                optText(error, "code", "data.error"), error),
                        data.get("meta"));
            }
            case EventTypes.AGENT_INBOX_SPLICED -> new EventPayload.InboxSpliced(text(object(data, p), "target", p),
                    integer(data, "start", p), optInteger(data, "removedCount", p),
                    list(data, "inserted", p, MessageJson::readUserMessage), optText(data, "outcome", p));
            case EventTypes.REQUEST_HEADER -> readRequestHeader(data, p);
            case EventTypes.REQUEST_CONTEXT -> new EventPayload.RequestContext(text(object(data, p), "provider", p),
                    text(data, "model", p), optInteger(data, "contextWindow", p));
            case EventTypes.SESSION_END_SEED -> new EventPayload.EndSeed();
            case EventTypes.SUBAGENT_DESCRIPTOR -> new EventPayload.SubagentDescriptor(integer(object(data, p), "version", p),
                    text(data, "mode", p), text(data, "provider", p), optText(data, "label", p),
                    optText(data, "agentProvider", p), optText(data, "agentModel", p), data.get("persona"), data.get("toolFilter"));
            case EventTypes.SESSION_TITLE -> {
                JsonNode source = object(object(data, p).get("source"), at(p, "source"));
                yield new EventPayload.SessionTitle(text(data, "title", p), seqs(data, "messageSeqs", p),
                        text(source, "kind", at(p, "source")), source);
            }
            case EventTypes.TODO_WRITE -> new EventPayload.TodoWrite(list(object(data, p), "todos", p,
                    (n, q) -> new EventPayload.Todo(text(object(n, q), "content", q), text(n, "status", q))));
            case EventTypes.COMPACTION_START -> new EventPayload.CompactionStart(text(object(data, p), "compactionId", p),
                    optText(data, "sourceCommandId", p), nullableInteger(data, "turn", p));
            case EventTypes.COMPACTION_SUMMARY -> readSummary(data, p);
            case EventTypes.COMPACTION_PRUNE -> {
                JsonNode range = object(object(data, p).get("shadowedRange"), at(p, "shadowedRange"));
                yield new EventPayload.CompactionPrune(integer(range, "start", at(p, "shadowedRange")),
                        integer(range, "end", at(p, "shadowedRange")), seqs(data, "shadowedSeqs", p),
                        integer(data, "shadowedTokenCount", p));
            }
            case EventTypes.COMPACTION_END -> new EventPayload.CompactionEnd(text(object(data, p), "compactionId", p),
                    optText(data, "sourceCommandId", p), nullableInteger(data, "turn", p), data.get("error"));
            case EventTypes.LLM_RETRY -> new EventPayload.LlmRetry(text(object(data, p), "retryId", p),
                    integer(data, "turn", p), integer(data, "step", p), text(data, "provider", p), text(data, "mode", p),
                    text(data, "policyKey", p), integer(data, "retry", p), optInteger(data, "maxRetries", p),
                    integer(data, "delayMs", p), MessageJson.readFailure(data.get("failure"), at(p, "failure")));
            case EventTypes.LLM_RETRY_STARTED -> new EventPayload.LlmRetryStarted(text(object(data, p), "retryId", p),
                    integer(data, "turn", p), integer(data, "step", p), integer(data, "retry", p));
            default -> new EventPayload.Passthrough(type, data);
        };
    }

    private static Long nullableInteger(JsonNode data, String field, String path) {
        JsonNode v = data.get(field);
        return v == null || v.isNull() ? null : integer(data, field, path);
    }

    private static List<Long> seqs(JsonNode data, String field, String path) {
        return list(data, field, path, (n, q) -> {
            Long v = JsonFields.integerValue(n);
            if (v == null) throw new JsonShapeException(q, "expected an integer, found " + JsonFields.kind(n));
            return v;
        });
    }

    private static EventPayload readRequestHeader(JsonNode data, String p) {
        object(data, p);
        String hp = at(p, "header");
        JsonNode header = object(data.get("header"), hp);
        JsonNode config = object(header.get("config"), at(hp, "config"));
        return new EventPayload.RequestHeader(text(config, "provider", at(hp, "config")), text(config, "model", at(hp, "config")),
                config, header.get("adapterDefaults"), optText(header, "system", hp), header.get("tools"),
                text(data, "reason", p), header);
    }

    private static EventPayload readSummary(JsonNode data, String p) {
        object(data, p);
        JsonNode range = object(data.get("shadowedRange"), at(p, "shadowedRange"));
        JsonNode usage = data.get("usage");
        return new EventPayload.CompactionSummary(text(data, "compactionId", p), optText(data, "sourceCommandId", p),
                MessageJson.readBlocks(data, "summary", p), integer(range, "start", at(p, "shadowedRange")),
                integer(range, "end", at(p, "shadowedRange")), seqs(data, "shadowedSeqs", p),
                integer(data, "shadowedTokenCount", p), text(data, "provider", p), text(data, "model", p),
                optInteger(data, "maxTokens", p), usage == null ? null : MessageJson.readUsage(usage, at(p, "usage")),
                data.get("rawOutput"), Boolean.TRUE.equals(optBool(data, "llmStreamCall", p)));
    }

    /** Reads a (current-shape) turn-end reason. */
    public static TurnEndReason readReason(JsonNode node, String path) {
        object(node, path);
        String kind = text(node, "kind", path);
        return switch (kind) {
            case "completed" -> new TurnEndReason.Completed();
            case "blocked" -> new TurnEndReason.Blocked();
            case "max-tokens" -> new TurnEndReason.MaxTokens();
            case "interrupted" -> new TurnEndReason.Interrupted();
            case "error" -> new TurnEndReason.Error(MessageJson.readFailure(node.get("error"), at(path, "error")));
            case "aborted" -> {
                JsonNode cause = object(node.get("reason"), at(path, "reason"));
                yield new TurnEndReason.Aborted(new TurnEndReason.AbortCause(text(cause, "kind", at(path, "reason")),
                        optText(cause, "reason", at(path, "reason")), cause));
            }
            default -> new TurnEndReason.Other(kind, node);
        };
    }

    // ---------------------------------------------------------------- writing

    /** The data of a payload, in DSH's key order. */
    public static JsonNode write(EventPayload payload) {
        ObjectNode o = JsJson.nodes().objectNode();
        switch (payload) {
            case EventPayload.TurnStart x -> o.put("turn", x.turn());
            case EventPayload.TurnEnd x -> {
                o.put("turn", x.turn());
                o.set("reason", write(x.reason()));
            }
            case EventPayload.StepStart x -> o.put("turn", x.turn()).put("step", x.step());
            case EventPayload.StepEnd x -> o.put("turn", x.turn()).put("step", x.step());
            case EventPayload.UserMessage x -> {
                return MessageJson.write(x.message());
            }
            case EventPayload.AssistantChunk x -> {
                o.put("turn", x.turn()).put("step", x.step());
                o.set("chunk", ChunkJson.write(x.chunk()));
            }
            case EventPayload.AssistantMessage x -> {
                o.put("turn", x.turn()).put("step", x.step());
                o.set("message", MessageJson.write(x.message()));
                if (x.usage() != null) o.set("usage", MessageJson.write(x.usage()));
                if (x.interrupted()) o.put("interrupted", true);
            }
            case EventPayload.ToolCall x -> o.put("turn", x.turn()).put("step", x.step()).put("callId", x.callId())
                    .put("name", x.name()).put("arguments", x.arguments());
            case EventPayload.ToolResult x -> {
                o.put("turn", x.turn()).put("step", x.step());
                o.set("message", MessageJson.write(x.message()));
                if (x.error() != null) o.set("error", x.error().json());
                if (x.meta() != null) o.set("meta", x.meta());
            }
            case EventPayload.InboxSpliced x -> {
                o.put("target", x.target()).put("start", x.start());
                if (x.removedCount() != null) o.put("removedCount", x.removedCount());
                ArrayNode inserted = o.putArray("inserted");
                for (Message.UserMessage m : x.inserted()) inserted.add(MessageJson.write(m));
                if (x.outcome() != null) o.put("outcome", x.outcome());
            }
            case EventPayload.RequestHeader x -> {
                o.set("header", x.header());
                o.put("reason", x.reason());
            }
            case EventPayload.RequestContext x -> {
                o.put("provider", x.provider()).put("model", x.model());
                if (x.contextWindow() != null) o.put("contextWindow", x.contextWindow());
            }
            case EventPayload.EndSeed x -> { }
            case EventPayload.SubagentDescriptor x -> {
                o.put("version", x.version()).put("mode", x.mode()).put("provider", x.provider());
                if (x.label() != null) o.put("label", x.label());
                if (x.agentProvider() != null) o.put("agentProvider", x.agentProvider());
                if (x.agentModel() != null) o.put("agentModel", x.agentModel());
                if (x.persona() != null) o.set("persona", x.persona());
                if (x.toolFilter() != null) o.set("toolFilter", x.toolFilter());
            }
            case EventPayload.SessionTitle x -> {
                o.put("title", x.title());
                ArrayNode seqs = o.putArray("messageSeqs");
                x.messageSeqs().forEach(seqs::add);
                o.set("source", x.source());
            }
            case EventPayload.TodoWrite x -> {
                ArrayNode todos = o.putArray("todos");
                for (EventPayload.Todo t : x.todos()) todos.addObject().put("content", t.content()).put("status", t.status());
            }
            case EventPayload.CompactionStart x -> {
                o.put("compactionId", x.compactionId());
                if (x.sourceCommandId() != null) o.put("sourceCommandId", x.sourceCommandId());
                if (x.turn() == null) o.set("turn", NullNode.instance); else o.put("turn", x.turn());
            }
            case EventPayload.CompactionSummary x -> writeSummary(o, x);
            case EventPayload.CompactionPrune x -> {
                o.putObject("shadowedRange").put("start", x.shadowedStart()).put("end", x.shadowedEnd());
                ArrayNode seqs = o.putArray("shadowedSeqs");
                x.shadowedSeqs().forEach(seqs::add);
                o.put("shadowedTokenCount", x.shadowedTokenCount());
            }
            case EventPayload.CompactionEnd x -> {
                o.put("compactionId", x.compactionId());
                if (x.sourceCommandId() != null) o.put("sourceCommandId", x.sourceCommandId());
                if (x.turn() == null) o.set("turn", NullNode.instance); else o.put("turn", x.turn());
                if (x.error() != null) o.set("error", x.error());
            }
            case EventPayload.LlmRetry x -> {
                o.put("retryId", x.retryId()).put("turn", x.turn()).put("step", x.step()).put("provider", x.provider())
                        .put("mode", x.mode()).put("policyKey", x.policyKey()).put("retry", x.retry());
                if (x.maxRetries() != null) o.put("maxRetries", x.maxRetries());
                o.put("delayMs", x.delayMs());
                o.set("failure", MessageJson.write(x.failure()));
            }
            case EventPayload.LlmRetryStarted x -> o.put("retryId", x.retryId()).put("turn", x.turn())
                    .put("step", x.step()).put("retry", x.retry());
            case EventPayload.Passthrough x -> {
                return x.data();
            }
            case EventPayload.Unknown x -> {
                return x.data();
            }
        }
        return o;
    }

    private static void writeSummary(ObjectNode o, EventPayload.CompactionSummary x) {
        o.put("compactionId", x.compactionId());
        if (x.sourceCommandId() != null) o.put("sourceCommandId", x.sourceCommandId());
        o.set("summary", MessageJson.writeBlocks(x.summary()));
        o.putObject("shadowedRange").put("start", x.shadowedStart()).put("end", x.shadowedEnd());
        ArrayNode seqs = o.putArray("shadowedSeqs");
        x.shadowedSeqs().forEach(seqs::add);
        o.put("shadowedTokenCount", x.shadowedTokenCount()).put("provider", x.provider()).put("model", x.model());
        if (x.maxTokens() != null) o.put("maxTokens", x.maxTokens());
        if (x.usage() != null) o.set("usage", MessageJson.write(x.usage()));
        if (x.rawOutput() != null) o.set("rawOutput", x.rawOutput());
        if (x.llmStreamCall()) o.put("llmStreamCall", true);
    }

    /** The JSON of a turn-end reason. */
    public static JsonNode write(TurnEndReason reason) {
        ObjectNode o = JsJson.nodes().objectNode();
        switch (reason) {
            case TurnEndReason.Other x -> {
                return x.json();
            }
            case TurnEndReason.Aborted x -> {
                o.put("kind", "aborted");
                o.set("reason", x.cause().json());
            }
            case TurnEndReason.Error x -> {
                o.put("kind", "error");
                o.set("error", MessageJson.write(x.error()));
            }
            default -> o.put("kind", reason.kind());
        }
        return o;
    }
}
