package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsNumberFormat;
import io.dsh4j.message.json.JsonEquality;
import io.dsh4j.message.json.JsonShapeException;
import java.util.List;
import java.util.Objects;

/**
 * One session event: the envelope {@code {type, seq, time, data, sourceEventSeqs?, surfaceOp?,
 * ignorable?}} of §2.1. Immutable value; {@link #payload()} decodes the typed view of {@code data}
 * on first use and caches it.
 *
 * <p>An event remembers the key order it was read with (or built with), so that
 * {@link StorageCodec#encode} reproduces a DSH-written line byte for byte. A <em>positional</em>
 * event is a fixture event whose {@code seq} and {@code time} were stripped: its seq was
 * synthesised from its position, it has no time ({@link #hasTime()} is false), and it re-encodes
 * without them.
 *
 * <p>Thread-safe. The {@link #data()} tree is shared, never copied: callers must not mutate it.
 */
public final class SessionEvent implements StorageRecord {

    private final String type;
    private final long seq;
    private final long time;
    private final int layout;
    private final List<Long> sourceEventSeqs;
    private final SurfaceOp surfaceOp;
    private volatile JsonNode data;
    private volatile EventPayload payload;

    SessionEvent(String type, long seq, long time, int layout, JsonNode data, EventPayload payload,
                 List<Long> sourceEventSeqs, SurfaceOp surfaceOp) {
        this.type = Objects.requireNonNull(type, "type");
        this.seq = seq;
        this.time = time;
        this.layout = layout;
        this.data = data;
        this.payload = payload;
        this.sourceEventSeqs = sourceEventSeqs;
        this.surfaceOp = surfaceOp;
        if (data == null && payload == null) throw new IllegalArgumentException("event " + type + " has no data");
    }

    /** A plain event ({@code type, seq, time, data}) — the shape of every log-only event DSH writes. */
    public static SessionEvent of(String type, long seq, long time, JsonNode data) {
        return builder(type, seq, time).data(data).build();
    }

    /** A plain event whose data is written from a typed payload (type taken from the payload). */
    public static SessionEvent of(long seq, long time, EventPayload payload) {
        return builder(payload.type(), seq, time).payload(payload).build();
    }

    /** A builder; optional envelope keys are laid out in the order their setters are called. */
    public static Builder builder(String type, long seq, long time) {
        return new Builder(type, seq, time);
    }

    @Override public String type() { return type; }

    /** The 0-based contiguous index of the event in its log (synthesised by position for fixtures). */
    public long seq() { return seq; }

    /**
     * Epoch milliseconds. Meaningful only when {@link #hasTime()}; for a positional event it is 0, or
     * the offset within the packed row the event was read from.
     */
    public long time() { return time; }

    /** Whether the event carries a real {@code time}. */
    public boolean hasTime() { return EnvelopeLayout.has(layout, EnvelopeLayout.TIME); }

    /** Whether seq/time were stripped (a recorded fixture): seq is positional, time unknown. */
    public boolean positional() { return !EnvelopeLayout.has(layout, EnvelopeLayout.SEQ); }

    /** The payload tree (never {@code null}; may be any JSON value). Must not be mutated. */
    public JsonNode data() {
        JsonNode d = data;
        if (d == null) {
            d = PayloadJson.write(payload);
            data = d;
        }
        return d;
    }

    /** {@code sourceEventSeqs}, or {@code null} when absent. */
    public List<Long> sourceEventSeqs() { return sourceEventSeqs; }

    /** {@code surfaceOp}, or {@code null} when absent. */
    public SurfaceOp surfaceOp() { return surfaceOp; }

    /** Whether the event carries {@code "ignorable": true}. */
    public boolean ignorable() { return EnvelopeLayout.has(layout, EnvelopeLayout.IGNORABLE); }

    /** Whether the type is one of the 48 known types. */
    public boolean isKnownType() { return EventTypes.isKnown(type); }

    /** Whether the type is a surface type (user/message, assistant/message, tool/result). */
    public boolean isSurfaceType() { return EventTypes.isSurface(type); }

    /**
     * The typed view of {@code data}, decoded on first call and cached.
     *
     * @throws EventPayloadException naming type, seq and field when the data does not fit the view
     */
    public EventPayload payload() {
        EventPayload p = payload;
        if (p == null) {
            try {
                p = PayloadJson.read(type, data, isKnownType());
            } catch (JsonShapeException e) {
                throw new EventPayloadException(e.problem(), type, seq, e.path(), e);
            }
            payload = p;
        }
        return p;
    }

    /** The typed view cast to the expected record. @throws EventPayloadException when it is another kind */
    public <T extends EventPayload> T payload(Class<T> kind) {
        EventPayload p = payload();
        if (!kind.isInstance(p)) {
            throw new EventPayloadException("expected a " + kind.getSimpleName() + " payload, found " + p.getClass().getSimpleName(),
                    type, seq, null, null);
        }
        return kind.cast(p);
    }

    /** The same event at another seq (layout, data and metadata kept). */
    public SessionEvent withSeq(long newSeq) {
        return new SessionEvent(type, newSeq, time, layout, data, payload, sourceEventSeqs, surfaceOp);
    }

