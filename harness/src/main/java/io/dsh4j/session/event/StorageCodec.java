package io.dsh4j.session.event;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.message.json.JsonTextException;
import io.dsh4j.message.json.JsonTrees;
import io.dsh4j.message.json.LosslessJsonException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The storage codec: one decoded JSONL line ↔ one {@link StorageRecord}. Decoding validates the
 * envelope (§2.1) or the packed row (§1.5) exactly and throws {@link CorruptRecordException} naming
 * the problem; encoding writes JSON as DSH's {@code JSON.stringify} does, in the record's key order,
 * so a DSH-written line re-encodes byte for byte. Packing of event batches is {@link ChunkPacker}'s.
 *
 * <p>Lines carry no trailing newline here. Stateless, thread-safe.
 */
public final class StorageCodec {

    private StorageCodec() {}

    // ---------------------------------------------------------------- decoding

    /**
     * Decodes one line (without its newline).
     *
     * @param positionalSeq the seq the record's first event has by position, used when the stored form
     *                      has no {@code seq} / {@code seq0} (recorded fixtures)
     * @throws CorruptRecordException when the line is not a valid storage record
     */
    public static StorageRecord decode(String line, long positionalSeq) {
        return decode(line, positionalSeq, JsonLimits.DEFAULTS);
    }

    /** As {@link #decode(String, long)} under explicit JSON caps. */
    public static StorageRecord decode(String line, long positionalSeq, JsonLimits limits) {
        try (JsonParser p = JsJson.mapper(limits).createParser(line)) {
            return decode(p, positionalSeq);
        } catch (IOException e) {
            throw unreadable(e);
        }
    }

    /** Decodes one UTF-8 line from {@code buf[offset, offset+length)} (without its newline). */
    public static StorageRecord decode(byte[] buf, int offset, int length, long positionalSeq, JsonLimits limits) {
        try (JsonParser p = JsJson.mapper(limits).createParser(buf, offset, length)) {
            return decode(p, positionalSeq);
        } catch (IOException e) {
            throw unreadable(e);
        }
    }

    private static CorruptRecordException unreadable(IOException e) {
        JsonTextException j = JsJson.wrap(e);
        return new CorruptRecordException(j.getMessage() + (j.offset() >= 0 ? " (at offset " + j.offset() + ")" : ""),
                null, -1, null, e);
    }

    private static StorageRecord decode(JsonParser p, long positionalSeq) throws IOException {
        JsonNode value;
        try {
            value = JsonTrees.read(p);
            if (p.nextToken() != null) {
                throw new CorruptRecordException("trailing content after the JSON value", null, -1, null, null);
            }
        } catch (JsonTextException e) {
            throw new CorruptRecordException(e.getMessage(), null, -1, null, e);
        }
        return fromTree(value, positionalSeq);
    }

    /**
     * Interprets a parsed line value as a storage record (see {@link #decode(String, long)}).
     *
     * @throws CorruptRecordException when the value is not a valid storage record
     */
    public static StorageRecord fromTree(JsonNode value, long positionalSeq) {
        if (!value.isObject()) {
            throw new CorruptRecordException("a storage record must be a JSON object, found " + kind(value), null, -1, null, null);
        }
        JsonNode typeNode = value.get("type");
        if (typeNode == null || !typeNode.isTextual()) {
            throw new CorruptRecordException("type must be a string, found " + kind(typeNode), null, -1, "type", null);
        }
        String type = typeNode.textValue();
        ChunkRow.Kind kind = ChunkRow.Kind.ofTag(type);
        if (kind != null) return ChunkRowCodec.fromTree(kind, value, positionalSeq);
        return eventFromTree(type, value, positionalSeq);
    }

