package io.dsh4j.llm.deepseek.internal;

import io.dsh4j.llm.LlmCodes;
import io.dsh4j.message.FinishReason;
import io.dsh4j.message.LlmFailure;
import io.dsh4j.message.StreamChunk;
import io.dsh4j.message.json.JsJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A chat-completions event stream read to its end: SSE framing ({@link SseReader}), JSON payloads
 * until {@code [DONE]}, translation ({@link ChunkTranslator}). Bounded: one event holds at most
 * {@code maxEventBytes} ({@code EVENT_TOO_LARGE}), the whole response at most {@code maxResponseBytes}
 * ({@code RESPONSE_TOO_LARGE}), so neither a huge event nor a never-ending stream grows memory without
 * bound. Single use; not thread-safe.
 */
public final class EventStream {

    private static final byte[] DONE = {'[', 'D', 'O', 'N', 'E', ']'};
    private static final int PREVIEW_BYTES = 120;

    private final String label;
    private final int maxEventBytes;
    private final long maxResponseBytes;
    private final boolean readPlainReasoning;

    public EventStream(String label, int maxEventBytes, long maxResponseBytes, boolean readPlainReasoning) {
        this.label = label;
        this.maxEventBytes = maxEventBytes;
        this.maxResponseBytes = maxResponseBytes;
        this.readPlainReasoning = readPlainReasoning;
    }

    /** Raised when the response exceeds {@code maxResponseBytes}. */
    public static final class ResponseTooLargeException extends IOException {
        ResponseTooLargeException(long limit) {
            super("the response exceeds the limit of " + limit + " bytes");
        }
    }

    /**
     * Reads {@code in} to {@code [DONE]} or its end, pushing chunks to {@code sink}.
     *
     * @return {@code null} when the finish chunk was pushed ({@code [DONE]} seen), else the failure to finish with
     *         ({@code STREAM_CLOSED}, {@code MALFORMED_RESPONSE}, {@code EVENT_TOO_LARGE}, {@code RESPONSE_TOO_LARGE})
     * @throws IOException when reading {@code in} fails (the caller maps it to {@code TRANSPORT}, {@code ABORTED}, {@code TIMEOUT})
     */
    public FinishReason read(InputStream in, Consumer<? super StreamChunk> sink) throws IOException {
        ChunkTranslator translator = new ChunkTranslator(readPlainReasoning);
        SseReader reader = new SseReader(new Capped(in, maxResponseBytes), maxEventBytes);
        boolean[] done = {false};
        try {
            reader.run((data, length) -> {
                if (length == DONE.length && Arrays.equals(data, 0, length, DONE, 0, length)) {
                    translator.done(sink);
                    done[0] = true;
                    reader.stop();
                    return;
                }
                try {
                    translator.payload(data, 0, length, sink);
                } catch (ChunkTranslator.MalformedPayload bad) {
                    throw new ChunkTranslator.MalformedPayload("malformed SSE payload " + preview(data, length)
                            + ": " + bad.getMessage());
                }
            });
        } catch (ChunkTranslator.MalformedPayload e) {
            return error(label + " stream: " + e.getMessage(), LlmCodes.MALFORMED_RESPONSE);
        } catch (SseReader.EventTooLargeException e) {
            return error(label + " stream: " + e.getMessage(), LlmCodes.EVENT_TOO_LARGE);
        } catch (ResponseTooLargeException e) {
            return error(label + " stream: " + e.getMessage(), LlmCodes.RESPONSE_TOO_LARGE);
        }
        if (done[0]) return null;
        return error(label + " stream ended without [DONE]", LlmCodes.STREAM_CLOSED);
    }

    private static FinishReason error(String message, String code) {
        return new FinishReason.Error(LlmFailure.of(message, code));
    }

    private static String preview(byte[] data, int length) {
        String s = new String(data, 0, Math.min(length, PREVIEW_BYTES), StandardCharsets.UTF_8);
        return JsJson.quote(length > PREVIEW_BYTES ? s + "…" : s);
    }

    /** Fails once more than {@code limit} bytes were read. */
    private static final class Capped extends InputStream {
        private final InputStream in;
        private final long limit;
        private long count;

        Capped(InputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0 && ++count > limit) throw new ResponseTooLargeException(limit);
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = in.read(buf, off, len);
            if (n > 0 && (count += n) > limit) throw new ResponseTooLargeException(limit);
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
