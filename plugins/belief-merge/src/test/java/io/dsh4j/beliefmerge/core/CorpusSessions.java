package io.dsh4j.beliefmerge.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support: reads a raw-mode DSH log of the shared corpus (header line, then one record per line)
 * and folds its model-visible surface — {@code append} pushes a node, {@code replace {start,end}}
 * splices the positional range into the new node — with {@code seq} synthesised by position, as the
 * corpus README says. Only well-formed corpus logs are read here; the app reads real homes through the
 * session store.
 */
final class CorpusSessions {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A session's id and its current surface events in model order. */
    record Read(String id, List<JsonNode> surface) {}

    private CorpusSessions() {}

    static Read read(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            String id = JSON.readTree(lines.getFirst()).get("id").asText();
            List<JsonNode> events = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) events.add(JSON.readTree(lines.get(i)));
            }
            List<Integer> current = new ArrayList<>();
            for (int seq = 0; seq < events.size(); seq++) {
                JsonNode op = events.get(seq).get("surfaceOp");
                if (op == null) continue;
                if (op.isTextual() && op.textValue().equals("append")) {
                    current.add(seq);
                } else if (op.isObject() && "replace".equals(op.path("op").asText())) {
                    int from = current.indexOf(op.get("start").asInt());
                    int to = current.indexOf(op.get("end").asInt());
                    if (from < 0 || to < from) throw new IllegalStateException(log + ": bad replace at seq " + seq);
                    current.subList(from, to + 1).clear();
                    current.add(from, seq);
                }
            }
            return new Read(id, current.stream().map(events::get).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Surface surface(Path log, Trust trust) {
        Read r = read(log);
        return new Surface(r.id(), EventMessages.fromEvents(r.surface()), trust);
    }
}
