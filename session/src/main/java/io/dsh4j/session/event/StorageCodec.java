package io.dsh4j.session.event;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.message.json.LosslessJsonException;
import io.dsh4j.message.json.NodeUtf8;
import java.io.IOException;
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
        try (JsonParser p = JsJson.factory(limits).createParser(line)) {
            return RecordDecoder.decode(p, positionalSeq);
        } catch (IOException e) {
            throw RecordDecoder.unreadable(e);
        }
    }

    /** Decodes one UTF-8 line from {@code buf[offset, offset+length)} (without its newline). */
    public static StorageRecord decode(byte[] buf, int offset, int length, long positionalSeq, JsonLimits limits) {
        try (JsonParser p = JsJson.factory(limits).createParser(buf, offset, length)) {
            return RecordDecoder.decode(p, positionalSeq);
        } catch (IOException e) {
            throw RecordDecoder.unreadable(e);
        }
    }

    /**
     * As {@link #decode(byte[], int, int, long, JsonLimits)}, building only the event data
     * {@code projection} reads (see {@link DataProjection}: events of other types carry projected
     * data, for the caller's own fold only). Exact: a line the projected decode cannot read is
     * decoded again in full, so that it succeeds or fails exactly as the full decode does; so is a
     * line that is not well-formed UTF-8 (the parser checks the UTF-8 of skipped strings less strictly
     * than of the strings it reads: an encoded surrogate passes a skip). A line as DSH writes it is read
     * straight from its bytes first ({@code CompactLineDecoder}), with the same result.
     */
    public static StorageRecord decode(byte[] buf, int offset, int length, long positionalSeq, JsonLimits limits,
            DataProjection projection) {
        if (projection.isFull()) return decode(buf, offset, length, positionalSeq, limits);
        SessionEvent compact = CompactLineDecoder.decode(buf, offset, length, positionalSeq, projection, limits);
        if (compact != null) return compact;
        if (!NodeUtf8.isWellFormed(buf, offset, length)) return decode(buf, offset, length, positionalSeq, limits);
        try (JsonParser p = JsJson.factory(limits).createParser(buf, offset, length)) {
            return RecordDecoder.decode(p, positionalSeq, projection);
        } catch (IOException | RuntimeException projectedFailed) {
            return decode(buf, offset, length, positionalSeq, limits);
        }
    }

    /**
     * Interprets a parsed line value as a storage record (see {@link #decode(String, long)}).
     *
     * @throws CorruptRecordException when the value is not a valid storage record
     */
    public static StorageRecord fromTree(JsonNode value, long positionalSeq) {
        return RecordDecoder.fromTree(value, positionalSeq);
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
