package io.dsh4j.session.event;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import io.dsh4j.message.json.JsonTextException;
import io.dsh4j.message.json.JsonTrees;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The decoding half of {@link StorageCodec}: reads one line's token stream into a storage record,
 * the envelope key by key (remembering its order), event data as a tree, packed rows straight from
 * the stream; falls back to a tree for lines that are not objects. Stateless.
 */
final class RecordDecoder {

    private RecordDecoder() {}

    static CorruptRecordException unreadable(IOException e) {
        JsonTextException j = JsJson.wrap(e);
        return new CorruptRecordException(j.getMessage() + (j.offset() >= 0 ? ", at offset " + j.offset() + " of the line" : ""),
                null, -1, null, e);
    }

    static StorageRecord decode(JsonParser p, long positionalSeq) throws IOException {
        return decode(p, positionalSeq, DataProjection.FULL);
    }

    /**
     * As {@link #decode(JsonParser, long)}, building only the data {@code projection} reads (data
     * that comes before the type is built whole). A failure here is not final: the caller decodes
     * the line again in full, so that its error is the full decoder's.
     */
    static StorageRecord decode(JsonParser p, long positionalSeq, DataProjection projection) throws IOException {
        JsonToken first = p.nextToken();
        if (first != JsonToken.START_OBJECT) return decodeTree(p, positionalSeq);
        String type = null;
        int layout = 0;
        long seq = positionalSeq;
        long time = 0;
        JsonNode data = null;
        ChunkRowCodec.Parts row = null;
        List<Long> sources = null;
        SurfaceOp op = null;
        Long seq0 = null;
        Long time0 = null;
        boolean hasSeq0 = false;
        boolean hasTime0 = false;
        String odd = null;
        String name;
        while ((name = p.nextFieldName()) != null) {
            JsonToken t = p.nextToken();
            int key = switch (name) {
                case "type" -> EnvelopeLayout.TYPE;
                case "seq" -> EnvelopeLayout.SEQ;
                case "time" -> EnvelopeLayout.TIME;
                case "data" -> EnvelopeLayout.DATA;
                case "sourceEventSeqs" -> EnvelopeLayout.SOURCES;
                case "surfaceOp" -> EnvelopeLayout.SURFACE;
                case "ignorable" -> EnvelopeLayout.IGNORABLE;
                default -> 0;
            };
            if (key != 0) {
                if (EnvelopeLayout.has(layout, key)) {
                    throw new CorruptRecordException("duplicate envelope key \"" + name + "\"", type, -1, name, null);
                }
                layout = EnvelopeLayout.append(layout, key);
            }
            switch (name) {
                case "type" -> {
                    if (t != JsonToken.VALUE_STRING) {
                        throw new CorruptRecordException("type must be a string, found " + kind(JsonTrees.read(p)), null, -1, "type", null);
                    }
                    type = p.getText();
                }
                case "seq" -> {
                    Long v = safeInteger(p, t);
                    if (v == null || v < 0) {
                        throw new CorruptRecordException("seq must be a non-negative safe integer", type, -1, "seq", null);
                    }
                    seq = v;
                }
                case "time" -> {
                    Long v = safeInteger(p, t);
                    if (v == null) throw new CorruptRecordException("time must be a safe integer", type, -1, "time", null);
                    time = v;
                }
                case "data" -> {
                    ChunkRow.Kind kind = type == null ? null : ChunkRow.Kind.ofTag(type);
                    if (kind != null) row = ChunkRowCodec.readData(kind, p);
                    else if (type == null) data = JsonTrees.read(p);
                    else if (projection.full(type)) data = hollowed(p, t, projection.hollow(type));
                    else data = projected(p, t, projection.kept(type));
                }
                case "sourceEventSeqs" -> sources = sourceSeqs(JsonTrees.read(p), type);
                case "surfaceOp" -> op = surfaceOp(JsonTrees.read(p), type);
                case "ignorable" -> {
                    if (t != JsonToken.VALUE_TRUE) {
                        throw new CorruptRecordException("ignorable may only be true, found " + kind(JsonTrees.read(p)), type, -1,
                                "ignorable", null);
                    }
                }
                case "seq0" -> {
                    hasSeq0 = true;
                    seq0 = safeInteger(p, t);
                }
                case "time0" -> {
                    hasTime0 = true;
                    time0 = safeInteger(p, t);
                }
                default -> {
                    if (odd == null) odd = name;
                    p.skipChildren();
                }
            }
        }
        if (p.nextToken() != null) throw new CorruptRecordException("trailing content after the JSON value", type, -1, null, null);
        if (type == null) throw new CorruptRecordException("type must be a string, found nothing", null, -1, "type", null);
        ChunkRow.Kind kind = ChunkRow.Kind.ofTag(type);
        if (kind != null) {
            boolean dataSeen = EnvelopeLayout.has(layout, EnvelopeLayout.DATA);
            int others = EnvelopeLayout.size(layout) - 1 - (dataSeen ? 1 : 0) + (odd != null ? 1 : 0);
            String found = EnvelopeLayout.describe(layout) + (odd != null ? " and " + odd : "")
                    + (hasSeq0 ? " with seq0" : "") + (hasTime0 ? " with time0" : "");
            ChunkRowCodec.checkEnvelopeKeys(kind.tag(), hasSeq0, hasTime0, others, dataSeen, () -> found);
            if (row == null) {
                // data came before type: read the row from its tree
                ObjectNode tree = JsJson.nodes().objectNode();
                tree.put("type", type);
                if (hasSeq0) tree.put("seq0", seq0 == null ? -1 : seq0);
                if (hasTime0) tree.set("time0", time0 == null ? JsJson.nodes().textNode("invalid") : JsJson.nodes().numberNode(time0));
                tree.set("data", data);
                return ChunkRowCodec.fromTree(kind, tree, positionalSeq);
            }
            boolean positional = !hasSeq0;
            return ChunkRowCodec.build(row, positional, positional ? positionalSeq : ChunkRowCodec.seq0(kind.tag(), seq0),
                    positional ? 0 : ChunkRowCodec.time0(kind.tag(), time0));
        }
        if (odd != null) throw new CorruptRecordException("unexpected envelope key \"" + odd + "\"", type, -1, odd, null);
        return event(type, layout, seq, time, data, sources, op);
    }

