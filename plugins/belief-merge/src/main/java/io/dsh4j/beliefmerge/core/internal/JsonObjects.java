package io.dsh4j.beliefmerge.core.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dsh4j.beliefmerge.core.ModelOutputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pulling the JSON object out of a model answer (spec §4.1.4): the first fenced block if any, then the
 * text from the first {@code {} to the last {@code }}. Prose around it and a fence are tolerated.
 */
public final class JsonObjects {

    /** A shared mapper: duplicate keys keep the last value, like {@code JSON.parse}. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static final Pattern FENCE = Pattern.compile("```(?:json)?[" + JsText.WS_CLASS + "]*([\\s\\S]*?)```");

    private JsonObjects() {}

    /**
     * The parsed object.
     *
     * @throws ModelOutputException {@code empty model response}, {@code no JSON object found in model
     *                              response}, or the parser's message for invalid JSON
     */
    public static JsonNode extract(String text) {
        String raw = JsText.trim(text == null ? "" : text);
        if (raw.isEmpty()) throw new ModelOutputException("empty model response");
        Matcher fenced = FENCE.matcher(raw);
        String body = fenced.find() ? fenced.group(1) : raw;
        int start = body.indexOf('{');
        int end = body.lastIndexOf('}');
        if (start == -1 || end == -1 || end <= start) {
            throw new ModelOutputException("no JSON object found in model response");
        }
        try {
            return MAPPER.readTree(body.substring(start, end + 1));
        } catch (JsonProcessingException e) {
            throw new ModelOutputException("invalid JSON in model response: " + e.getOriginalMessage(), e);
        }
    }
}
