package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.message.json.Js;
import io.dsh4j.message.json.JsNumbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The two readings of an event that every path shares (spec §2.6 #1 and #6): the visible text of
 * message content, and the context size of a usage object. One implementation, so that the hot
 * reducer, the cold fold and the offline scan can never disagree. Stateless and thread-safe.
 */
public final class MessageText {

    private MessageText() {}

    /**
     * {@code blocksToText}: a string is returned as it is; an array contributes its {@code text}
     * blocks and, recursively, the content arrays of {@code tool-result} blocks, empties dropped,
     * joined by newlines and trimmed; anything else is the empty string. Reasoning is not text.
     */
    public static String of(JsonNode content) {
        if (content == null) return "";
        if (content.isTextual()) return content.textValue();
        if (!content.isArray()) return "";
        List<String> parts = new ArrayList<>();
        for (JsonNode block : content) {
            if (block == null || !block.isObject()) continue;
            String type = Js.str(Js.get(block, "type"));
            if ("text".equals(type)) {
                String text = Js.str(Js.get(block, "text"));
                if (text != null && !text.isEmpty()) parts.add(text);
            } else if ("tool-result".equals(type)) {
                JsonNode inner = Js.get(block, "content");
                if (inner != null && inner.isArray()) {
                    String text = of(inner);
                    if (!text.isEmpty()) parts.add(text);
                }
            }
        }
        // one part is its own join: no copy of a long message (issue 17)
        return JsText.trim(parts.size() == 1 ? parts.getFirst() : String.join("\n", parts));
    }

    /**
     * {@code contextTokensOf}: {@code totalTokens} when a finite positive number, else the sum of
     * the finite positive parts {@code inputTokens + cacheReadTokens + outputTokens}, else 0.
     * Never NaN, infinite or negative.
     */
    public static double contextTokens(JsonNode usage) {
        if (usage == null || !(usage.isObject() || usage.isArray())) return 0;
        double total = positive(Js.get(usage, "totalTokens"));
        if (total > 0) return total;
        double sum = positive(Js.get(usage, "inputTokens")) + positive(Js.get(usage, "cacheReadTokens"))
                + positive(Js.get(usage, "outputTokens"));
        return sum > 0 && JsNumbers.finite(sum) ? sum : 0;
    }

    private static double positive(JsonNode v) {
        return Js.isFinite(v) && v.doubleValue() > 0 ? v.doubleValue() : 0;
    }
}