    /**
     * The projected data of a type the scan does not read whole: an object keeps only {@code kept}
     * keys (a repeated key keeps its first position and takes the last value, as {@link JsonTrees}
     * does), an array becomes empty, a scalar is kept. Skipped values still pass the parser's checks.
     */
    private static JsonNode projected(JsonParser p, JsonToken t, java.util.Set<String> kept) throws IOException {
        if (t == JsonToken.START_OBJECT) {
            ObjectNode o = JsJson.nodes().objectNode();
            String name;
            while ((name = p.nextFieldName()) != null) {
                p.nextToken();
                if (kept.contains(name)) o.set(name, JsonTrees.read(p));
                else p.skipChildren();
            }
            return o;
        }
        if (t == JsonToken.START_ARRAY) {
            p.skipChildren();
            return JsJson.nodes().arrayNode();
        }
        return JsonTrees.read(p);
    }

    /**
     * The data of a type read whole, except that an array under one of the {@code hollow} top-level keys
     * is left empty (skipped: still checked by the parser); a repeated key behaves as in {@link JsonTrees}.
     */
    private static JsonNode hollowed(JsonParser p, JsonToken t, java.util.Set<String> hollow) throws IOException {
        if (hollow.isEmpty() || t != JsonToken.START_OBJECT) return JsonTrees.read(p);
        ObjectNode o = JsJson.nodes().objectNode();
        String name;
        while ((name = p.nextFieldName()) != null) {
            if (p.nextToken() == JsonToken.START_ARRAY && hollow.contains(name)) {
                p.skipChildren();
                o.set(name, JsJson.nodes().arrayNode());
            } else {
                o.set(name, JsonTrees.read(p));
            }
        }
        return o;
    }

    private static StorageRecord decodeTree(JsonParser p, long positionalSeq) throws IOException {
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

    /** A JSON number token's value when it is a JS safe integer ({@code -0} reads as 0), else {@code null}. */
    private static Long safeInteger(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NUMBER_INT) {
            JsonParser.NumberType nt = p.getNumberType();
            if (nt == JsonParser.NumberType.INT) return (long) p.getIntValue();
            if (nt == JsonParser.NumberType.LONG) {
                long v = p.getLongValue();
                return JsNumberFormat.isSafeInteger(v) ? v : null;
            }
            return null;
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            double d = p.getDoubleValue();
            return JsNumberFormat.isSafeInteger(d) ? (long) d : null;
        }
        p.skipChildren();
        return null;
    }

    private static SessionEvent eventFromTree(String type, JsonNode value, long positionalSeq) {
        int layout = 0;
        long seq = positionalSeq;
        long time = 0;
        JsonNode data = null;
        List<Long> sources = null;
        SurfaceOp op = null;
        for (var it = value.properties().iterator(); it.hasNext(); ) {
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
        return event(type, layout, seq, time, data, sources, op);
    }

    private static SessionEvent event(String type, int layout, long seq, long time, JsonNode data, List<Long> sources, SurfaceOp op) {
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
        return JsNumberFormat.isSafeInteger(d) ? (long) d : null; // -0 passes, as Number.isSafeInteger(-0) does
    }

    static String kind(JsonNode v) {
        return io.dsh4j.message.json.JsonFields.kind(v);
    }

    static StorageRecord fromTree(JsonNode value, long positionalSeq) {
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

}