    private static SessionEvent eventFromTree(String type, JsonNode value, long positionalSeq) {
        int layout = 0;
        long seq = positionalSeq;
        long time = 0;
        JsonNode data = null;
        List<Long> sources = null;
        SurfaceOp op = null;
        for (var it = value.fields(); it.hasNext(); ) {
            var e = it.next();
            JsonNode v = e.getValue();
            switch (e.getKey()) {
                case "type" -> layout = EnvelopeLayout.append(layout, EnvelopeLayout.TYPE);
                case "seq" -> {
                    layout = EnvelopeLayout.append(layout, EnvelopeLayout.SEQ);
                    Long s = safeInteger(v);
                    if (s == null || s < 0) throw new CorruptRecordException("seq must be a non-negative safe integer, found " + kind(v), type, -1, "seq", null);
                    seq = s;
                }
                case "time" -> {
                    layout = EnvelopeLayout.append(layout, EnvelopeLayout.TIME);
                    Long t = safeInteger(v);
                    if (t == null) throw new CorruptRecordException("time must be a safe integer, found " + kind(v), type, -1, "time", null);
                    time = t;
                }
                case "data" -> {
                    layout = EnvelopeLayout.append(layout, EnvelopeLayout.DATA);
                    data = v;
                }
                case "sourceEventSeqs" -> {
                    layout = EnvelopeLayout.append(layout, EnvelopeLayout.SOURCES);
                    sources = sourceSeqs(v, type);
                }
                case "surfaceOp" -> {
                    layout = EnvelopeLayout.append(layout, EnvelopeLayout.SURFACE);
                    op = surfaceOp(v, type);
                }
                case "ignorable" -> {
                    layout = EnvelopeLayout.append(layout, EnvelopeLayout.IGNORABLE);
                    if (!v.isBoolean() || !v.booleanValue()) {
                        throw new CorruptRecordException("ignorable may only be true, found " + kind(v), type, -1, "ignorable", null);
                    }
                }
                default -> throw new CorruptRecordException("unexpected envelope key \"" + e.getKey() + "\"", type, -1, e.getKey(), null);
            }
        }
        boolean hasSeq = EnvelopeLayout.has(layout, EnvelopeLayout.SEQ);
        boolean hasTime = EnvelopeLayout.has(layout, EnvelopeLayout.TIME);
        long at = hasSeq ? seq : -1;
        if (hasSeq != hasTime) {
            String missing = hasSeq ? "time" : "seq";
            throw new CorruptRecordException(missing + " is missing (an event has both seq and time, or neither in a recorded fixture)",
                    type, at, missing, null);
        }
        if (data == null) throw new CorruptRecordException("data is missing", type, at, "data", null);
        return new SessionEvent(type, seq, time, layout, data, null, sources, op);
    }

