package io.dsh4j.session.internal;

/**
 * Receives the decoded (plain JSONL) text of a session log as it is read, with the zstd frame
 * boundaries that decide between torn and corrupt. Raw logs are one frame-less stream of text.
 */
public interface DecodedTextSink {

    /** A zstd frame starts at this file byte. */
    default void frameStart(long fileOffset) {}

    /**
     * The next decoded bytes; {@code bytes} is reused after the call returns.
     *
     * @return {@code false} to stop reading (the sink has decided the outcome)
     */
    boolean text(byte[] bytes, int off, int len);

    /**
     * The frame that started at {@code start} is complete and its checksum verified.
     *
     * @return {@code false} to stop reading
     */
    default boolean frameEnd(long start, long end) {
        return true;
    }

    /**
     * The input ended inside the frame that started at {@code start}; every byte decodable from its
     * available prefix was passed to {@link #text}. When {@code decodeFailed}, that prefix did not
     * decode and nothing of the frame counts.
     */
    default void tornFrame(long start, boolean decodeFailed) {}
}
