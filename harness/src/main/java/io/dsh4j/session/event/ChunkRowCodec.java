package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reads and writes packed chunk rows with the decoder validation of §1.5: exactly the envelope keys
 * ({@code type, seq0, time0, data}, or {@code type, data} for a recorded fixture), exactly the data
 * keys, string member arrays, a non-empty payload, matching {@code dt} arity, and safe-integer
 * reconstructed seqs and times. Any violation is corrupt storage, never an unknown event.
 */
final class ChunkRowCodec {

    private ChunkRowCodec() {}

    static ChunkRow fromTree(ChunkRow.Kind kind, JsonNode row, long positionalSeq) {
        String tag = kind.tag();
        boolean hasSeq0 = row.has("seq0");
        boolean hasTime0 = row.has("time0");
        boolean positional = !hasSeq0 && !hasTime0;
        if (!(positional ? exactKeys(row, "type", "data") : exactKeys(row, "type", "seq0", "time0", "data"))) {
            throw malformed(tag, "envelope must be exactly {type, seq0, time0, data}, found " + keys(row), null);
        }
        long seq0 = positionalSeq;
        long time0 = 0;
        if (!positional) {
            Long s = StorageCodec.safeInteger(row.get("seq0"));
            if (s == null || s < 0) throw malformed(tag, "seq0 must be a non-negative safe integer", "seq0");
            Long t = StorageCodec.safeInteger(row.get("time0"));
            if (t == null) throw malformed(tag, "time0 must be a safe integer", "time0");
            seq0 = s;
            time0 = t;
        }
        JsonNode data = row.get("data");
        if (!data.isObject()) throw malformed(tag, "data must be an object", "data");
        String id = null;
        String name = null;
        if (kind == ChunkRow.Kind.TOOL_CALL) {
            boolean withName = exactKeys(data, "turn", "step", "index", "id", "name", "dt", "args");
            if (!withName && !exactKeys(data, "turn", "step", "index", "id", "dt", "args")) {
                throw malformed(tag, "data must be exactly {turn, step, index, id, name?, dt, args}, found " + keys(data), "data");
            }
            if (!data.get("id").isTextual() || (withName && !data.get("name").isTextual())) {
                throw malformed(tag, "id (and name when present) must be strings", withName ? "data.name" : "data.id");
            }
            id = data.get("id").textValue();
            name = withName ? data.get("name").textValue() : null;
        } else if (!exactKeys(data, "turn", "step", "index", "dt", "texts")) {
            throw malformed(tag, "data must be exactly {turn, step, index, dt, texts}, found " + keys(data), "data");
        }
        JsonNode turn = data.get("turn");
        JsonNode step = data.get("step");
        JsonNode index = data.get("index");
        if (!turn.isNumber() || !step.isNumber() || !index.isNumber()) throw malformed(tag, "turn/step/index must be numbers", "data");
        String payloadKey = kind.payloadKey();
        JsonNode payload = data.get(payloadKey);
        if (!payload.isArray() || payload.isEmpty()) throw malformed(tag, payloadKey + " must be a non-empty string array", "data." + payloadKey);
        List<String> members = new ArrayList<>(payload.size());
        for (JsonNode m : payload) {
            if (!m.isTextual()) throw malformed(tag, payloadKey + " must be a non-empty string array", "data." + payloadKey);
            members.add(m.textValue());
        }
        JsonNode dtNode = data.get("dt");
        if (!dtNode.isArray()) throw malformed(tag, "dt must be an array of safe integers", "data.dt");
        long[] dt = new long[dtNode.size()];
        for (int i = 0; i < dt.length; i++) {
            Long g = StorageCodec.safeInteger(dtNode.get(i));
            if (g == null) throw malformed(tag, "dt must be an array of safe integers", "data.dt[" + i + "]");
            dt[i] = g;
        }
        if (dt.length != members.size() - 1) {
            throw malformed(tag, "dt length " + dt.length + " does not match " + members.size() + " members", "data.dt");
        }
        if (!JsNumberFormat.isSafeInteger(seq0 + members.size() - 1)) throw malformed(tag, "member seqs must stay safe integers", "seq0");
        long time = time0;
        for (long gap : dt) {
            time += gap;
            if (!JsNumberFormat.isSafeInteger(time)) throw malformed(tag, "member times must stay safe integers", "data.dt");
        }
        return new ChunkRow(kind, seq0, time0, positional, turn.doubleValue(), step.doubleValue(), index.doubleValue(),
                id, name, dt, members);
    }

    private static CorruptRecordException malformed(String tag, String why, String field) {
        return new CorruptRecordException("malformed " + tag + " storage row: " + why, tag, -1, field, null);
    }

    private static boolean exactKeys(JsonNode obj, String... keys) {
        if (obj.size() != keys.length) return false;
        for (String k : keys) if (!obj.has(k)) return false;
        return true;
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
