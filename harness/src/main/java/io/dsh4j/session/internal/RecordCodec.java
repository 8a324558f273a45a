package io.dsh4j.session.internal;

import java.util.List;

/**
 * The seam between the record scanner (line rules, committed prefix) and the storage codec that
 * turns one JSONL record into events. The scanner never looks inside a record itself.
 *
 * @param <H> the header type
 * @param <E> the event type
 */
public interface RecordCodec<H, E> {

    /**
     * Parses the header record ({@code len} bytes, without its newline).
     *
     * @throws MalformedRecordException when it is not a valid session header
     * @throws RecordRefusedException when it is a header of another format version
     */
    H header(byte[] bytes, int off, int len);

    /**
     * Decodes one storage record ({@code len} bytes, without its newline) into its events, in log
     * order, appending them to {@code out}; packed chunk rows expand to several events.
     *
     * @param nextSeq the seq the first event should carry (for records whose seq was stripped)
     * @throws MalformedRecordException for unparsable JSON or an invalid storage record
     * @throws RecordRefusedException for an event this harness must refuse to interpret
     */
    void decode(byte[] bytes, int off, int len, long nextSeq, H header, List<E> out);

    /** The event's seq. */
    long seq(E event);

    /** Whether the event is a {@code turn/end}. */
    boolean endsTurn(E event);
}
