package io.dsh4j.tool.reminder;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.llm.CancelSignal;
import io.dsh4j.llm.ModelAdapter;
import io.dsh4j.llm.ModelCall;
import io.dsh4j.message.ChunkJson;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** A model that answers each call with the next recorded step's {@code assistant/chunk} stream of a corpus log. */
final class RecordedModel implements ModelAdapter {

    private final List<List<StreamChunk>> steps;
    private int next;

    private RecordedModel(List<List<StreamChunk>> steps) {
        this.steps = steps;
    }

    static RecordedModel of(Path log) throws IOException {
        Map<String, List<StreamChunk>> byStep = new LinkedHashMap<>();
        for (String line : Files.readAllLines(log)) {
            JsonNode event = JsJson.parse(line);
            if ("assistant/chunk".equals(event.path("type").asText())) {
                JsonNode data = event.get("data");
                byStep.computeIfAbsent(data.get("turn").asLong() + "." + data.get("step").asLong(), k -> new ArrayList<>())
                        .add(ChunkJson.readChunk(data.get("chunk"), "chunk"));
            }
        }
        return new RecordedModel(new ArrayList<>(byStep.values()));
    }

    int calls() {
        return next;
    }

    @Override
    public synchronized void stream(ModelCall call, CancelSignal cancel, Consumer<? super StreamChunk> sink) {
        if (next >= steps.size()) {
            throw new IllegalStateException("the recording has only " + steps.size() + " model steps");
        }
        steps.get(next++).forEach(sink);
    }
}
