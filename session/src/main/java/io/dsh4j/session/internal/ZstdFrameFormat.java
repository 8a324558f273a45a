package io.dsh4j.session.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The structural zstd frame scan of DSH's reader (RFC 8878 frame and block headers only; nothing is
 * decompressed here). A session log is a plain concatenation of standard frames; skippable frames,
 * reserved header bits and reserved block types are corruption, and a file that ends inside a frame
 * has a torn last frame that starts at a known byte.
 *
 * <p>Stateless and thread-safe.
 */
public final class ZstdFrameFormat {

    /** The zstd frame magic number, read little-endian ({@code 28 b5 2f fd} on disk). */
    public static final int MAGIC = 0xFD2FB528;
    /** Bytes of the magic number plus the frame header descriptor. */
    static final int MAGIC_AND_DESCRIPTOR = 5;
    /** Bytes of a block header. */
    static final int BLOCK_HEADER = 3;
    /** Bytes of the content checksum that ends a frame with the checksum flag. */
    static final int CHECKSUM = 4;
    private static final int RESERVED_DESCRIPTOR_BITS = 0x18;
    private static final int BLOCK_TYPE_RLE = 1;
    private static final int BLOCK_TYPE_RESERVED = 3;

    private ZstdFrameFormat() {}

    /** One complete frame, {@code [start, end)} in file bytes. */
    public record FrameRange(long start, long end) {}

    /**
     * The result of a structural scan: the complete frames in order, and where a torn last frame
     * starts ({@code -1} when the input ends exactly after a complete frame).
     */
    public record FrameScan(List<FrameRange> frames, long tornStart) {
        public boolean torn() {
            return tornStart >= 0;
        }
    }

    /**
     * Scans {@code len} bytes at {@code off} of {@code buf} (file offset 0 at {@code off}).
     *
     * @param maxFrames stop after this many complete frames (listing needs only the first)
     * @throws FrameStructureException on a wrong magic, a reserved descriptor bit or a reserved
     *     block type, naming the file byte
     */
    public static FrameScan scan(byte[] buf, int off, int len, int maxFrames) {
        List<FrameRange> frames = new ArrayList<>();
        int pos = 0;
        while (pos < len && frames.size() < maxFrames) {
            int end = frameEnd(buf, off, len, pos);
            if (end < 0) return new FrameScan(List.copyOf(frames), pos);
            frames.add(new FrameRange(pos, end));
            pos = end;
        }
        return new FrameScan(List.copyOf(frames), -1);
    }

    /**
     * The end (exclusive, relative to {@code off}) of the frame starting at {@code start}, or
     * {@code -1} when the input ends inside it.
     */
    static int frameEnd(byte[] buf, int off, int len, int start) {
        return frameEnd(buf, off, len, start, 0);
    }

    /** As {@link #frameEnd(byte[], int, int, int)}, naming file byte {@code fileBase + i} for index {@code off + i}. */
    static int frameEnd(byte[] buf, int off, int len, int start, long fileBase) {
        int pos = start;
        if (len - pos < 4) return -1;
        checkMagic(buf, off + pos, fileBase + start);
        pos += 4;
        if (len - pos < 1) return -1;
        int descriptor = buf[off + pos] & 0xFF;
        checkDescriptor(descriptor, fileBase + pos);
        pos += 1;
        int rest = headerRestBytes(descriptor);
        if (len - pos < rest) return -1;
        pos += rest;
        for (;;) {
            if (len - pos < BLOCK_HEADER) return -1;
            int header = u24(buf, off + pos);
            checkBlockType(header, fileBase + pos);
            pos += BLOCK_HEADER;
            int payload = blockPayloadBytes(header);
            if (len - pos < payload) return -1;
            pos += payload;
            if (isLastBlock(header)) break;
        }
        if (hasChecksum(descriptor)) {
            if (len - pos < CHECKSUM) return -1;
            pos += CHECKSUM;
        }
        return pos;
    }

    static void checkMagic(byte[] buf, int at, long fileOffset) {
        int magic = (buf[at] & 0xFF) | (buf[at + 1] & 0xFF) << 8 | (buf[at + 2] & 0xFF) << 16 | (buf[at + 3] & 0xFF) << 24;
        if (magic != MAGIC) {
            throw new FrameStructureException("invalid frame magic", fileOffset);
        }
    }

    static void checkDescriptor(int descriptor, long fileOffset) {
        if ((descriptor & RESERVED_DESCRIPTOR_BITS) != 0) {
            throw new FrameStructureException("reserved frame-header bit", fileOffset);
        }
    }

    /** Bytes of the frame header after the descriptor: window byte, dictionary id, content size. */
    static int headerRestBytes(int descriptor) {
        int contentSizeFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        int dictionaryFlag = descriptor & 0x03;
        int dictionaryBytes = dictionaryFlag == 3 ? 4 : dictionaryFlag;
        int contentSizeBytes = contentSizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
        return (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes;
    }

    /**
     * The content size a frame header at {@code off} declares, or {@code -1} when it declares none
     * (or the header is not all in {@code [off, off+len)}).
     */
    static long contentSize(byte[] buf, int off, int len) {
        if (len < MAGIC_AND_DESCRIPTOR) return -1;
        int descriptor = buf[off + 4] & 0xFF;
        int contentSizeFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        int fieldBytes = contentSizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
        if (fieldBytes == 0) return -1;
        int dictionaryFlag = descriptor & 0x03;
        int at = off + MAGIC_AND_DESCRIPTOR + (singleSegment ? 0 : 1) + (dictionaryFlag == 3 ? 4 : dictionaryFlag);
        if (at + fieldBytes > off + len) return -1;
        long value = 0;
        for (int i = fieldBytes - 1; i >= 0; i--) value = value << 8 | (buf[at + i] & 0xFF);
        if (fieldBytes == 2) value += 256;
        return value < 0 ? Long.MAX_VALUE : value;
    }

    static boolean hasChecksum(int descriptor) {
        return (descriptor & 0x04) != 0;
    }

    static int u24(byte[] buf, int at) {
        return (buf[at] & 0xFF) | (buf[at + 1] & 0xFF) << 8 | (buf[at + 2] & 0xFF) << 16;
    }

    static void checkBlockType(int blockHeader, long fileOffset) {
        if (((blockHeader >>> 1) & 0x03) == BLOCK_TYPE_RESERVED) {
            throw new FrameStructureException("reserved block type", fileOffset);
        }
    }

    /** Payload bytes following a block header: 1 for an RLE block, the block size otherwise. */
    static int blockPayloadBytes(int blockHeader) {
        return ((blockHeader >>> 1) & 0x03) == BLOCK_TYPE_RLE ? 1 : blockHeader >>> 3;
    }

    static boolean isLastBlock(int blockHeader) {
        return (blockHeader & 1) != 0;
    }
}
