package io.dsh4j.message;

import static io.dsh4j.message.json.JsonFields.at;
import static io.dsh4j.message.json.JsonFields.integer;
import static io.dsh4j.message.json.JsonFields.object;
import static io.dsh4j.message.json.JsonFields.optText;
import static io.dsh4j.message.json.JsonFields.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonShapeException;

/**
 * Reads and writes {@link StreamChunk}s and {@link FinishReason}s as DSH's JSON (key order as DSH
 * constructs them: {@code type} first). Unknown chunk types and finish kinds read as {@code Other}.
 * Stateless, thread-safe.
 */
public final class ChunkJson {

    private ChunkJson() {}

    /** Reads one stream chunk. @throws JsonShapeException naming the path of a bad field */
    public static StreamChunk readChunk(JsonNode node, String path) {
        object(node, path);
        String type = text(node, "type", path);
        return switch (type) {
            case "block-start" -> new StreamChunk.BlockStart(integer(node, "index", path), text(node, "blockType", path));
            case "text-delta" -> new StreamChunk.TextDelta(integer(node, "index", path), text(node, "text", path));
            case "reasoning-delta" -> new StreamChunk.ReasoningDelta(integer(node, "index", path), text(node, "text", path));
            case "tool-call-delta" -> new StreamChunk.ToolCallDelta(integer(node, "index", path), text(node, "id", path),
                    optText(node, "name", path), text(node, "argumentsDelta", path));
            case "block-end" -> new StreamChunk.BlockEnd(integer(node, "index", path),
                    MessageJson.readBlock(node.get("block"), at(path, "block")));
            case "usage" -> new StreamChunk.Usage(MessageJson.readUsage(node.get("usage"), at(path, "usage")));
            case "finish" -> new StreamChunk.Finish(readReason(node.get("reason"), at(path, "reason")), node.get("replayState"));
            default -> new StreamChunk.Other(type, node);
        };
    }

    /** Reads a finish reason. */
    public static FinishReason readReason(JsonNode node, String path) {
        object(node, path);
        String kind = text(node, "kind", path);
        return switch (kind) {
            case "stop" -> new FinishReason.Stop();
            case "tool-calls" -> new FinishReason.ToolCalls();
            case "max-tokens" -> new FinishReason.MaxTokens();
            case "aborted" -> new FinishReason.Aborted(failureOf(node, path));
            case "error" -> new FinishReason.Error(failureOf(node, path));
            default -> new FinishReason.Other(kind, node);
        };
    }

    private static LlmFailure failureOf(JsonNode reason, String path) {
        JsonNode f = reason.get("failure");
        if (f == null) throw new JsonShapeException(at(path, "failure"), "expected an object, found nothing");
        return MessageJson.readFailure(f, at(path, "failure"));
    }

    /** The JSON of one chunk, in DSH's key order. */
    public static JsonNode write(StreamChunk chunk) {
        if (chunk instanceof StreamChunk.Other other) return other.json();
        ObjectNode o = JsJson.nodes().objectNode().put("type", chunk.type());
        switch (chunk) {
            case StreamChunk.BlockStart c -> o.put("index", c.index()).put("blockType", c.blockType());
            case StreamChunk.TextDelta c -> o.put("index", c.index()).put("text", c.text());
            case StreamChunk.ReasoningDelta c -> o.put("index", c.index()).put("text", c.text());
            case StreamChunk.ToolCallDelta c -> {
                o.put("index", c.index()).put("id", c.id());
                if (c.name() != null) o.put("name", c.name());
                o.put("argumentsDelta", c.argumentsDelta());
            }
            case StreamChunk.BlockEnd c -> {
                o.put("index", c.index());
                o.set("block", MessageJson.write(c.block()));
            }
            case StreamChunk.Usage c -> o.set("usage", MessageJson.write(c.usage()));
            case StreamChunk.Finish c -> {
                o.set("reason", write(c.reason()));
                if (c.replayState() != null) o.set("replayState", c.replayState());
            }
            case StreamChunk.Other c -> throw new AssertionError("handled above");
        }
        return o;
    }

    /** The JSON of a finish reason ({@code kind}, then {@code failure} when it has one). */
    public static JsonNode write(FinishReason reason) {
        if (reason instanceof FinishReason.Other other) return other.json();
        ObjectNode o = JsJson.nodes().objectNode().put("kind", reason.kind());
        switch (reason) {
            case FinishReason.Aborted r -> o.set("failure", MessageJson.write(r.failure()));
            case FinishReason.Error r -> o.set("failure", MessageJson.write(r.failure()));
            default -> { }
        }
        return o;
    }
}
