package io.dsh4j.session.event;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reads and writes packed chunk rows with the decoder validation of §1.5: exactly the envelope keys
 * ({@code type, seq0, time0, data}, or {@code type, data} for a recorded fixture), exactly the data
 * keys, string member arrays, a non-empty payload, matching {@code dt} arity, and safe-integer
 * reconstructed seqs and times. Any violation is corrupt storage, never an unknown event. Rows are
 * read straight from the token stream (no tree) on the hot path, or from a tree.
 */
final class ChunkRowCodec {

    private ChunkRowCodec() {}

    /** The data part of a row as read, before validation. */
    static final class Parts {
        final ChunkRow.Kind kind;
        boolean turnSeen;
        boolean stepSeen;
        boolean indexSeen;
        double turnValue;
        double stepValue;
        double indexValue;
        boolean numbersOk = true;
        String id;
        boolean idPresent;
        boolean idOk = true;
        String name;
        boolean namePresent;
        boolean nameOk = true;
        long[] dt;
        boolean dtPresent;
        String dtProblem;
        List<String> members;
        boolean membersPresent;
        boolean membersOk = true;
        String extraKey;
        boolean texts;
        boolean args;

        Parts(ChunkRow.Kind kind) {
            this.kind = kind;
        }
    }

    static ChunkRow fromTree(ChunkRow.Kind kind, JsonNode row, long positionalSeq) {
        String tag = kind.tag();
        checkEnvelopeKeys(tag, row.has("seq0"), row.has("time0"), row.size() - (row.has("type") ? 1 : 0)
                - (row.has("seq0") ? 1 : 0) - (row.has("time0") ? 1 : 0) - (row.has("data") ? 1 : 0), row.has("data"),
                () -> keys(row));
        JsonNode data = row.get("data");
        if (!data.isObject()) throw malformed(tag, "data must be an object", "data");
        Parts parts = new Parts(kind);
        for (Iterator<String> it = data.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            JsonNode v = data.get(k);
            switch (k) {
                case "turn", "step", "index" -> {
                    if (!v.isNumber()) parts.numbersOk = false;
                    double d = v.doubleValue();
                    switch (k) {
                        case "turn" -> { parts.turnValue = d; parts.turnSeen = true; }
                        case "step" -> { parts.stepValue = d; parts.stepSeen = true; }
                        default -> { parts.indexValue = d; parts.indexSeen = true; }
                    }
                }
                case "id" -> {
                    parts.idPresent = true;
                    parts.idOk = v.isTextual();
                    parts.id = v.isTextual() ? v.textValue() : null;
                }
                case "name" -> {
                    parts.namePresent = true;
                    parts.nameOk = v.isTextual();
                    parts.name = v.isTextual() ? v.textValue() : null;
                }
                case "dt" -> {
                    parts.dtPresent = true;
                    if (!v.isArray()) {
                        parts.dtProblem = "data.dt";
                    } else {
                        parts.dt = new long[v.size()];
                        for (int i = 0; i < v.size(); i++) {
                            Long g = RecordDecoder.safeInteger(v.get(i));
                            if (g == null) {
                                parts.dtProblem = "data.dt[" + i + "]";
                                break;
                            }
                            parts.dt[i] = g;
                        }
                    }
                }
                case "texts", "args" -> {
                    if (k.equals("texts")) parts.texts = true; else parts.args = true;
                    if (!k.equals(kind.payloadKey())) {
                        parts.extraKey = k;
                        continue;
                    }
                    parts.membersPresent = true;
                    if (!v.isArray()) {
                        parts.membersOk = false;
                    } else {
                        parts.members = new ArrayList<>(v.size());
                        for (JsonNode m : v) {
                            if (!m.isTextual()) parts.membersOk = false;
                            else parts.members.add(m.textValue());
                        }
                    }
                }
                default -> parts.extraKey = k;
            }
        }
        boolean positional = !row.has("seq0");
        long seq0 = positional ? positionalSeq : seq0(tag, RecordDecoder.safeInteger(row.get("seq0")));
        long time0 = positional ? 0 : time0(tag, RecordDecoder.safeInteger(row.get("time0")));
        return build(parts, positional, seq0, time0);
    }

