package io.dsh4j.session.internal;

import java.util.function.Consumer;

/**
 * The seam between the record scanner (line rules, committed prefix) and the storage codec that
 * turns one JSONL record into events. The scanner never looks inside a record itself. Decoding
 * (may the line be stored?) and accepting (may the events be loaded?) are apart because DSH scans
 * the whole log for damage before it refuses anything.
 *
 * @param <H> the header type
 * @param <R> a decoded storage record (one line)
 * @param <E> the event type
 */
public interface RecordCodec<H, R, E> {

    /**
     * Parses the header record ({@code len} bytes, without its newline) and prepares for the log.
     *
     * @throws MalformedRecordException when it is not a valid session header
     * @throws RecordRefusedException when it is a header of another format version
     */
    H header(byte[] bytes, int off, int len);

    /**
     * Decodes one storage record ({@code len} bytes, without its newline).
     *
     * @param positionalSeq the seq the record's first event takes if the line carries none
     * @throws MalformedRecordException for unparsable JSON or an invalid storage record
     */
    R decode(byte[] bytes, int off, int len, long positionalSeq);

    /** The seq of the record's first event. */
    long firstSeq(R record);

    /** The number of events the record stands for (more than one for a packed row). */
    int eventCount(R record);

    /** Whether the record holds a {@code turn/end}. */
    boolean containsTurnEnd(R record);

    /**
     * Loads a decoded record that continues the seq chain: upgrades and checks its events and hands
     * them to {@code sink} in order. Called once per committed record, in log order.
     *
     * @throws RecordRefusedException for an event this harness must refuse to load
     */
    void accept(R record, Consumer<E> sink);
}