    /** The same envelope with other data (the typed view is re-derived on demand). */
    public SessionEvent withData(JsonNode newData) {
        return new SessionEvent(type, seq, time, layout, Objects.requireNonNull(newData, "data"), null, sourceEventSeqs, surfaceOp);
    }

    /** The same envelope under another type with other data (legacy upgrades). */
    public SessionEvent withTypeAndData(String newType, JsonNode newData) {
        return new SessionEvent(newType, seq, time, layout, Objects.requireNonNull(newData, "data"), null, sourceEventSeqs, surfaceOp);
    }

    int layout() { return layout; }

    /** The cached typed payload if any, without decoding (codec fast paths). */
    EventPayload cachedPayload() { return payload; }

    /** The data tree if materialised, else {@code null} (codec fast paths). */
    JsonNode rawData() { return data; }

    @Override public long firstSeq() { return seq; }

    @Override public int eventCount() { return 1; }

    @Override public List<SessionEvent> events() { return List.of(this); }

    /**
     * Equal when type, seq, time (when present), envelope key order, metadata and data are the same;
     * data compares as JSON values in key order, numbers by value whatever node class holds them — so
     * an event equals itself read back from its storage line.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof SessionEvent e && seq == e.seq && layout == e.layout
                && (!hasTime() || time == e.time) && type.equals(e.type)
                && Objects.equals(sourceEventSeqs, e.sourceEventSeqs) && Objects.equals(surfaceOp, e.surfaceOp)
                && JsonEquality.same(data(), e.data());
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, seq, layout, sourceEventSeqs, surfaceOp);
    }

    /** The event's storage line (as {@link StorageCodec#encode} writes it). */
    @Override
    public String toString() {
        try {
            return StorageCodec.encode(this);
        } catch (RuntimeException e) {
            return "SessionEvent{" + type + " seq " + seq + "}";
        }
    }

    /** Builds events; see {@link SessionEvent#builder}. Not thread-safe. */
    public static final class Builder {
        private final String type;
        private final long seq;
        private final long time;
        private int layout;
        private JsonNode data;
        private EventPayload payload;
        private List<Long> sourceEventSeqs;
        private SurfaceOp surfaceOp;

        private Builder(String type, long seq, long time) {
            this.type = Objects.requireNonNull(type, "type");
            if (seq < 0 || !JsNumberFormat.isSafeInteger(seq)) throw new IllegalArgumentException("seq must be a non-negative safe integer: " + seq);
            if (!JsNumberFormat.isSafeInteger(time)) throw new IllegalArgumentException("time must be a safe integer: " + time);
            this.seq = seq;
            this.time = time;
            this.layout = EnvelopeLayout.CANONICAL;
        }

        /** Sets the data tree. */
        public Builder data(JsonNode value) {
            this.data = Objects.requireNonNull(value, "data");
            this.payload = null;
            return this;
        }

        /** Sets the data from a typed payload (written in DSH's key order). */
        public Builder payload(EventPayload value) {
            if (!value.type().equals(type)) throw new IllegalArgumentException("payload of " + value.type() + " on a " + type + " event");
            this.payload = value;
            this.data = null;
            return this;
        }

        /** Adds {@code sourceEventSeqs} (next in key order). */
        public Builder sourceEventSeqs(List<Long> seqs) {
            this.sourceEventSeqs = List.copyOf(seqs);
            if (!EnvelopeLayout.has(layout, EnvelopeLayout.SOURCES)) layout = EnvelopeLayout.append(layout, EnvelopeLayout.SOURCES);
            return this;
        }

        /** Adds {@code surfaceOp} (next in key order). */
        public Builder surfaceOp(SurfaceOp op) {
            this.surfaceOp = Objects.requireNonNull(op, "surfaceOp");
            if (!EnvelopeLayout.has(layout, EnvelopeLayout.SURFACE)) layout = EnvelopeLayout.append(layout, EnvelopeLayout.SURFACE);
            return this;
        }

        /** Adds {@code "ignorable": true} (next in key order). */
        public Builder ignorable() {
            if (!EnvelopeLayout.has(layout, EnvelopeLayout.IGNORABLE)) layout = EnvelopeLayout.append(layout, EnvelopeLayout.IGNORABLE);
            return this;
        }

        /** Strips seq/time from the written form, as recorded fixtures do (the seq stays as given). */
        public Builder positional() {
            layout = EnvelopeLayout.without(EnvelopeLayout.without(layout, EnvelopeLayout.SEQ), EnvelopeLayout.TIME);
            return this;
        }

        /** The event. @throws IllegalStateException when no data was set */
        public SessionEvent build() {
            if (data == null && payload == null) throw new IllegalStateException("event " + type + " needs data or a payload");
            boolean stripped = !EnvelopeLayout.has(layout, EnvelopeLayout.SEQ);
            return new SessionEvent(type, seq, stripped ? 0 : time, layout, data, payload, sourceEventSeqs, surfaceOp);
        }
    }
}