    /** Reads a row's data object from the stream (the parser is on its START_OBJECT). */
    static Parts readData(ChunkRow.Kind kind, JsonParser p) throws IOException {
        String tag = kind.tag();
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            throw malformed(tag, "data must be an object", "data");
        }
        Parts parts = new Parts(kind);
        String k;
        while ((k = p.nextFieldName()) != null) {
            JsonToken t = p.nextToken();
            switch (k) {
                case "turn", "step", "index" -> {
                    boolean number = t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT;
                    double v = number ? numberValue(p, t) : 0;
                    if (!number) {
                        parts.numbersOk = false;
                        p.skipChildren();
                    }
                    switch (k) {
                        case "turn" -> { parts.turnValue = v; parts.turnSeen = true; }
                        case "step" -> { parts.stepValue = v; parts.stepSeen = true; }
                        default -> { parts.indexValue = v; parts.indexSeen = true; }
                    }
                }
                case "id" -> {
                    parts.idPresent = true;
                    parts.idOk = t == JsonToken.VALUE_STRING;
                    if (parts.idOk) parts.id = p.getText(); else p.skipChildren();
                }
                case "name" -> {
                    parts.namePresent = true;
                    parts.nameOk = t == JsonToken.VALUE_STRING;
                    if (parts.nameOk) parts.name = p.getText(); else p.skipChildren();
                }
                case "dt" -> {
                    parts.dtPresent = true;
                    if (t != JsonToken.START_ARRAY) {
                        parts.dtProblem = "data.dt";
                        p.skipChildren();
                        break;
                    }
                    long[] buf = new long[16];
                    int n = 0;
                    JsonToken e;
                    while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                        long g = 0;
                        boolean ok;
                        if (e == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                            g = p.getLongValue();
                            ok = JsNumberFormat.isSafeInteger(g);
                        } else if (e == JsonToken.VALUE_NUMBER_FLOAT) {
                            double d = p.getDoubleValue();
                            ok = JsNumberFormat.isSafeInteger(d);
                            g = (long) d;
                        } else {
                            ok = false;
                        }
                        if (!ok) {
                            if (parts.dtProblem == null) parts.dtProblem = "data.dt[" + n + "]";
                            p.skipChildren();
                            g = 0L;
                        }
                        if (n == buf.length) buf = java.util.Arrays.copyOf(buf, n * 2);
                        buf[n++] = g;
                    }
                    parts.dt = java.util.Arrays.copyOf(buf, n);
                }
                case "texts", "args" -> {
                    if (k.equals("texts")) parts.texts = true; else parts.args = true;
                    if (!k.equals(kind.payloadKey())) {
                        parts.extraKey = k;
                        p.skipChildren();
                        break;
                    }
                    parts.membersPresent = true;
                    if (t != JsonToken.START_ARRAY) {
                        parts.membersOk = false;
                        p.skipChildren();
                        break;
                    }
                    List<String> members = new ArrayList<>();
                    JsonToken e;
                    while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (e == JsonToken.VALUE_STRING) {
                            members.add(p.getText());
                        } else {
                            parts.membersOk = false;
                            p.skipChildren();
                        }
                    }
                    parts.members = members;
                }
                default -> {
                    parts.extraKey = k;
                    p.skipChildren();
                }
            }
        }
        return parts;
    }

    private static double numberValue(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) return p.getIntValue();
        return p.getDoubleValue();
    }

    static void checkEnvelopeKeys(String tag, boolean seq0, boolean time0, int otherKeys, boolean data,
                                  java.util.function.Supplier<String> found) {
        boolean positional = !seq0 && !time0;
        if (otherKeys != 0 || !data || (!positional && !(seq0 && time0))) {
            throw malformed(tag, "envelope must be exactly {type, seq0, time0, data}, found " + found.get(), null);
        }
    }

    static long seq0(String tag, Long s) {
        if (s == null || s < 0) throw malformed(tag, "seq0 must be a non-negative safe integer", "seq0");
        return s;
    }

    static long time0(String tag, Long t) {
        if (t == null) throw malformed(tag, "time0 must be a safe integer", "time0");
        return t;
    }

    /** Validates the parts exactly as DSH's decoder does and builds the row. */
    static ChunkRow build(Parts parts, boolean positional, long seq0, long time0) {
        ChunkRow.Kind kind = parts.kind;
        String tag = kind.tag();
        boolean basic = parts.turnSeen && parts.stepSeen && parts.indexSeen && parts.dtPresent && parts.membersPresent
                && parts.extraKey == null;
        if (kind == ChunkRow.Kind.TOOL_CALL) {
            if (!basic || !parts.idPresent) {
                throw malformed(tag, "data must be exactly {turn, step, index, id, name?, dt, args}", "data");
            }
            if (!parts.idOk || !parts.nameOk) {
                throw malformed(tag, "id (and name when present) must be strings", parts.idOk ? "data.name" : "data.id");
            }
        } else if (!basic || parts.idPresent || parts.namePresent) {
            throw malformed(tag, "data must be exactly {turn, step, index, dt, texts}", "data");
        }
        if (!parts.numbersOk) throw malformed(tag, "turn/step/index must be numbers", "data");
        String payloadKey = kind.payloadKey();
        if (!parts.membersOk || parts.members == null || parts.members.isEmpty()) {
            throw malformed(tag, payloadKey + " must be a non-empty string array", "data." + payloadKey);
        }
        if (parts.dtProblem != null) throw malformed(tag, "dt must be an array of safe integers", parts.dtProblem);
        if (parts.dt.length != parts.members.size() - 1) {
            throw malformed(tag, "dt length " + parts.dt.length + " does not match " + parts.members.size() + " members", "data.dt");
        }
        if (!JsNumberFormat.isSafeInteger(seq0 + parts.members.size() - 1)) {
            throw malformed(tag, "member seqs must stay safe integers", "seq0");
        }
        long time = time0;
        for (long gap : parts.dt) {
            time += gap;
            if (!JsNumberFormat.isSafeInteger(time)) throw malformed(tag, "member times must stay safe integers", "data.dt");
        }
        return new ChunkRow(kind, seq0, time0, positional, parts.turnValue, parts.stepValue, parts.indexValue,
                kind == ChunkRow.Kind.TOOL_CALL ? parts.id : null, parts.namePresent ? parts.name : null, parts.dt, parts.members);
    }

    static CorruptRecordException malformed(String tag, String why, String field) {
        return new CorruptRecordException("malformed " + tag + " storage row: " + why, tag, -1, field, null);
    }

    private static String keys(JsonNode obj) {
        StringBuilder s = new StringBuilder("{");
        for (Iterator<String> it = obj.fieldNames(); it.hasNext(); ) {
            s.append(it.next());
            if (it.hasNext()) s.append(", ");
        }
        return s.append('}').toString();
    }

    static void encode(ChunkRow r, StringBuilder out) {
        out.append("{\"type\":\"").append(r.kind().tag()).append('"');
        if (!r.positional()) out.append(",\"seq0\":").append(r.seq0()).append(",\"time0\":").append(r.time0());
        out.append(",\"data\":{\"turn\":");
        JsJson.appendNumber(out, r.turn());
        out.append(",\"step\":");
        JsJson.appendNumber(out, r.step());
        out.append(",\"index\":");
        JsJson.appendNumber(out, r.index());
        out.append(",\"dt\":[");
        long[] dt = r.dt();
        for (int i = 0; i < dt.length; i++) {
            if (i > 0) out.append(',');
            out.append(dt[i]);
        }
        out.append(']');
        if (r.kind() == ChunkRow.Kind.TOOL_CALL) {
            out.append(",\"id\":");
            JsJson.appendString(out, r.id());
            if (r.name() != null) {
                out.append(",\"name\":");
                JsJson.appendString(out, r.name());
            }
        }
        out.append(",\"").append(r.kind().payloadKey()).append("\":[");
        List<String> members = r.members();
        for (int i = 0; i < members.size(); i++) {
            if (i > 0) out.append(',');
            JsJson.appendString(out, members.get(i));
        }
        out.append("]}}");
    }
}
