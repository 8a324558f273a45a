package io.dsh4j.session.internal;

import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.session.event.CorruptRecordException;
import io.dsh4j.session.event.DataProjection;
import io.dsh4j.session.event.SessionEvent;
import io.dsh4j.session.event.SessionHeader;
import io.dsh4j.session.event.SessionLogDecoder;
import io.dsh4j.session.event.SessionLogException;
import io.dsh4j.session.event.StorageCodec;
import io.dsh4j.session.event.StorageRecord;
import io.dsh4j.session.event.UnsupportedFormatException;
import java.util.function.Consumer;

/**
 * The record scanner's codec over the event model: {@link SessionHeader} parsing, {@link StorageCodec}
 * decoding (damage → {@link MalformedRecordException}) and {@link SessionLogDecoder} loading (legacy
 * upgrades; refusals → {@link RecordRefusedException}).
 *
 * <p>One instance per log; not thread-safe.
 */
public final class SessionRecordCodec implements RecordCodec<SessionHeader, StorageRecord, SessionEvent> {

    private final SessionHeader.Mode mode;
    private final JsonLimits limits;
    private final DataProjection projection;
    private SessionLogDecoder decoder;

    public SessionRecordCodec(SessionHeader.Mode mode) {
        this(mode, DataProjection.FULL);
    }

    /** A codec that builds only the event data {@code projection} reads (the events are for the caller's fold only). */
    public SessionRecordCodec(SessionHeader.Mode mode, DataProjection projection) {
        this.mode = mode;
        this.limits = JsonLimits.DEFAULTS;
        this.projection = projection;
    }

    @Override
    public SessionHeader header(byte[] bytes, int off, int len) {
        SessionHeader header;
        try {
            header = SessionHeader.parse(bytes, off, len, mode);
        } catch (UnsupportedFormatException e) {
            throw new RecordRefusedException(e.getMessage(), e);
        } catch (SessionLogException e) {
            throw new MalformedRecordException(e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new MalformedRecordException("unreadable session header (" + e + ")", e);
        }
        decoder = new SessionLogDecoder(header, mode, limits);
        return header;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Any failure of the codec counts as damage, so that no input, however hostile, escapes the
     * scanner's torn-versus-corrupt rules as an unexpected exception.
     */
    @Override
    public StorageRecord decode(byte[] bytes, int off, int len, long positionalSeq) {
        try {
            return StorageCodec.decode(bytes, off, len, positionalSeq, limits, projection);
        } catch (CorruptRecordException e) {
            throw new MalformedRecordException(e.problem(), e.location(), e);
        } catch (RuntimeException e) {
            throw new MalformedRecordException("undecodable record (" + e + ")", e);
        }
    }

    @Override
    public long firstSeq(StorageRecord record) {
        return record.firstSeq();
    }

    @Override
    public int eventCount(StorageRecord record) {
        return record.eventCount();
    }

    @Override
    public boolean containsTurnEnd(StorageRecord record) {
        return record.containsTurnEnd();
    }

    @Override
    public void accept(StorageRecord record, Consumer<SessionEvent> sink) {
        try {
            decoder.accept(record, sink);
        } catch (SessionLogException e) {
            throw new RecordRefusedException(e.getMessage(), e);
        }
    }
}
