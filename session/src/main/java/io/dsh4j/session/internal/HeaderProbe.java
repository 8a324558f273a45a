package io.dsh4j.session.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads only the header record of a log, as listing does (§1.6, §1.9): bounded 8 KiB reads until
 * the first line (raw) or the first complete frame (zstd) is available; event frames are never
 * decoded.
 *
 * <p>Stateless and thread-safe.
 */
public final class HeaderProbe {

    /** A complete header frame that fails validation or is not exactly one line. */
    public static final class BadHeaderFrame extends IOException {
        public BadHeaderFrame(String message) {
            super(message);
        }
    }

    private HeaderProbe() {}

    /**
     * The header record (without its newline), or empty when the file has no complete first line or
     * frame (an empty or half-written file, which listing skips).
     *
     * @throws BadHeaderFrame for a zstd log whose complete first frame fails validation, is not
     *     exactly one line, or is structurally invalid
     */
    public static Optional<byte[]> firstRecord(Path file, boolean zstd) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            GrowableBytes content = new GrowableBytes(StoreLimits.MAX_HEADER_BYTES);
            ByteBuffer chunk = ByteBuffer.allocate(StoreLimits.HEADER_READ_CHUNK);
            for (;;) {
                chunk.clear();
                int n = ch.read(chunk);
                if (n < 0) return Optional.empty();
                int old = content.size();
                if (!content.append(chunk.array(), 0, n)) {
                    throw new BadHeaderFrame((zstd ? "header frame" : "header line") + " is longer than "
                            + StoreLimits.MAX_HEADER_BYTES + " bytes");
                }
                byte[] bytes = content.array();
                Optional<byte[]> found = zstd ? headerFrame(bytes, content.size()) : headerLine(bytes, old, content.size());
                if (found != null) return found;
            }
        }
    }

    /**
     * The decoded text of the first frame (zstd) or the first {@link StoreLimits#MAX_HEADER_BYTES}
     * bytes of the file (raw), for readers that look for a header leniently.
     *
     * @throws IOException when the file cannot be read or its first frame is missing or does not decode
     */
    public static byte[] firstText(Path file, boolean zstd) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            GrowableBytes content = new GrowableBytes(StoreLimits.MAX_HEADER_BYTES);
            ByteBuffer chunk = ByteBuffer.allocate(StoreLimits.HEADER_READ_CHUNK);
            for (;;) {
                chunk.clear();
                int n = ch.read(chunk);
                if (n < 0 || !content.append(chunk.array(), 0, n)) break;
                if (zstd) {
                    var scan = ZstdFrameFormat.scan(content.array(), 0, content.size(), 1);
                    if (!scan.frames().isEmpty()) {
                        try (SingleFrameDecoder d = new SingleFrameDecoder()) {
                            if (d.decode(content.array(), 0, (int) scan.frames().get(0).end(), StoreLimits.MAX_HEADER_BYTES)
                                    instanceof SingleFrameDecoder.Outcome.Text t) {
                                return Arrays.copyOf(t.bytes(), t.length());
                            }
                            throw new BadHeaderFrame("the first frame does not decode");
                        }
                    }
                }
            }
            if (zstd) throw new BadHeaderFrame("no complete first frame within " + StoreLimits.MAX_HEADER_BYTES + " bytes");
            return content.toByteArray();
        } catch (FrameStructureException e) {
            throw new BadHeaderFrame("corrupt Zstandard session log: " + e.getMessage());
        }
    }

    /** The first line of {@code content[0, length)}, looking for its newline from {@code from}; {@code null} while more bytes are needed. */
    private static Optional<byte[]> headerLine(byte[] content, int from, int length) {
        int nl = Newlines.indexOf(content, from, length);
        return nl < 0 ? null : Optional.of(Arrays.copyOf(content, nl));
    }

    /** The header line of the first frame of {@code content[0, length)}; {@code null} while that frame is incomplete. */
    private static Optional<byte[]> headerFrame(byte[] content, int length) throws BadHeaderFrame {
        ZstdFrameFormat.FrameScan scan;
        try {
            scan = ZstdFrameFormat.scan(content, 0, length, 1);
        } catch (FrameStructureException e) {
            throw new BadHeaderFrame(e.getMessage());
        }
        if (scan.frames().isEmpty()) return null;
        int end = (int) scan.frames().get(0).end();
        GrowableBytes text = new GrowableBytes(StoreLimits.MAX_HEADER_BYTES);
        try (FrameDecoder decoder = new FrameDecoder()) {
            decoder.begin();
            boolean[] overflow = {false};
            decoder.feed(content, 0, end, (b, off, len) -> {
                if (!text.append(b, off, len)) overflow[0] = true;
                return !overflow[0];
            });
            if (overflow[0]) throw new BadHeaderFrame("header frame decodes to more than " + StoreLimits.MAX_HEADER_BYTES + " bytes");
            if (decoder.failed() || !decoder.done()) {
                throw new BadHeaderFrame("header frame failed validation"
                        + (decoder.failed() ? ": " + decoder.failure() : ""));
            }
        }
        byte[] t = text.array();
        int n = text.size();
        if (n == 0 || Newlines.indexOf(t, 0, n) != n - 1) {
            throw new BadHeaderFrame("first frame is not exactly one header line");
        }
        return Optional.of(Arrays.copyOf(t, n - 1));
    }
}