    private static List<Long> sourceSeqs(JsonNode v, String type) {
        if (!v.isArray()) throw new CorruptRecordException("sourceEventSeqs must be an array, found " + kind(v), type, -1, "sourceEventSeqs", null);
        List<Long> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            Long s = safeInteger(v.get(i));
            if (s == null || s < 0) {
                throw new CorruptRecordException("sourceEventSeqs must hold non-negative safe integers, found " + kind(v.get(i)),
                        type, -1, "sourceEventSeqs[" + i + "]", null);
            }
            out.add(s);
        }
        return List.copyOf(out);
    }

    private static SurfaceOp surfaceOp(JsonNode v, String type) {
        if (v.isTextual() && v.textValue().equals("append")) return SurfaceOp.APPEND;
        if (v.isObject() && v.size() == 3 && v.path("op").isTextual() && v.get("op").textValue().equals("replace")) {
            Long start = safeInteger(v.get("start"));
            Long end = safeInteger(v.get("end"));
            if (start != null && end != null && start >= 0 && end >= 0) return new SurfaceOp.Replace(start, end);
        }
        throw new CorruptRecordException("surfaceOp must be \"append\" or {op:\"replace\", start, end} with seqs, found "
                + JsJson.stringify(v), type, -1, "surfaceOp", null);
    }

    static Long safeInteger(JsonNode v) {
        if (v == null || !v.isNumber()) return null;
        if (v.isInt() || v.isShort()) return (long) v.intValue();
        if (v.isLong()) return JsNumberFormat.isSafeInteger(v.longValue()) ? v.longValue() : null;
        double d = v.doubleValue();
        if (d == 0 && Double.doubleToRawLongBits(d) != 0) return null; // -0 is not a safe integer seq/time in DSH's sense
        return JsNumberFormat.isSafeInteger(d) ? (long) d : null;
    }

    static String kind(JsonNode v) {
        return io.dsh4j.message.json.JsonFields.kind(v);
    }

    // ---------------------------------------------------------------- encoding

    /**
     * The storage line of a record, exactly as DSH writes it (no newline).
     *
     * @throws NotLosslessEventException when an event's data holds a value DSH refuses to persist
     */
    public static String encode(StorageRecord record) {
        StringBuilder out = new StringBuilder(256);
        encode(record, out);
        return out.toString();
    }

    /** Appends the storage line of a record (no newline). @throws NotLosslessEventException as {@link #encode(StorageRecord)} */
    public static void encode(StorageRecord record, StringBuilder out) {
        switch (record) {
            case SessionEvent e -> encodeEvent(e, out);
            case ChunkRow r -> ChunkRowCodec.encode(r, out);
        }
    }

    /**
     * Encodes an event batch as DSH's writer does: packed when {@code pack} (runs of ≥ 3 eligible
     * deltas become rows, see {@link ChunkPacker}), one line per record, joined by {@code \n}, without
     * a final newline.
     */
    public static String encodeBatch(List<SessionEvent> events, boolean pack) {
        StringBuilder out = new StringBuilder(events.size() * 128);
        List<? extends StorageRecord> records = pack ? ChunkPacker.pack(events) : events;
        boolean first = true;
        for (StorageRecord r : records) {
            if (!first) out.append('\n');
            first = false;
            encode(r, out);
        }
        return out.toString();
    }

    /**
     * The UTF-8 bytes of one write batch: {@link #encodeBatch} plus the final newline (DSH's append
     * unit; in zstd mode one frame holds exactly these bytes). Empty batch gives no bytes.
     *
     * @throws NotLosslessEventException when an event's data is not lossless JSON
     */
    public static byte[] encodeBatchUtf8(List<SessionEvent> events, boolean pack) {
        if (events.isEmpty()) return new byte[0];
        return (encodeBatch(events, pack) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void encodeEvent(SessionEvent e, StringBuilder out) {
        int layout = e.layout();
        out.append('{');
        int n = EnvelopeLayout.size(layout);
        for (int i = 0; i < n; i++) {
            if (i > 0) out.append(',');
            switch (EnvelopeLayout.keyAt(layout, i)) {
                case EnvelopeLayout.TYPE -> {
                    out.append("\"type\":");
                    JsJson.appendString(out, e.type());
                }
                case EnvelopeLayout.SEQ -> out.append("\"seq\":").append(e.seq());
                case EnvelopeLayout.TIME -> out.append("\"time\":").append(e.time());
                case EnvelopeLayout.DATA -> {
                    out.append("\"data\":");
                    encodeData(e, out);
                }
                case EnvelopeLayout.SOURCES -> {
                    out.append("\"sourceEventSeqs\":[");
                    List<Long> s = e.sourceEventSeqs();
                    for (int k = 0; k < s.size(); k++) {
                        if (k > 0) out.append(',');
                        out.append(s.get(k).longValue());
                    }
                    out.append(']');
                }
                case EnvelopeLayout.SURFACE -> {
                    out.append("\"surfaceOp\":");
                    switch (e.surfaceOp()) {
                        case SurfaceOp.Append a -> out.append("\"append\"");
                        case SurfaceOp.Replace r -> out.append("{\"op\":\"replace\",\"start\":").append(r.start())
                                .append(",\"end\":").append(r.end()).append('}');
                    }
                }
                case EnvelopeLayout.IGNORABLE -> out.append("\"ignorable\":true");
                default -> throw new IllegalStateException("bad envelope layout " + layout);
            }
        }
        out.append('}');
    }

    private static void encodeData(SessionEvent e, StringBuilder out) {
        if (e.rawData() == null && e.cachedPayload() instanceof EventPayload.AssistantChunk c && isDelta(c.chunk())) {
            out.append("{\"turn\":").append(c.turn()).append(",\"step\":").append(c.step()).append(",\"chunk\":{\"type\":\"");
            switch (c.chunk()) {
                case StreamChunk.TextDelta d -> {
                    out.append("text-delta\",\"index\":").append(d.index()).append(",\"text\":");
                    JsJson.appendString(out, d.text());
                }
                case StreamChunk.ReasoningDelta d -> {
                    out.append("reasoning-delta\",\"index\":").append(d.index()).append(",\"text\":");
                    JsJson.appendString(out, d.text());
                }
                case StreamChunk.ToolCallDelta d -> {
                    out.append("tool-call-delta\",\"index\":").append(d.index()).append(",\"id\":");
                    JsJson.appendString(out, d.id());
                    if (d.name() != null) {
                        out.append(",\"name\":");
                        JsJson.appendString(out, d.name());
                    }
                    out.append(",\"argumentsDelta\":");
                    JsJson.appendString(out, d.argumentsDelta());
                }
                default -> throw new IllegalStateException("not a delta");
            }
            out.append("}}");
            return;
        }
        try {
            JsJson.append(out, e.data());
        } catch (LosslessJsonException x) {
            String path = x.path();
            try {
                JsJson.requireLossless(e.data());
            } catch (LosslessJsonException located) {
                path = located.path();
            }
            throw new NotLosslessEventException(x.getMessage(), e.type(), e.seq(), "data" + path.substring(1), x);
        }
    }

    private static boolean isDelta(StreamChunk c) {
        return c instanceof StreamChunk.TextDelta || c instanceof StreamChunk.ReasoningDelta || c instanceof StreamChunk.ToolCallDelta;
    }
}
