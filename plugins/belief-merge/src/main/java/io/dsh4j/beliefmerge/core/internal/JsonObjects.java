package io.dsh4j.beliefmerge.core.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.beliefmerge.core.ModelOutputException;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsStrings;
import io.dsh4j.message.json.JsonTextException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pulling the JSON object out of a model answer (spec §4.1.4): the first fenced block if any, then the
 * text from the first {@code {} to the last {@code }}. Prose around it and a fence are tolerated. The
 * object is read by the harness's one strict, size-capped {@code JSON.parse} ({@link JsJson#parse}).
 */
public final class JsonObjects {

    private static final Pattern FENCE = Pattern.compile("```(?:json)?[" + JsStrings.WHITE_SPACE_CLASS + "]*([\\s\\S]*?)```");

    private JsonObjects() {}

    /**
     * The parsed object.
     *
     * @throws ModelOutputException {@code empty model response}, {@code no JSON object found in model
     *                              response}, or the parser's message for invalid JSON
     */
    public static JsonNode extract(String text) {
        String raw = JsStrings.trim(text == null ? "" : text);
        if (raw.isEmpty()) throw new ModelOutputException("empty model response");
        Matcher fenced = FENCE.matcher(raw);
        String body = fenced.find() ? fenced.group(1) : raw;
        int start = body.indexOf('{');
        int end = body.lastIndexOf('}');
        if (start == -1 || end == -1 || end <= start) {
            throw new ModelOutputException("no JSON object found in model response");
        }
        try {
            return JsJson.parse(body.substring(start, end + 1));
        } catch (JsonTextException e) {
            throw new ModelOutputException("invalid JSON in model response: " + e.getMessage(), e);
        }
    }
}
