package io.dsh4j.app.chat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * A session log as compared across commands: each event (header excluded) as JSON with what differs
 * from run to run removed — ids, times, durations, seqs, the working directory — and UUIDs in strings
 * masked. Consecutive {@code reasoning-chunks} of one block are joined into one text: how the
 * write-behind batches cut them depends on timing, not on the command.
 */
final class LogShape {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> VARYING = Set.of("id", "createdAt", "startedAt", "endedAt", "at", "ts", "time",
            "timestamp", "dt", "durationMs", "elapsedMs", "cwd", "requestId", "seq", "seq0", "time0");

    private LogShape() {}

    static List<String> of(String jsonl) throws IOException {
        List<String> shape = new ArrayList<>();
        List<String> lines = jsonl.lines().filter(l -> !l.isBlank()).toList();
        String reasoningKey = null;
        StringBuilder reasoning = new StringBuilder();
        for (String line : lines.subList(1, lines.size())) {
            JsonNode e = JSON.readTree(line);
            if (e.path("type").asText().equals("reasoning-chunks")) {
                JsonNode d = e.path("data");
                String key = d.path("turn") + "/" + d.path("step") + "/" + d.path("index");
                if (!key.equals(reasoningKey)) {
                    if (reasoningKey != null) shape.add("reasoning " + reasoningKey + ": " + reasoning);
                    reasoningKey = key;
                    reasoning.setLength(0);
                }
                d.path("texts").forEach(t -> reasoning.append(t.asText()));
                continue;
            }
            if (reasoningKey != null) {
                shape.add("reasoning " + reasoningKey + ": " + reasoning);
                reasoningKey = null;
            }
            strip(e);
            shape.add(e.toString().replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>"));
        }
        if (reasoningKey != null) shape.add("reasoning " + reasoningKey + ": " + reasoning);
        return shape;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            for (Iterator<String> names = o.fieldNames(); names.hasNext(); ) {
                if (VARYING.contains(names.next())) names.remove();
            }
            o.forEach(LogShape::strip);
        } else if (node.isArray()) {
            node.forEach(LogShape::strip);
        }
    }
}
