package io.dsh4j.session.event;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsNumberFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A packed chunk row (§1.5): a storage-only record standing for a run of consecutive
 * {@code assistant/chunk} delta events of one block. Member {@code k} expands to seq
 * {@code seq0 + k} and time {@code time0 + dt[0] + … + dt[k-1]}; member texts are never joined.
 *
 * <p>{@code turn}, {@code step} and {@code index} are JS numbers (DSH only requires numbers), held as
 * doubles so that any value reproduces exactly. A <em>positional</em> row is a fixture row whose
 * {@code seq0}/{@code time0} were stripped: its seq0 is synthesised by position and time0 taken as 0.
 *
 * @param kind       which delta kind the row packs
 * @param seq0       seq of the first member
 * @param time0      time of the first member (0 for a positional row)
 * @param positional whether {@code seq0}/{@code time0} are absent from the stored form
 * @param turn       the members' turn
 * @param step       the members' step
 * @param index      the members' block index
 * @param id         tool-call id (tool-call rows only, else {@code null})
 * @param name       tool name when every member carried it (tool-call rows only), else {@code null}
 * @param dt         gaps between consecutive members (length = members − 1); may be negative
 * @param members    the member texts ({@code texts} or {@code args}); at least one
 */
public record ChunkRow(Kind kind, long seq0, long time0, boolean positional, double turn, double step, double index,
                       String id, String name, long[] dt, List<String> members) implements StorageRecord {

    /** The three row kinds with their storage tag and the chunk type their members expand to. */
    public enum Kind {
        TEXT("text-chunks", "text-delta", "texts"),
        REASONING("reasoning-chunks", "reasoning-delta", "texts"),
        TOOL_CALL("tool-call-chunks", "tool-call-delta", "args");

        private final String tag;
        private final String chunkType;
        private final String payloadKey;

        Kind(String tag, String chunkType, String payloadKey) {
            this.tag = tag;
            this.chunkType = chunkType;
            this.payloadKey = payloadKey;
        }

        /** The storage tag ({@code text-chunks}, …). */
        public String tag() { return tag; }

        /** The chunk type of the members ({@code text-delta}, …). */
        public String chunkType() { return chunkType; }

        /** The data key of the member payload ({@code texts} or {@code args}). */
        public String payloadKey() { return payloadKey; }

        /** The kind for a storage tag, or {@code null} when the tag is not a row tag. */
        public static Kind ofTag(String tag) {
            return switch (tag) {
                case "text-chunks" -> TEXT;
                case "reasoning-chunks" -> REASONING;
                case "tool-call-chunks" -> TOOL_CALL;
                default -> null;
            };
        }

        /** The kind for a chunk type, or {@code null} when the chunk is not a packable delta. */
        public static Kind ofChunkType(String chunkType) {
            return switch (chunkType) {
                case "text-delta" -> TEXT;
                case "reasoning-delta" -> REASONING;
                case "tool-call-delta" -> TOOL_CALL;
                default -> null;
            };
        }
    }

    /** Smallest run that packs ({@code MIN_RUN}); shorter runs are stored verbatim. */
    public static final int MIN_RUN = 3;

    public ChunkRow {
        Objects.requireNonNull(kind, "kind");
        members = List.copyOf(members);
        dt = dt.clone();
        if (members.isEmpty()) throw new IllegalArgumentException("a chunk row needs at least one member");
        if (dt.length != members.size() - 1) {
            throw new IllegalArgumentException("dt length " + dt.length + " does not match " + members.size() + " members");
        }
        if ((kind == Kind.TOOL_CALL) != (id != null)) throw new IllegalArgumentException("id is required exactly on tool-call rows");
        if (kind != Kind.TOOL_CALL && name != null) throw new IllegalArgumentException("name only exists on tool-call rows");
    }

    @Override public String type() { return kind.tag(); }

    @Override public long firstSeq() { return seq0; }

    @Override public int eventCount() { return members.size(); }

    @Override public boolean containsTurnEnd() { return false; }

    /** The gaps (a copy). */
    @Override public long[] dt() { return dt.clone(); }

    /** Expands the row into its {@code assistant/chunk} events, in order. */
    @Override
    public List<SessionEvent> events() {
        List<SessionEvent> out = new ArrayList<>(members.size());
        boolean typed = JsNumberFormat.isSafeInteger(turn) && JsNumberFormat.isSafeInteger(step) && JsNumberFormat.isSafeInteger(index);
        int layout = positional ? EnvelopeLayout.POSITIONAL : EnvelopeLayout.CANONICAL;
        long time = time0;
        for (int k = 0; k < members.size(); k++) {
            if (k > 0) time += dt[k - 1];
            String member = members.get(k);
            if (typed) {
                out.add(new SessionEvent(EventTypes.ASSISTANT_CHUNK, seq0 + k, time, layout, null,
                        new EventPayload.AssistantChunk((long) turn, (long) step, chunk((long) index, member)), null, null));
            } else {
                out.add(new SessionEvent(EventTypes.ASSISTANT_CHUNK, seq0 + k, time, layout, treeData(member), null, null, null));
            }
        }
        return out;
    }

    private StreamChunk chunk(long idx, String member) {
        return switch (kind) {
            case TEXT -> new StreamChunk.TextDelta(idx, member);
            case REASONING -> new StreamChunk.ReasoningDelta(idx, member);
            case TOOL_CALL -> new StreamChunk.ToolCallDelta(idx, id, name, member);
        };
    }

    /** Member data for rows whose numbers are not safe integers (kept as JS numbers). */
    private ObjectNode treeData(String member) {
        ObjectNode data = JsJson.nodes().objectNode();
        data.put("turn", turn).put("step", step);
        ObjectNode chunk = data.putObject("chunk").put("type", kind.chunkType()).put("index", index);
        if (kind == Kind.TOOL_CALL) {
            chunk.put("id", id);
            if (name != null) chunk.put("name", name);
            chunk.put("argumentsDelta", member);
        } else {
            chunk.put("text", member);
        }
        return data;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChunkRow r && kind == r.kind && seq0 == r.seq0 && time0 == r.time0 && positional == r.positional
                && Double.compare(turn, r.turn) == 0 && Double.compare(step, r.step) == 0
                && Double.compare(index, r.index) == 0 && Objects.equals(id, r.id) && Objects.equals(name, r.name)
                && Arrays.equals(dt, r.dt) && members.equals(r.members);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, seq0, time0, positional, turn, step, index, id, name, Arrays.hashCode(dt), members);
    }

    @Override
    public String toString() {
        return StorageCodec.encode(this);
    }
}
