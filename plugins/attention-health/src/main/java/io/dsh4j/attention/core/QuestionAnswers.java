package io.dsh4j.attention.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.attention.core.internal.JsText;
import io.dsh4j.attention.core.internal.Json;
import io.dsh4j.message.json.Js;
import java.util.ArrayList;
import java.util.List;

/**
 * Answers to {@code ask_user_question}, which arrive as a tool result body
 * {@code {"answers":[{id, selected:[…], custom}]}} (spec §2.6 #3). Stateless and thread-safe.
 */
public final class QuestionAnswers {

    private QuestionAnswers() {}

    /**
     * One request text per answer: the selected options joined with {@code 、}, then the trimmed
     * custom text, the two joined with {@code  —— }; answers with neither are dropped. Malformed
     * JSON (or a {@code null} answer, which made the original's parse fail) yields none.
     */
    public static List<String> parse(String body) {
        JsonNode obj = Json.parseOrNull(body);
        JsonNode answers = Js.get(obj, "answers");
        List<String> out = new ArrayList<>();
        if (answers == null || !answers.isArray()) return out;
        for (JsonNode answer : answers) {
            if (answer == null || answer.isNull()) return List.of();
            List<String> parts = new ArrayList<>(2);
            JsonNode selected = Js.get(answer, "selected");
            if (selected != null && selected.isArray() && !selected.isEmpty()) {
                List<String> items = new ArrayList<>();
                for (JsonNode s : selected) items.add(s == null || s.isNull() ? "" : Js.string(s));
                parts.add(String.join("、", items));
            }
            String custom = Js.str(Js.get(answer, "custom"));
            if (custom != null && !JsText.trim(custom).isEmpty()) parts.add(JsText.trim(custom));
            if (!parts.isEmpty()) out.add(String.join(" —— ", parts));
        }
        return out;
    }
}
