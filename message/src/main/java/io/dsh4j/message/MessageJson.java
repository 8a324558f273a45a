package io.dsh4j.message;

import static io.dsh4j.message.json.JsonFields.at;
import static io.dsh4j.message.json.JsonFields.integer;
import static io.dsh4j.message.json.JsonFields.list;
import static io.dsh4j.message.json.JsonFields.object;
import static io.dsh4j.message.json.JsonFields.optBool;
import static io.dsh4j.message.json.JsonFields.optInteger;
import static io.dsh4j.message.json.JsonFields.optText;
import static io.dsh4j.message.json.JsonFields.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonShapeException;
import java.util.List;

/**
 * Reads and writes messages, content blocks, sources, token usage and failures as DSH's JSON.
 * Readers are typed views: they throw {@link JsonShapeException} naming the path of a missing or
 * mistyped field and tolerate fixture placeholders where arrays stand. Writers build trees in the
 * key order DSH constructs them, so {@link JsJson#stringify} of the result matches DSH's bytes.
 * Stateless, thread-safe.
 */
public final class MessageJson {

    private MessageJson() {}

    // ---------------------------------------------------------------- reading

    /**
     * Reads a message, choosing the variant by {@code role} and {@code source.kind}: an assistant
     * role gives {@link Message.AssistantMessage}, a user-role message whose source is a tool gives
     * {@link Message.ToolResultMessage}, other user-role messages {@link Message.UserMessage}.
     */
    public static Message readMessage(JsonNode node, String path) {
        object(node, path);
        String role = text(node, "role", path);
        return switch (role) {
            case "assistant" -> readAssistantMessage(node, path);
            case "user" -> {
                JsonNode src = node.get("source");
                boolean tool = src != null && src.isObject() && src.path("kind").asText("").equals("tool");
                yield tool ? readToolResultMessage(node, path) : readUserMessage(node, path);
            }
            default -> throw new JsonShapeException(at(path, "role"), "unsupported role \"" + role + "\"");
        };
    }

    /** Reads a user-role message. */
    public static Message.UserMessage readUserMessage(JsonNode node, String path) {
        object(node, path);
        return new Message.UserMessage(text(node, "id", path), readBlocks(node, "content", path),
                readSource(node.get("source"), at(path, "source")));
    }

    /** Reads an assistant message; its source must be {@code kind: model}. */
    public static Message.AssistantMessage readAssistantMessage(JsonNode node, String path) {
        object(node, path);
        MessageSource source = readSource(node.get("source"), at(path, "source"));
        if (!(source instanceof MessageSource.Model model)) {
            throw new JsonShapeException(at(path, "source.kind"), "an assistant message needs a model source, found \"" + source.kind() + "\"");
        }
        return new Message.AssistantMessage(text(node, "id", path), readBlocks(node, "content", path), model);
    }

    /** Reads a tool-result message: one tool-result block answering the source's call id. */
    public static Message.ToolResultMessage readToolResultMessage(JsonNode node, String path) {
        object(node, path);
        MessageSource source = readSource(node.get("source"), at(path, "source"));
        if (!(source instanceof MessageSource.Tool tool)) {
            throw new JsonShapeException(at(path, "source.kind"), "a tool result needs a tool source, found \"" + source.kind() + "\"");
        }
        List<ContentBlock> blocks = readBlocks(node, "content", path);
        if (blocks.size() != 1 || !(blocks.get(0) instanceof ContentBlock.ToolResult result)) {
            throw new JsonShapeException(at(path, "content"), "a tool result message holds exactly one tool-result block");
        }
        if (!result.toolCallId().equals(tool.callId())) {
            throw new JsonShapeException(at(path, "content[0].toolCallId"), "does not match source.callId \"" + tool.callId() + "\"");
        }
        return new Message.ToolResultMessage(text(node, "id", path), result, tool);
    }

