package io.dsh4j.session.internal;

/**
 * Decodes one complete zstd frame at a time into a buffer of its own, with a cap on its decoded size
 * (for readers that take or skip whole frames). Not thread-safe; {@link #close()} frees the native
 * context.
 */
public final class SingleFrameDecoder implements AutoCloseable {

    /** What decoding one frame gave. */
    public sealed interface Outcome {
        /** The frame's text: {@code bytes[0, length)}, valid until the next call. */
        record Text(byte[] bytes, int length) implements Outcome {}

        /** The frame did not decode or its checksum failed. */
        record Failed(String reason) implements Outcome {}

        /** The frame decodes to more than the allowance. */
        record TooLarge() implements Outcome {}
    }

    private final FrameDecoder decoder = new FrameDecoder();
    private final GrowableBytes text = new GrowableBytes(Integer.MAX_VALUE - 16);

    /** Decodes the frame {@code src[off, off+len)}, allowing at most {@code allowance} decoded bytes. */
    public Outcome decode(byte[] src, int off, int len, long allowance) {
        text.clear();
        boolean[] over = {false};
        decoder.decodeWhole(src, off, len, (b, o, n) -> {
            if (text.size() + (long) n > allowance || !text.append(b, o, n)) {
                over[0] = true;
                return false;
            }
            return true;
        });
        if (over[0]) {
            decoder.abandon();
            return new Outcome.TooLarge();
        }
        if (decoder.failed() || !decoder.done()) {
            decoder.abandon();
            return new Outcome.Failed(decoder.failed() ? decoder.failure() : "the frame ends before its last block");
        }
        return new Outcome.Text(text.array(), text.size());
    }

    @Override
    public void close() {
        decoder.close();
    }
}
