package io.dsh4j.app.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a replay is compared on: steps, the tool calls in order (name and arguments) and the final
 * text — read from a recorded corpus log or a log dsh4j wrote (as JSONL text).
 */
public record Recording(String prompt, int turns, int steps, List<String> toolCalls, String finalText) {

    static final Set<String> BUILTIN = Set.of("read", "write", "edit", "glob", "grep", "bash", "todo_write");
    private static final ObjectMapper JSON = new ObjectMapper();

    public static Recording of(Path jsonl) throws IOException {
        return parse(Files.readString(jsonl, StandardCharsets.UTF_8));
    }

    public static Recording parse(String text) throws IOException {
        String prompt = null;
        int turns = 0;
        int steps = 0;
        List<String> calls = new ArrayList<>();
        String last = "";
        List<String> lines = text.lines().toList();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) continue;
            JsonNode e = JSON.readTree(line);
            String type = e.path("type").asText();
            JsonNode d = e.path("data");
            switch (type) {
                case "turn/start" -> turns++;
                case "step/start" -> steps++;
                case "user/message" -> {
                    if (prompt == null && "user".equals(d.path("source").path("kind").asText())) prompt = texts(d.path("content"));
                }
                case "assistant/message" -> {
                    if (d.path("interrupted").asBoolean(false)) continue; // never replayed: a cancelled stream's prefix
                    JsonNode content = (d.path("message").isObject() ? d.path("message") : d).path("content");
                    for (JsonNode b : content) {
                        if ("tool-call".equals(b.path("type").asText())) {
                            calls.add(b.path("name").asText() + " " + b.path("arguments").asText());
                        }
                    }
                    String t = texts(content);
                    if (!t.isEmpty() || calls.isEmpty()) last = t;
                }
                default -> { }
            }
        }
        return new Recording(prompt, turns, steps, calls, last);
    }

    /** A single-turn recording with a text prompt whose tool calls are all built-in tools. */
    boolean replayable() {
        return turns == 1 && prompt != null && !prompt.isEmpty()
                && toolCalls.stream().allMatch(c -> BUILTIN.contains(c.substring(0, c.indexOf(' '))));
    }

    private static String texts(JsonNode content) {
        StringBuilder b = new StringBuilder();
        if (content.isArray()) {
            for (JsonNode block : content) {
                if ("text".equals(block.path("type").asText())) b.append(block.path("text").asText());
            }
        }
        return b.toString();
    }
}