    /** Reads the block list in field {@code field}; a placeholder string reads as no blocks. */
    public static List<ContentBlock> readBlocks(JsonNode obj, String field, String path) {
        JsonNode v = obj.get(field);
        if (v == null) throw new JsonShapeException(at(path, field), "expected an array, found nothing");
        return list(obj, field, path, MessageJson::readBlock);
    }

    /** Reads one content block. */
    public static ContentBlock readBlock(JsonNode node, String path) {
        object(node, path);
        String type = text(node, "type", path);
        return switch (type) {
            case "text" -> new ContentBlock.Text(text(node, "text", path));
            case "reasoning" -> new ContentBlock.Reasoning(text(node, "text", path));
            case "image" -> new ContentBlock.Image(readAttachment(node.get("attachment"), at(path, "attachment")));
            case "tool-call" -> new ContentBlock.ToolCall(text(node, "id", path), text(node, "name", path),
                    text(node, "arguments", path));
            case "tool-result" -> new ContentBlock.ToolResult(text(node, "toolCallId", path),
                    readBlocks(node, "content", path), optBool(node, "isError", path));
            default -> new ContentBlock.Other(type, node);
        };
    }

    private static ImageAttachment readAttachment(JsonNode node, String path) {
        object(node, path);
        return new ImageAttachment(text(node, "attachmentId", path), text(node, "mediaType", path),
                integer(node, "bytes", path), integer(node, "width", path), integer(node, "height", path),
                optText(node, "name", path), node.get("originalDimensions"));
    }

    /** Reads a message source, choosing the variant by {@code kind}; unknown kinds give {@link MessageSource.Other}. */
    public static MessageSource readSource(JsonNode node, String path) {
        object(node, path);
        String kind = text(node, "kind", path);
        return switch (kind) {
            case "user" -> new MessageSource.User(optText(node, "rpcId", path), optText(node, "clientTimeZone", path), node);
            case "plugin" -> new MessageSource.Plugin(text(node, "plugin", path), optText(node, "form", path),
                    list(node, "sections", path, (n, p) -> new MessageSource.Section(text(object(n, p), "name", p), text(n, "text", p))),
                    optText(node, "summary", path), node);
            case "model" -> new MessageSource.Model(text(node, "provider", path), text(node, "model", path),
                    node.get("replayState"), node);
            case "tool" -> new MessageSource.Tool(text(node, "callId", path), node);
            case "goal" -> new MessageSource.Goal(optText(node, "goalId", path), optInteger(node, "revision", path),
                    optInteger(node, "round", path), node);
            case "coordinator" -> new MessageSource.Coordinator(optText(node, "senderSessionId", path), node);
            case "subagent-report" -> new MessageSource.SubagentReport(optText(node, "senderSessionId", path), node);
            case "subagent-settled" -> new MessageSource.SubagentSettled(optText(node, "summary", path),
                    optText(node, "senderSessionId", path), node);
            case "team-message" -> new MessageSource.TeamMessage(optText(node, "teamId", path), optText(node, "messageId", path),
                    optText(node, "senderId", path), optText(node, "senderName", path), node);
            case "skill-catalog" -> new MessageSource.SkillCatalog(node.get("entries"), node);
            case "skill-invocation" -> new MessageSource.SkillInvocation(optText(node, "name", path), node);
            case "session-reference" -> new MessageSource.SessionReference(node.get("references"), node);
            case "agent-instructions" -> new MessageSource.AgentInstructions(node.get("changes"), node);
            default -> new MessageSource.Other(kind, node);
        };
    }

    /** Reads token usage. */
    public static TokenUsage readUsage(JsonNode node, String path) {
        object(node, path);
        return new TokenUsage(integer(node, "inputTokens", path), integer(node, "outputTokens", path),
                optInteger(node, "cacheReadTokens", path), optInteger(node, "cacheWriteTokens", path),
                optInteger(node, "reasoningTokens", path));
    }

