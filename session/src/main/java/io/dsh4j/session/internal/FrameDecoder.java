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
    private byte[] whole = new byte[StoreLimits.DECODE_CHUNK];
    private boolean clean = true;
    private boolean done;
    private String failure;
    private long decoded;

    FrameDecoder() {
        ctx.setLongMax(StoreLimits.MAX_WINDOW_LOG);
    }

    /** Starts a new frame (the native context is reset only when the previous frame did not end cleanly). */
    void begin() {
        if (!clean) {
            ctx.reset();
            ctx.setLongMax(StoreLimits.MAX_WINDOW_LOG);
        }
        clean = false;
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
                    else clean = true;
                    return true;
                }
                if (!src.hasRemaining() && n < out.length) return true;
            }
        } catch (ZstdException e) {
            failure = reason(e);
            return true;
        }
    }

    /**
     * Decodes one complete frame held in {@code src[off, off+len)} (its structure already scanned) and
     * passes its text to {@code sink} in one piece when it declares a content size of at most
     * {@link StoreLimits#MAX_ONE_SHOT_FRAME_BYTES} — one native call, no window buffer — or else in
     * streaming pieces. Check {@link #done()} and {@link #failed()} afterwards.
     *
     * @return {@code false} when the sink asked to stop
     */
    boolean decodeWhole(byte[] src, int off, int len, DecodedTextSink sink) {
        begin();
        long size = ZstdFrameFormat.contentSize(src, off, len);
        if (size > StoreLimits.MAX_FRAME_DECODED_BYTES) {
            failure = "frame declares " + size + " bytes of content, more than " + StoreLimits.MAX_FRAME_DECODED_BYTES;
            return true;
        }
        if (size < 0 || size > StoreLimits.MAX_ONE_SHOT_FRAME_BYTES) return feed(src, off, len, sink);
        if (whole.length < size) whole = new byte[(int) Math.max(size, Math.min(2L * whole.length, StoreLimits.MAX_ONE_SHOT_FRAME_BYTES))];
        int n;
        try {
            n = ctx.decompressByteArray(whole, 0, (int) size, src, off, len);
        } catch (ZstdException e) {
            failure = reason(e);
            return true;
        }
        if (n != size) {
            failure = "frame decodes to " + n + " bytes but declares " + size;
            return true;
        }
        done = true;
        clean = true;
        return n == 0 || sink.text(whole, 0, n);
    }

    /**
     * zstd's reason, to continue a sentence: its messages start with a capital ("Data corruption
     * detected"), which is lowered unless the first word is an acronym.
     */
    private static String reason(ZstdException e) {
        String s = e.getMessage() == null ? "zstd error " + e.getErrorCode() : e.getMessage();
        if (s.length() < 2 || !Character.isLowerCase(s.charAt(1))) return s;
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** Gives up the current frame: the next one starts from a reset context. */
    void abandon() {
        clean = false;
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
