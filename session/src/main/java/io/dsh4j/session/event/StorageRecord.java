package io.dsh4j.session.event;

import java.util.List;

/**
 * One line of a session log after the header: a {@link SessionEvent} stored verbatim, or a
 * {@link ChunkRow} standing for a run of ≥ 3 {@code assistant/chunk} delta events.
 * {@link StorageCodec} reads and writes them.
 */
public sealed interface StorageRecord permits SessionEvent, ChunkRow {

    /** The record's {@code type} tag (an event type or a row tag). */
    String type();

    /** The seq of the first event the record stands for. */
    long firstSeq();

    /** The number of logical events the record stands for (1 for an event). */
    int eventCount();

    /** The logical events, in order (a row is expanded; an event gives itself). */
    List<SessionEvent> events();

    /** Whether the record is or holds a {@code turn/end} (the torn-versus-corrupt rule of §1.8 needs it). */
    default boolean containsTurnEnd() {
        return EventTypes.TURN_END.equals(type());
    }
}
