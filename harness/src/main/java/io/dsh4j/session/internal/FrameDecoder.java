package io.dsh4j.session.internal;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import java.nio.ByteBuffer;

/**
 * Streaming decoder of one zstd frame at a time, fed in pieces, verifying the content checksum when
 * the frame carries one. A failure does not throw: it is remembered ({@link #failed()}) and further
 * input of the frame is ignored, so that the caller can finish the structural scan and decide
 * between torn and corrupt. One native context and one output buffer serve every frame.
 *
 * <p>Not thread-safe. {@link #close()} frees the native context.
 */
final class FrameDecoder implements AutoCloseable {

    private final ZstdDecompressCtx ctx = new ZstdDecompressCtx();
    private final byte[] out = new byte[StoreLimits.DECODE_CHUNK];
    private final ByteBuffer outBuffer = ByteBuffer.wrap(out);
    private boolean done;
    private String failure;
    private long decoded;

    FrameDecoder() {
        ctx.setLongMax(StoreLimits.MAX_WINDOW_LOG);
    }

    /** Starts a new frame. */
    void begin() {
        ctx.reset();
        ctx.setLongMax(StoreLimits.MAX_WINDOW_LOG);
        done = false;
        failure = null;
        decoded = 0;
    }

    /**
     * Decodes the next {@code len} bytes of the current frame, passing output to {@code sink}.
     *
     * @return {@code false} when the sink asked to stop
     */
    boolean feed(byte[] bytes, int off, int len, DecodedTextSink sink) {
        if (failure != null || len == 0) return true;
        if (done) {
            failure = "data after the end of the frame";
            return true;
        }
        ByteBuffer src = ByteBuffer.wrap(bytes, off, len);
        try {
            for (;;) {
                outBuffer.clear();
                boolean finished = ctx.decompressByteBufferStream(outBuffer, src);
                int n = outBuffer.position();
                if (n > 0) {
                    decoded += n;
                    if (decoded > StoreLimits.MAX_FRAME_DECODED_BYTES) {
                        failure = "frame decodes to more than " + StoreLimits.MAX_FRAME_DECODED_BYTES + " bytes";
                        return true;
                    }
                    if (!sink.text(out, 0, n)) return false;
                }
                if (finished) {
                    done = true;
                    if (src.hasRemaining()) failure = "data after the end of the frame";
                    return true;
                }
                if (!src.hasRemaining() && n < out.length) return true;
            }
        } catch (ZstdException e) {
            failure = e.getMessage();
            return true;
        }
    }

    /** Whether the decoder reported the frame complete (all blocks and the checksum). */
    boolean done() {
        return done;
    }

    /** Whether decoding failed; {@link #failure()} says why. */
    boolean failed() {
        return failure != null;
    }

    /** The decoder's reason for the failure, or {@code null}. */
    String failure() {
        return failure;
    }

    @Override
    public void close() {
        ctx.close();
    }
}
