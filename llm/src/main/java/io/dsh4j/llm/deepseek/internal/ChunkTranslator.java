package io.dsh4j.llm.deepseek.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.ContentBlock;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.TokenUsage;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.NodeUtf8;
import io.dsh4j.message.json.JsonLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    /**
     * Translates one payload straight from its UTF-8 bytes with a streaming parser: only the fields the
     * translation reads are materialised (a repeated key takes its last value, as {@code JSON.parse}
     * does), so a chunk costs a few strings instead of a JSON tree.
     *
     * <p>Ill-formed UTF-8 is read as Node reads a response body (the WHATWG decoder): each maximal
     * ill-formed subpart becomes one U+FFFD. The JSON parser's own decoding would fail on some such
     * sequences (a lone continuation byte) and silently decode others (an overlong {@code C0 AF} as
     * {@code /}, an encoded surrogate as a lone surrogate), so such a payload is re-encoded first.
     *
     * @throws MalformedPayload when the bytes are not one JSON object
     */
    public void payload(byte[] data, int offset, int length, Consumer<? super StreamChunk> sink) {
        if (!NodeUtf8.isWellFormed(data, offset, length)) {
            byte[] repaired = NodeUtf8.decode(data, offset, length).getBytes(StandardCharsets.UTF_8);
            data = repaired;
            offset = 0;
            length = repaired.length;
        }
        List<Choice> choices = null;
        JsonNode usage = null;
        try (JsonParser p = JsJson.mapper(JsonLimits.DEFAULTS).createParser(data, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                skipValue(p);
                throw new MalformedPayload("SSE payload is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "choices" -> choices = v == JsonToken.START_ARRAY ? readChoices(p) : skip(p, null);
                    case "usage" -> usage = v == JsonToken.START_OBJECT ? io.dsh4j.message.json.JsonTrees.read(p) : skip(p, null);
                    default -> p.skipChildren();
                }
            }
            if (p.nextToken() != null) throw new MalformedPayload("SSE payload has trailing content after the JSON value");
        } catch (IOException e) {
            throw new MalformedPayload(JsJson.wrap(e).getMessage());
        }
        if (choices != null) for (Choice c : choices) c.apply(this, sink);
        if (usage != null) pendingUsage = usage(usage);
    }

    private static <T> T skip(JsonParser p, T value) throws IOException {
        p.skipChildren();
        return value;
    }

    private static void skipValue(JsonParser p) throws IOException {
        if (p.currentToken() != null) p.skipChildren();
    }

    /** One {@code choices[]} entry's fields, applied in the translation's order once the entry is read. */
    private static final class Choice {
        String reasoning;
        String plainReasoning;
        String content;
        List<Call> calls;
        boolean hasDelta;
        String finish;

        void apply(ChunkTranslator t, Consumer<? super StreamChunk> sink) {
            if (hasDelta) t.delta(reasoning, plainReasoning, content, calls, sink);
            if (finish != null) t.pendingFinish = finishReason(finish);
        }
    }

    /** One {@code tool_calls[]} entry. */
    private record Call(Long index, String id, String name, String arguments) { }

    private static List<Choice> readChoices(JsonParser p) throws IOException {
        List<Choice> out = new ArrayList<>(1);
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            Choice c = new Choice();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "delta" -> readDelta(p, v, c);
                    case "finish_reason" -> c.finish = v == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                    default -> p.skipChildren();
                }
            }
            out.add(c);
        }
        return out;
    }

    private static void readDelta(JsonParser p, JsonToken v, Choice c) throws IOException {
        // a repeated "delta" key keeps only its last value, as in a tree
        c.hasDelta = v == JsonToken.START_OBJECT;
        c.reasoning = c.plainReasoning = c.content = null;
        c.calls = null;
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            switch (field) {
                case "reasoning_content" -> c.reasoning = t == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                case "reasoning" -> c.plainReasoning = t == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                case "content" -> c.content = t == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                case "tool_calls" -> c.calls = t == JsonToken.START_ARRAY ? readCalls(p) : skip(p, null);
                default -> p.skipChildren();
            }
        }
    }

    private static List<Call> readCalls(JsonParser p) throws IOException {
        List<Call> out = new ArrayList<>(1);
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                out.add(null);
                continue;
            }
            Long index = null;
            String id = null;
            String name = null;
            String arguments = null;
            boolean indexSeen = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "index" -> {
                        indexSeen = true;
                        index = v == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER
                                ? p.getLongValue() : skip(p, null);
                    }
                    case "id" -> id = v == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                    case "function" -> {
                        name = null;
                        arguments = null;
                        if (v != JsonToken.START_OBJECT) {
                            p.skipChildren();
                            continue;
                        }
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String f = p.currentName();
                            JsonToken fv = p.nextToken();
                            switch (f) {
                                case "name" -> name = fv == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                                case "arguments" -> arguments = fv == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                                default -> p.skipChildren();
                            }
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            out.add(new Call(indexSeen ? index : null, id, name, arguments));
        }
        return out;
    }

    private void delta(String r, String plain, String c, List<Call> calls, Consumer<? super StreamChunk> sink) {
        if (r == null && readPlainReasoning) r = plain;
        if (r != null && !r.isEmpty()) {
            if (reasoning == null) reasoning = open("reasoning", sink);
            reasoning.text.append(r);
            sink.accept(new StreamChunk.ReasoningDelta(reasoning.index, r));
        }
        if (c != null && !c.isEmpty()) {
            if (text == null) text = open("text", sink);
            text.text.append(c);
            sink.accept(new StreamChunk.TextDelta(text.index, c));
        }
        if (calls == null) return;
        int position = 0;
        for (Call call : calls) {
            if (call != null) toolCall(call.index == null ? position : call.index, call.id, call.name, call.arguments, sink);
            position++;
        }
    }

    private void toolCall(long wireIndex, String id, String name, String args, Consumer<? super StreamChunk> sink) {
        Open block = toolBlocks.get(wireIndex);
        if (block == null) {
            block = open("tool-call", sink);
            toolBlocks.put(wireIndex, block);
        }
        if (id != null) block.callId = id;
        if (name != null) block.name = name;
        String fragment = args == null ? "" : args;
        block.text.append(fragment);
        sink.accept(new StreamChunk.ToolCallDelta(block.index, block.callId == null ? "" : block.callId, block.name, fragment));
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