    /** Reads an {@code LlmFailure}. */
    public static LlmFailure readFailure(JsonNode node, String path) {
        object(node, path);
        return new LlmFailure(text(node, "message", path), text(node, "code", path), optInteger(node, "status", path),
                optInteger(node, "providerRetryAfterMs", path), optText(node, "requestId", path));
    }

    // ---------------------------------------------------------------- writing

    /** The JSON of a message in DSH's construction order (user: content, source, role, id; assistant: role, content, source, id; tool result: source, content, role, id). */
    public static ObjectNode write(Message message) {
        ObjectNode o = JsJson.nodes().objectNode();
        switch (message) {
            case Message.UserMessage m -> {
                o.set("content", writeBlocks(m.content()));
                o.set("source", m.source().json());
                o.put("role", "user");
            }
            case Message.AssistantMessage m -> {
                o.put("role", "assistant");
                o.set("content", writeBlocks(m.content()));
                o.set("source", m.source().json());
            }
            case Message.ToolResultMessage m -> {
                o.set("source", m.source().json());
                o.set("content", writeBlocks(m.content()));
                o.put("role", "user");
            }
        }
        o.put("id", message.id());
        return o;
    }

    /** The JSON array of a block list. */
    public static ArrayNode writeBlocks(List<ContentBlock> blocks) {
        ArrayNode a = JsJson.nodes().arrayNode(blocks.size());
        for (ContentBlock b : blocks) a.add(write(b));
        return a;
    }

    /** The JSON of one block ({@code type} first, then the fields in DSH's order). */
    public static JsonNode write(ContentBlock block) {
        if (block instanceof ContentBlock.Other other) return other.json();
        ObjectNode o = JsJson.nodes().objectNode().put("type", block.type());
        switch (block) {
            case ContentBlock.Text b -> o.put("text", b.text());
            case ContentBlock.Reasoning b -> o.put("text", b.text());
            case ContentBlock.Image b -> o.set("attachment", write(b.attachment()));
            case ContentBlock.ToolCall b -> o.put("id", b.id()).put("name", b.name()).put("arguments", b.arguments());
            case ContentBlock.ToolResult b -> {
                o.put("toolCallId", b.toolCallId());
                o.set("content", writeBlocks(b.content()));
                if (b.isError() != null) o.put("isError", b.isError());
            }
            case ContentBlock.Other b -> throw new AssertionError("handled above");
        }
        return o;
    }

    private static ObjectNode write(ImageAttachment a) {
        ObjectNode o = JsJson.nodes().objectNode().put("attachmentId", a.attachmentId()).put("mediaType", a.mediaType())
                .put("bytes", a.bytes()).put("width", a.width()).put("height", a.height());
        if (a.name() != null) o.put("name", a.name());
        if (a.originalDimensions() != null) o.set("originalDimensions", a.originalDimensions());
        return o;
    }

    /** The JSON of token usage (absent optional counts omitted). */
    public static ObjectNode write(TokenUsage u) {
        ObjectNode o = JsJson.nodes().objectNode().put("inputTokens", u.inputTokens()).put("outputTokens", u.outputTokens());
        if (u.cacheReadTokens() != null) o.put("cacheReadTokens", u.cacheReadTokens());
        if (u.cacheWriteTokens() != null) o.put("cacheWriteTokens", u.cacheWriteTokens());
        if (u.reasoningTokens() != null) o.put("reasoningTokens", u.reasoningTokens());
        return o;
    }

    /** The JSON of a failure (absent optional fields omitted). */
    public static ObjectNode write(LlmFailure f) {
        ObjectNode o = JsJson.nodes().objectNode().put("message", f.message()).put("code", f.code());
        if (f.status() != null) o.put("status", f.status());
        if (f.providerRetryAfterMs() != null) o.put("providerRetryAfterMs", f.providerRetryAfterMs());
        if (f.requestId() != null) o.put("requestId", f.requestId());
        return o;
    }
}
