package io.dsh4j.session.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * A minimal storage codec for scanner tests: events are the record lines themselves (the first event
 * of a packed row carries the row's line), seq is read or synthesised by position, packed rows count
 * their members, and the type {@code unknown/required} is refused. It checks only what the
 * scanner's rules need.
 */
final class LineCodec implements RecordCodec<String, LineCodec.Record, LineCodec.Event> {

    record Event(long seq, String type, String line) {}

    record Record(long firstSeq, int count, String type, String line) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String header(byte[] bytes, int off, int len) {
        JsonNode node = parse(bytes, off, len);
        if (node.has("version") && node.get("version").asInt() != 0) throw new RecordRefusedException("format version " + node.get("version"));
        if (!"session".equals(node.path("type").asText(null))) throw new MalformedRecordException("first line is not a session header");
        return new String(bytes, off, len, StandardCharsets.UTF_8);
    }

    @Override
    public Record decode(byte[] bytes, int off, int len, long positionalSeq) {
        JsonNode node = parse(bytes, off, len);
        String type = node.path("type").asText("");
        String line = new String(bytes, off, len, StandardCharsets.UTF_8);
        if (type.endsWith("-chunks")) {
            JsonNode data = node.path("data");
            int members = data.has("texts") ? data.get("texts").size() : data.path("args").size();
            if (members == 0) throw new MalformedRecordException("empty packed row");
            return new Record(node.has("seq0") ? node.get("seq0").asLong() : positionalSeq, members, type, line);
        }
        return new Record(node.has("seq") ? node.get("seq").asLong() : positionalSeq, 1, type, line);
    }

    @Override
    public long firstSeq(Record record) {
        return record.firstSeq();
    }

    @Override
    public int eventCount(Record record) {
        return record.count();
    }

    @Override
    public boolean containsTurnEnd(Record record) {
        return record.type().equals("turn/end");
    }

    @Override
    public void accept(Record record, Consumer<Event> sink) {
        if (record.type().equals("unknown/required")) throw new RecordRefusedException("unknown event type " + record.type());
        for (int k = 0; k < record.count(); k++) {
            sink.accept(new Event(record.firstSeq() + k, record.count() > 1 ? "assistant/chunk" : record.type(),
                    k == 0 ? record.line() : null));
        }
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
