package io.dsh4j.llm.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Translates OpenAI-style streaming chat-completion payloads into {@link StreamChunk}s (§5.3): reasoning
 * deltas open one reasoning block (an empty delta opens nothing), content deltas one text block, each
 * {@code tool_calls[].index} one tool-call block; block indexes are given in first-seen order; a
 * tool-call delta repeats the call id and name once known. At {@link #done} it emits every
 * {@code block-end}, then the last usage seen, then the finish. Not thread-safe.
 */
public final class ChunkTranslator {

    /** Thrown for a payload that is not a chat-completion chunk; maps to {@code MALFORMED_RESPONSE}. */
    public static final class MalformedPayload extends RuntimeException {
        public MalformedPayload(String message) {
            super(message, null, false, false);
        }
    }

    private final boolean readPlainReasoning;
    private final List<Open> order = new ArrayList<>();
    private final Map<Long, Open> toolBlocks = new HashMap<>();
    private Open text;
    private Open reasoning;
    private FinishReason pendingFinish;
    private TokenUsage pendingUsage;

    /** @param readPlainReasoning also read a {@code reasoning} delta field (servers other than DeepSeek) */
    public ChunkTranslator(boolean readPlainReasoning) {
        this.readPlainReasoning = readPlainReasoning;
    }

    private static final class Open {
        final long index;
        final String kind;
        final StringBuilder text = new StringBuilder();
        String callId;
        String name;

        Open(long index, String kind) {
            this.index = index;
            this.kind = kind;
        }

        ContentBlock close() {
            return switch (kind) {
                case "text" -> new ContentBlock.Text(text.toString());
                case "reasoning" -> new ContentBlock.Reasoning(text.toString());
                default -> new ContentBlock.ToolCall(callId == null ? "" : callId, name == null ? "" : name, text.toString());
            };
        }
    }

    private Open open(String kind, Consumer<? super StreamChunk> sink) {
        Open o = new Open(order.size(), kind);
        order.add(o);
        sink.accept(new StreamChunk.BlockStart(o.index, kind));
        return o;
    }

    /** Translates one parsed payload. @throws MalformedPayload when it is not an object */
    public void payload(JsonNode chunk, Consumer<? super StreamChunk> sink) {
        if (!chunk.isObject()) throw new MalformedPayload("SSE payload is not a JSON object");
        JsonNode choices = chunk.get("choices");
        if (choices != null && choices.isArray()) {
            for (JsonNode choice : choices) {
                if (choice.isObject()) choice(choice, sink);
            }
        }
        JsonNode usage = chunk.get("usage");
        if (usage != null && usage.isObject()) pendingUsage = usage(usage);
    }

    private void choice(JsonNode choice, Consumer<? super StreamChunk> sink) {
        JsonNode delta = choice.get("delta");
        if (delta != null && delta.isObject()) {
            String r = textOf(delta.get("reasoning_content"));
            if (r == null && readPlainReasoning) r = textOf(delta.get("reasoning"));
            if (r != null && !r.isEmpty()) {
                if (reasoning == null) reasoning = open("reasoning", sink);
                reasoning.text.append(r);
                sink.accept(new StreamChunk.ReasoningDelta(reasoning.index, r));
            }
            String c = textOf(delta.get("content"));
            if (c != null && !c.isEmpty()) {
                if (text == null) text = open("text", sink);
                text.text.append(c);
                sink.accept(new StreamChunk.TextDelta(text.index, c));
            }
            JsonNode calls = delta.get("tool_calls");
            if (calls != null && calls.isArray()) {
                int position = 0;
                for (JsonNode call : calls) {
                    if (call.isObject()) toolCall(call, position, sink);
                    position++;
                }
            }
        }
        String finish = textOf(choice.get("finish_reason"));
        if (finish != null) pendingFinish = finishReason(finish);
    }

    private void toolCall(JsonNode call, int position, Consumer<? super StreamChunk> sink) {
        JsonNode idx = call.get("index");
        long wireIndex = idx != null && idx.canConvertToLong() && idx.isIntegralNumber() ? idx.longValue() : position;
        Open block = toolBlocks.get(wireIndex);
        if (block == null) {
            block = open("tool-call", sink);
            toolBlocks.put(wireIndex, block);
        }
        String id = textOf(call.get("id"));
        if (id != null) block.callId = id;
        JsonNode fn = call.get("function");
        String fragment = "";
        if (fn != null && fn.isObject()) {
            String name = textOf(fn.get("name"));
            if (name != null) block.name = name;
            String args = textOf(fn.get("arguments"));
            if (args != null) fragment = args;
        }
        block.text.append(fragment);
        sink.accept(new StreamChunk.ToolCallDelta(block.index, block.callId == null ? "" : block.callId, block.name, fragment));
    }

    private static String textOf(JsonNode node) {
        return node != null && node.isTextual() ? node.textValue() : null;
    }

    /** {@code stop}, {@code tool_calls}, {@code length}; anything else is an error named by its upper-cased value. */
    public static FinishReason finishReason(String reason) {
        return switch (reason) {
            case "stop" -> new FinishReason.Stop();
            case "tool_calls" -> new FinishReason.ToolCalls();
            case "length" -> new FinishReason.MaxTokens();
            default -> new FinishReason.Error(LlmFailure.of("model stopped: " + reason, reason.toUpperCase(Locale.ROOT)));
        };
    }

    /** Usage mapping: cache read from {@code prompt_tokens_details.cached_tokens} else {@code prompt_cache_hit_tokens}. */
    public static TokenUsage usage(JsonNode u) {
        Long cacheRead = number(u.path("prompt_tokens_details").get("cached_tokens"));
        if (cacheRead == null) cacheRead = number(u.get("prompt_cache_hit_tokens"));
        Long reasoning = number(u.path("completion_tokens_details").get("reasoning_tokens"));
        long prompt = orZero(number(u.get("prompt_tokens")));
        long completion = orZero(number(u.get("completion_tokens")));
        return new TokenUsage(prompt - orZero(cacheRead), completion, cacheRead, null, reasoning);
    }

    private static Long number(JsonNode n) {
        return n != null && n.isNumber() && n.canConvertToLong() ? n.longValue() : null;
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    /** The {@code [DONE]} sentinel arrived: block-ends, the last usage, the finish. */
    public void done(Consumer<? super StreamChunk> sink) {
        for (Open o : order) sink.accept(new StreamChunk.BlockEnd(o.index, o.close()));
        if (pendingUsage != null) sink.accept(new StreamChunk.Usage(pendingUsage));
        FinishReason reason = pendingFinish == null ? new FinishReason.Stop() : pendingFinish;
        if (reason instanceof FinishReason.Stop && order.isEmpty()) {
            reason = new FinishReason.Error(LlmFailure.of("model returned a completed response with no content",
                    LlmCodes.EMPTY_RESPONSE));
        }
        sink.accept(new StreamChunk.Finish(reason, null));
    }
}
