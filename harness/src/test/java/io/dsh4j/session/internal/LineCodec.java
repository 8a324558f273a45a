package io.dsh4j.session.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A minimal storage codec for scanner tests: events are the record lines themselves (the first event
 * of a packed row carries the row's line), seq is read or synthesised by position, packed rows count
 * their members. It checks only what the scanner's rules need.
 */
final class LineCodec implements RecordCodec<String, LineCodec.Event> {

    record Event(long seq, String type, String line) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String header(byte[] bytes, int off, int len) {
        JsonNode node = parse(bytes, off, len);
        if (!"session".equals(node.path("type").asText(null))) throw new MalformedRecordException("first line is not a session header");
        if (node.has("version") && node.get("version").asInt() != 0) throw new RecordRefusedException("format version " + node.get("version"));
        return new String(bytes, off, len, StandardCharsets.UTF_8);
    }

    @Override
    public void decode(byte[] bytes, int off, int len, long nextSeq, String header, List<Event> out) {
        JsonNode node = parse(bytes, off, len);
        String type = node.path("type").asText("");
        String line = new String(bytes, off, len, StandardCharsets.UTF_8);
        if (type.equals("unknown/required")) throw new RecordRefusedException("unknown event type " + type);
        if (type.endsWith("-chunks")) {
            long seq0 = node.has("seq0") ? node.get("seq0").asLong() : nextSeq;
            JsonNode data = node.path("data");
            int members = data.has("texts") ? data.get("texts").size() : data.path("args").size();
            if (members == 0) throw new MalformedRecordException("empty packed row");
            for (int k = 0; k < members; k++) out.add(new Event(seq0 + k, "assistant/chunk", k == 0 ? line : null));
            return;
        }
        out.add(new Event(node.has("seq") ? node.get("seq").asLong() : nextSeq, type, line));
    }

    @Override
    public long seq(Event event) {
        return event.seq();
    }

    @Override
    public boolean endsTurn(Event event) {
        return event.type().equals("turn/end");
    }

    private static JsonNode parse(byte[] bytes, int off, int len) {
        try {
            JsonNode node = JSON.readTree(bytes, off, len);
            if (node == null || !node.isObject()) throw new MalformedRecordException("not a JSON object");
            return node;
        } catch (java.io.IOException e) {
            throw new MalformedRecordException("invalid JSON", e);
        }
    }
}
