package io.dsh4j.session;

import com.fasterxml.jackson.databind.JsonNode;
import io.dsh4j.message.json.JsJson;
import io.dsh4j.message.json.JsonLimits;
import io.dsh4j.message.json.NodeUtf8;
import io.dsh4j.session.internal.FrameStructureException;
import io.dsh4j.session.internal.GrowableBytes;
import io.dsh4j.session.internal.JsTextLines;
import io.dsh4j.session.internal.Newlines;
import io.dsh4j.session.internal.ZstdFrameFormat;
import io.dsh4j.session.internal.SingleFrameDecoder;
import io.dsh4j.session.internal.StoreLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads a session log the lenient way of the attention-health plugin (its spec §2.3–2.4), not
 * DSH's: every complete zstd frame is decoded on its own and one that fails is counted and skipped;
 * a torn last frame contributes nothing; the decoded text is split into lines, blank lines skipped
 * (blank as JavaScript's {@code trim()} sees it), every line that {@code JSON.parse} accepts is kept
 * in file order and the others counted, the first of them located; the first record of
 * type {@code session} is the header, every other record goes to the consumer as raw JSON — no seq
 * chain, no upgrades, no refusals. Inputs above {@link Limits#maxInputBytes()} are not read.
 *
 * <p>For DSH's own rules (committed prefix, torn versus corrupt, typed events) use
 * {@link SessionLogReader}. Stateless and thread-safe; memory is the input (capped) plus one frame
 * (capped, {@link #MAX_FRAME_BYTES}) plus one record carried across frames (capped,
 * {@link #MAX_RECORD_BYTES}); the decoded text obeys the decompression-ratio rule
 * ({@link #MAX_DECODE_RATIO}). Passing a cap stops the read there ({@link Skipped}, {@link Result#skippedAt()}).
 */
public final class LenientLogReader {

    /**
     * The plugin's decode limits.
     *
     * @param maxInputBytes larger files are skipped unread
     * @param maxFrames frames after this many are ignored
     * @param maxPlaintextBytes reading stops before the first frame that would decode past this
     */
    public record Limits(long maxInputBytes, int maxFrames, long maxPlaintextBytes) {
        /** 64 MiB input, 10,000 frames, 256 MiB of decoded text (the lenient rows of {@code StoreLimits}). */
        public static final Limits DEFAULTS = new Limits(StoreLimits.LENIENT_MAX_INPUT_BYTES, StoreLimits.LENIENT_MAX_FRAMES,
                StoreLimits.LENIENT_MAX_PLAINTEXT_BYTES);
    }

    /** Largest record (one line, also when carried across frames): {@code StoreLimits.MAX_RECORD_BYTES}. */
    public static final int MAX_RECORD_BYTES = StoreLimits.MAX_RECORD_BYTES;
    /** Largest decoded frame: {@code StoreLimits.LENIENT_MAX_FRAME_BYTES}. */
    public static final int MAX_FRAME_BYTES = StoreLimits.LENIENT_MAX_FRAME_BYTES;
    /** The decompression-ratio rule: {@code StoreLimits.MAX_DECODE_RATIO} times the compressed bytes, plus the slack. */
    public static final int MAX_DECODE_RATIO = StoreLimits.MAX_DECODE_RATIO;

    /** Why (part of) a log was not read. */
    public enum Skipped {
        /** The file is larger than {@link Limits#maxInputBytes()}; nothing was read. */
        INPUT_TOO_LARGE,
        /** Decoding stopped at the frame that would pass {@link Limits#maxPlaintextBytes()}; what came before was read. */
        PLAINTEXT_TOO_LARGE,
        /** A frame decodes to more than {@link #MAX_FRAME_BYTES}; reading stopped at it, what came before was read. */
        FRAME_TOO_LARGE,
        /** The decoded text would pass {@link #MAX_DECODE_RATIO} times the compressed bytes (a decompression bomb); reading stopped there. */
        DECODE_RATIO,
        /** A record (line) is longer than {@link #MAX_RECORD_BYTES}; reading stopped at it, what came before was read. */
        RECORD_TOO_LARGE
    }

    /**
     * How a lenient read went.
     *
     * @param header the first {@code session} record, or {@code null}
     * @param records records handed to the consumer
     * @param frames complete frames scanned (0 for a raw log)
     * @param failedFrames complete frames that did not decode (skipped)
     * @param tornStart file byte where a torn last frame starts, or {@code -1}
     * @param parseErrors non-blank lines that are not JSON
     * @param firstBadLine the 1-based number, in the decoded text, of the first such line, or {@code -1}
     * @param firstBadLineOffset where that line starts in the file: its byte in a raw log, the start
     *     of its frame in a zstd log; {@code -1} when there is none
     * @param plaintextBytes decoded UTF-8 bytes
     * @param plaintextChars the same text in UTF-16 code units (the plugin's {@code bytes})
     * @param skipped why reading stopped early, or {@code null}
     * @param skippedAt the file byte where reading stopped (a frame's start in a zstd log, a line's start
     *     in a raw one), or {@code -1} when it did not or nothing was read
     */
    public record Result(Path file, JsonNode header, long records, int frames, int failedFrames, long tornStart,
            long parseErrors, long firstBadLine, long firstBadLineOffset, long plaintextBytes, long plaintextChars,
            Skipped skipped, long skippedAt) {

        /** A result that stopped nowhere in particular. */
        public Result(Path file, JsonNode header, long records, int frames, int failedFrames, long tornStart,
                long parseErrors, long firstBadLine, long firstBadLineOffset, long plaintextBytes, long plaintextChars,
                Skipped skipped) {
            this(file, header, records, frames, failedFrames, tornStart, parseErrors, firstBadLine, firstBadLineOffset,
                    plaintextBytes, plaintextChars, skipped, -1);
        }
    }

    private LenientLogReader() {}

    /**
     * Reads {@code file} ({@code *.zstd} is zstd, anything else raw text).
     *
     * @throws SessionStoreException for a structurally invalid zstd file (bad magic, reserved bits or
     *     block type), naming the byte — as the plugin's scanner throws
     * @throws IOException when the file cannot be read
     */
    public static Result read(Path file, Limits limits, Consumer<JsonNode> records) throws IOException {
        long size = Files.size(file);
        if (size > limits.maxInputBytes()) return new Result(file, null, 0, 0, 0, -1, 0, -1, -1, 0, 0, Skipped.INPUT_TOO_LARGE);
        byte[] bytes = Files.readAllBytes(file);
        Lines lines = new Lines(records);
        if (!file.getFileName().toString().endsWith(".zstd")) {
            lines.text(bytes, 0, bytes.length, 0, true);
            lines.finish();
            return lines.result(file, 0, 0, -1, null, -1);
        }
        ZstdFrameFormat.FrameScan scan;
        try {
            scan = ZstdFrameFormat.scan(bytes, 0, bytes.length, limits.maxFrames());
        } catch (FrameStructureException e) {
            throw new SessionStoreException("corrupt Zstandard session log " + file + ": " + e.getMessage(), file, e.offset(), e);
        }
        int failed = 0;
        Skipped skipped = null;
        long skippedAt = -1;
        try (SingleFrameDecoder frames = new SingleFrameDecoder()) {
            for (ZstdFrameFormat.FrameRange f : scan.frames()) {
                long plaintext = limits.maxPlaintextBytes() - lines.plaintextBytes;
                long ratio = (long) StoreLimits.MAX_DECODE_RATIO * f.end() + StoreLimits.DECODE_RATIO_SLACK - lines.plaintextBytes;
                long allowance = Math.max(0, Math.min(Math.min(plaintext, ratio), StoreLimits.LENIENT_MAX_FRAME_BYTES));
                switch (frames.decode(bytes, (int) f.start(), (int) (f.end() - f.start()), allowance)) {
                    case SingleFrameDecoder.Outcome.Text t -> lines.text(t.bytes(), 0, t.length(), f.start(), false);
                    case SingleFrameDecoder.Outcome.Failed x -> failed++;
                    case SingleFrameDecoder.Outcome.TooLarge x -> skipped = allowance == plaintext ? Skipped.PLAINTEXT_TOO_LARGE
                            : allowance == ratio ? Skipped.DECODE_RATIO : Skipped.FRAME_TOO_LARGE;
                }
                if (skipped == null && lines.recordTooLarge) skipped = Skipped.RECORD_TOO_LARGE;
                if (skipped != null) {
                    skippedAt = skipped == Skipped.RECORD_TOO_LARGE ? lines.fragmentOrigin : f.start();
                    break;
                }
            }
        }
        lines.finish();
        return lines.result(file, scan.frames().size(), failed, scan.tornStart(), skipped, skippedAt);
    }

    /**
     * The header only: the first non-blank line of the first frame (zstd) or of the file, when it
     * is a {@code session} record; empty on any failure.
     */
    public static Optional<JsonNode> header(Path file) {
        try {
            byte[] text = io.dsh4j.session.internal.HeaderProbe.firstText(file, file.getFileName().toString().endsWith(".zstd"));
            int start = 0;
            for (int i = 0; i <= text.length; i++) {
                if (i < text.length && text[i] != '\n') continue;
                if (!JsTextLines.isBlank(text, start, i - start)) {
                    JsonNode node = parseLine(text, start, i - start);
                    return node != null && isHeader(node) ? Optional.of(node) : Optional.empty();
                }
                start = i + 1;
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isHeader(JsonNode node) {
        return node.isObject() && node.path("type").isTextual() && node.get("type").textValue().equals("session");
    }

    /**
     * Splits the concatenated text into lines as {@code split('\n')} does (a final fragment is a line
     * too), skips the lines {@code trim()} empties and parses the rest as {@code JSON.parse} would:
     * ill-formed UTF-8 reads as U+FFFD, a leading byte order mark is an error.
     */
    private static final class Lines {
        private final Consumer<JsonNode> records;
        private final GrowableBytes fragment = new GrowableBytes(StoreLimits.MAX_RECORD_BYTES);
        private long fragmentOrigin = -1;
        /** A line passed {@link StoreLimits#MAX_RECORD_BYTES}: the read stops, the fragment is dropped. */
        private boolean recordTooLarge;
        private JsonNode header;
        private long count;
        private long lineNumber;
        private long parseErrors;
        private long firstBadLine = -1;
        private long firstBadLineOffset = -1;
        private long plaintextBytes;
        private long plaintextChars;

        Lines(Consumer<JsonNode> records) {
            this.records = records;
        }

        /**
         * Takes the next piece of decoded text.
         *
         * @param origin the file byte of {@code b[off]} when {@code exact} (a raw log), else the
         *     start of the frame the text came from
         */
        void text(byte[] b, int off, int len, long origin, boolean exact) {
            if (recordTooLarge) return;
            plaintextBytes += len;
            int lineStart = off;
            for (int i = Newlines.indexOf(b, off, off + len); i >= 0; i = Newlines.indexOf(b, i + 1, off + len)) {
                plaintextChars++;
                long at = exact ? origin + (lineStart - off) : origin;
                if (fragment.size() > 0) {
                    if (!carry(b, lineStart, i - lineStart)) return;
                    line(fragment.array(), 0, fragment.size(), fragmentOrigin);
                    fragment.clear();
                } else if (i - lineStart > StoreLimits.MAX_RECORD_BYTES) {
                    fragmentOrigin = at;
                    recordTooLarge = true;
                    return;
                } else {
                    line(b, lineStart, i - lineStart, at);
                }
                lineStart = i + 1;
            }
            if (lineStart < off + len && fragment.size() == 0) {
                fragmentOrigin = exact ? origin + (lineStart - off) : origin;
            }
            carry(b, lineStart, off + len - lineStart);
        }

        /** Carries a line fragment on; {@code false} (and the read stops) when the line would pass the record cap. */
        private boolean carry(byte[] b, int off, int len) {
            if (fragment.append(b, off, len)) return true;
            fragment.clear();
            recordTooLarge = true;
            return false;
        }

        void finish() {
            if (fragment.size() > 0) line(fragment.array(), 0, fragment.size(), fragmentOrigin);
            fragment.clear();
        }

        private void line(byte[] b, int off, int len, long origin) {
            lineNumber++;
            long units = NodeUtf8.wellFormedUtf16Length(b, off, len);
            boolean wellFormed = units >= 0;
            plaintextChars += wellFormed ? units : NodeUtf8.utf16Length(b, off, len);
            if (JsTextLines.isBlank(b, off, len)) return;
            JsonNode node = parseLine(b, off, len, wellFormed);
            if (node == null) {
                if (parseErrors++ == 0) {
                    firstBadLine = lineNumber;
                    firstBadLineOffset = origin;
                }
                return;
            }
            if (header == null && isHeader(node)) {
                header = node;
            } else {
                count++;
                records.accept(node);
            }
        }

        Result result(Path file, int frames, int failed, long tornStart, Skipped skipped, long skippedAt) {
            if (skipped == null && recordTooLarge) {
                skipped = Skipped.RECORD_TOO_LARGE;
                skippedAt = fragmentOrigin;
            }
            return new Result(file, header, count, frames, failed, tornStart, parseErrors, firstBadLine,
                    firstBadLineOffset, plaintextBytes, plaintextChars, skipped, skippedAt);
        }
    }

    /** One non-blank line as {@code JSON.parse} reads Node's decoding of it, or {@code null} when it throws. */
    private static JsonNode parseLine(byte[] b, int off, int len) {
        return parseLine(b, off, len, NodeUtf8.isWellFormed(b, off, len));
    }

    /** {@link #parseLine(byte[], int, int)} of a line whose well-formedness is known. */
    private static JsonNode parseLine(byte[] b, int off, int len, boolean wellFormed) {
        if (JsTextLines.startsWithBom(b, off, len)) return null;
        try {
            if (wellFormed) return JsJson.parse(b, off, len, JsonLimits.DEFAULTS);
            String text = NodeUtf8.decode(b, off, len);
            return JsJson.parse(text, JsonLimits.DEFAULTS);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
