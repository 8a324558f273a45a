package io.dsh4j.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.Message;
import io.dsh4j.message.MessageSource;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Turns a chunk stream into content blocks and an assistant message, the one assembly rule the agent
 * loop, the {@code ask} command and the tests share (§5.1, kernel-and-agent §5.12).
 *
 * <ul>
 *   <li>Blocks come out in first-seen index order. A {@code block-end} is authoritative and final:
 *       the first close of an index wins, later deltas or closes of that index are ignored.</li>
 *   <li>A block never closed assembles from its deltas (text, reasoning, tool call with id
 *       {@code call-<index>} and name {@code ""} when the stream never named them).</li>
 *   <li>On a {@code max-tokens} finish every tool-call block is dropped (its arguments may be cut),
 *       and so are the matching entries of a replay state that carries one entry per block.</li>
 *   <li>{@link #interruptedBlocks()} is the prefix a cancelled stream may keep: text and reasoning
 *       blocks with non-blank text, no tool calls.</li>
 * </ul>
 *
 * Not thread-safe: feed it from the streaming thread. Usable as the sink of {@link ModelAdapter#stream}.
 */
public final class BlockAssembler implements Consumer<StreamChunk> {

    private final Map<Long, Partial> partials = new LinkedHashMap<>();
    private TokenUsage usage;
    private FinishReason finish;
    private JsonNode replayState;

    /** Feeds one chunk, in stream order. Chunks of unknown type ({@link StreamChunk.Other}) are ignored. */
    @Override
    public void accept(StreamChunk chunk) {
        switch (chunk) {
            case StreamChunk.BlockStart c -> partials.computeIfAbsent(c.index(), i -> new Partial(c.blockType()));
            case StreamChunk.TextDelta c -> {
                Partial p = ensure(c.index(), "text");
                if (p.closed == null) p.text.append(c.text());
            }
            case StreamChunk.ReasoningDelta c -> {
                Partial p = ensure(c.index(), "reasoning");
                if (p.closed == null) p.text.append(c.text());
            }
            case StreamChunk.ToolCallDelta c -> {
                Partial p = ensure(c.index(), "tool-call");
                if (p.closed == null) {
                    p.callId = c.id();
                    if (c.name() != null && !c.name().isEmpty()) p.callName = c.name();
                    p.text.append(c.argumentsDelta());
                }
            }
            case StreamChunk.BlockEnd c -> {
                Partial p = ensure(c.index(), c.block().type());
                if (p.closed == null) p.closed = c.block();
            }
            case StreamChunk.Usage c -> usage = c.usage();
            case StreamChunk.Finish c -> {
                finish = c.reason();
                replayState = c.replayState();
            }
            case StreamChunk.Other c -> { }
        }
    }

    private Partial ensure(long index, String blockType) {
        return partials.computeIfAbsent(index, i -> new Partial(blockType));
    }

    /** Usage of the last {@code usage} chunk, if one arrived. */
    public Optional<TokenUsage> usage() {
        return Optional.ofNullable(usage);
    }

    /** The finish reason, if the terminal chunk arrived. */
    public Optional<FinishReason> finish() {
        return Optional.ofNullable(finish);
    }

    /** Whether the finish chunk arrived. */
    public boolean finished() {
        return finish != null;
    }

    /**
     * Every block seen so far in first-seen order, tool calls dropped on {@code max-tokens}.
     *
     * @throws IllegalStateException when a block of a type other than text, reasoning or tool call
     *                               was started but never closed (it cannot be assembled)
     */
    public List<ContentBlock> blocks() {
        List<ContentBlock> out = new ArrayList<>();
        boolean dropToolCalls = finish instanceof FinishReason.MaxTokens;
        partials.forEach((index, p) -> {
            ContentBlock b = p.assemble(index);
            if (!(dropToolCalls && b instanceof ContentBlock.ToolCall)) out.add(b);
        });
        return out;
    }

    /** The blocks a cancelled stream keeps: text and reasoning with non-blank text, in order. */
    public List<ContentBlock> interruptedBlocks() {
        List<ContentBlock> out = new ArrayList<>();
        partials.forEach((index, p) -> {
            String type = p.closed != null ? p.closed.type() : p.blockType;
            if (!type.equals("text") && !type.equals("reasoning")) return;
            ContentBlock b = p.assemble(index);
            String text = b instanceof ContentBlock.Text t ? t.text() : ((ContentBlock.Reasoning) b).text();
            if (!text.isBlank()) out.add(b);
        });
        return out;
    }

    /**
     * The finish chunk's replay state with per-block entries ({@code blocks} array) pruned like
     * {@link #blocks()}; {@code null} when absent or when its entries do not line up with the blocks.
     */
    public JsonNode replayState() {
        if (replayState == null || !(replayState.get("blocks") instanceof ArrayNode entries)) return replayState;
        if (entries.size() != partials.size()) return null;
        if (!(finish instanceof FinishReason.MaxTokens)) return replayState;
        ObjectNode pruned = replayState.deepCopy();
        ArrayNode kept = pruned.putArray("blocks");
        int i = 0;
        for (Map.Entry<Long, Partial> e : partials.entrySet()) {
            if (!(e.getValue().assemble(e.getKey()) instanceof ContentBlock.ToolCall)) kept.add(entries.get(i));
            i++;
        }
        return pruned;
    }

    /** The assembled assistant message over {@link #blocks()}, attributed to {@code provider}/{@code model}. */
    public Message.AssistantMessage message(String id, String provider, String model) {
        return new Message.AssistantMessage(id, blocks(), modelSource(provider, model, replayState()));
    }

    /** The interrupted message over {@link #interruptedBlocks()} (no replay state). */
    public Message.AssistantMessage interruptedMessage(String id, String provider, String model) {
        return new Message.AssistantMessage(id, interruptedBlocks(), modelSource(provider, model, null));
    }

    /** A {@code {kind:'model', provider, model, replayState?}} source. */
    public static MessageSource.Model modelSource(String provider, String model, JsonNode replayState) {
        ObjectNode json = JsJson.nodes().objectNode().put("kind", "model").put("provider", provider).put("model", model);
        if (replayState != null) json.set("replayState", replayState);
        return new MessageSource.Model(provider, model, replayState, json);
    }

    private static final class Partial {
        final String blockType;
        final StringBuilder text = new StringBuilder();
        String callId;
        String callName;
        ContentBlock closed;

        Partial(String blockType) {
            this.blockType = blockType;
        }

        ContentBlock assemble(long index) {
            if (closed != null) return closed;
            return switch (blockType) {
                case "text" -> new ContentBlock.Text(text.toString());
                case "reasoning" -> new ContentBlock.Reasoning(text.toString());
                case "tool-call" -> new ContentBlock.ToolCall(callId != null ? callId : "call-" + index,
                        callName != null ? callName : "", text.toString());
                default -> throw new IllegalStateException(
                        "cannot assemble block " + index + " of type \"" + blockType + "\": it was never closed by block-end");
            };
        }
    }
}
