package io.dsh4j.session.internal;

import io.dsh4j.session.LogStatus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.function.Consumer;

/**
 * One front-to-back read of a session log in bounded memory: zstd frames through the
 * {@link ZstdFrameWalker} or raw text in chunks, into a {@link RecordScanner}.
 *
 * <p>Stateless; each call owns its buffers.
 */
public final class LogScan {

    /**
     * The end of a read.
     *
     * @param header the header, or {@code null} when there is none
     * @param status how the read ended
     * @param events events handed over (the committed prefix, with any recovered from a torn frame)
     * @param decodedBytes decoded text bytes seen
     * @param fileBytes stored bytes read
     */
    public record Result<H>(H header, LogStatus status, long events, long decodedBytes, long fileBytes) {}

    private LogScan() {}

    /** Reads {@code channel} to its end (or until the outcome is decided), handing events to {@code events}. */
    public static <H, R, E> Result<H> run(ReadableByteChannel channel, boolean zstd, RecordCodec<H, R, E> codec,
            Consumer<H> headers, Consumer<E> events) throws IOException {
        return run(channel, zstd, codec, headers, events, null);
    }

    /** As {@link #run(ReadableByteChannel, boolean, RecordCodec, Consumer, Consumer)}, also copying the committed text. */
    public static <H, R, E> Result<H> run(ReadableByteChannel channel, boolean zstd, RecordCodec<H, R, E> codec,
            Consumer<H> headers, Consumer<E> events, RecordScanner.CommittedText text) throws IOException {
        return run(channel, zstd, codec, headers, events, text, Long.MAX_VALUE, at -> {});
    }

    /**
     * As {@link #run(ReadableByteChannel, boolean, RecordCodec, Consumer, Consumer, RecordScanner.CommittedText)},
     * handing over at most {@code maxEvents} events (the record that would pass it ends the read,
     * refused) and telling {@code positions} the file byte of each record before its events.
     */
    public static <H, R, E> Result<H> run(ReadableByteChannel channel, boolean zstd, RecordCodec<H, R, E> codec,
            Consumer<H> headers, Consumer<E> events, RecordScanner.CommittedText text, long maxEvents,
            java.util.function.LongConsumer positions) throws IOException {
        RecordScanner<H, R, E> scanner = new RecordScanner<>(codec, zstd, headers, events);
        if (text != null) scanner.copyingText(text);
        scanner.limitingEvents(maxEvents).reportingPositions(positions);
        if (zstd) {
            ZstdFrameWalker.End end = ZstdFrameWalker.walk(channel, scanner);
            LogStatus status = scanner.finishZstd(end);
            long fileBytes = switch (end) {
                case ZstdFrameWalker.End.Clean c -> c.bytes();
                case ZstdFrameWalker.End.Torn t -> t.bytes();
                case ZstdFrameWalker.End.Corrupt c -> c.offset();
                case ZstdFrameWalker.End.Stopped s -> s.offset();
                case ZstdFrameWalker.End.OverLimit o -> o.offset();
            };
            return new Result<>(scanner.header(), status, scanner.delivered(), scanner.decodedBytes(), fileBytes);
        }
        byte[] chunk = new byte[StoreLimits.READ_CHUNK];
        ByteBuffer buffer = ByteBuffer.wrap(chunk);
        long fileBytes = 0;
        for (;;) {
            buffer.clear();
            int n = channel.read(buffer);
            if (n < 0) break;
            if (fileBytes + n > StoreLimits.MAX_LOG_DECODED_BYTES) {
                scanner.overLimit("the log has more than " + StoreLimits.MAX_LOG_DECODED_BYTES
                        + " bytes of text (limit MAX_LOG_DECODED_BYTES)", fileBytes);
                fileBytes += n;
                break;
            }
            fileBytes += n;
            if (n > 0 && !scanner.text(chunk, 0, n)) break;
        }
        return new Result<>(scanner.header(), scanner.finishRaw(fileBytes), scanner.delivered(),
                scanner.decodedBytes(), fileBytes);
    }
}
