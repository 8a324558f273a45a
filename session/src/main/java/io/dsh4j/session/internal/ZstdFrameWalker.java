package io.dsh4j.session.internal;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;

/**
 * Reads a multi-frame zstd session log front to back in bounded memory: the structural scan of
 * {@link ZstdFrameFormat} and the per-frame decode run together, frame by frame, and the decoded
 * text goes to a {@link DecodedTextSink} with the frame boundaries.
 *
 * <p>Rules (DSH §1.6): any structural defect is corruption at its byte; a complete frame whose
 * decode or checksum fails is corruption ("frame at byte N failed validation"); input that ends
 * inside a frame makes that frame torn, and whatever its available prefix decodes to (flush mode,
 * no checksum) is handed over before {@link DecodedTextSink#tornFrame}.
 *
 * <p>Not thread-safe; one walk per instance at a time.
 */
public final class ZstdFrameWalker {

    /** How a walk ended. */
    public sealed interface End {
        /** Every frame was complete and valid; {@code bytes} were read. */
        record Clean(long bytes) implements End {}

        /** The input ended inside the frame starting at {@code start}. */
        record Torn(long start, boolean decodeFailed, long bytes) implements End {}

        /** A defect at file byte {@code offset}. */
        record Corrupt(String reason, long offset) implements End {}

        /** The sink asked to stop after reading up to {@code offset}. */
        record Stopped(long offset) implements End {}

        /**
         * The decoded text passed a limit of {@link StoreLimits} ({@link StoreLimits#MAX_LOG_DECODED_BYTES},
         * {@link StoreLimits#MAX_DECODE_RATIO}) in the frame starting at {@code offset}; {@code reason} names it.
         */
        record OverLimit(String reason, long offset) implements End {}
    }

    /** Largest buffered piece: one block header with the largest payload its 21-bit size field allows. */
    private static final int MAX_PIECE = ZstdFrameFormat.BLOCK_HEADER + (1 << 21);

    private ZstdFrameWalker() {}

    /**
     * Walks every frame of {@code channel} into {@code sink}, decoding frames on worker threads when
     * {@link ParallelFrames#forChannel} says so (the sink sees the same calls either way).
     */
    public static End walk(ReadableByteChannel channel, DecodedTextSink sink) throws IOException {
        return walk(channel, sink, ParallelFrames.forChannel(channel));
    }

    /** Walks every frame of {@code channel} into {@code sink}; {@code parallel} {@code null}: on this thread alone. */
    public static End walk(ReadableByteChannel channel, DecodedTextSink sink, ParallelFrames parallel) throws IOException {
        FileWindow w = new FileWindow(channel, StoreLimits.READ_CHUNK, MAX_PIECE + StoreLimits.READ_CHUNK);
        DecodeBudget budget = new DecodeBudget(sink);
        try (FrameDecoder decoder = new FrameDecoder()) {
            if (parallel != null) return new Pipeline(parallel, w, decoder, budget).walk();
            while (!w.exhausted()) {
                End end = settled(walkFrame(w, decoder, budget), budget);
                if (end != null) return end;
            }
            return new End.Clean(w.position());
        } catch (FrameStructureException e) {
            return new End.Corrupt(e.reason(), e.offset());
        }
    }

    /** A stop caused by a passed limit is that limit's end. */
    private static End settled(End end, DecodeBudget budget) {
        return end instanceof End.Stopped && budget.breach != null ? new End.OverLimit(budget.breach, budget.frameStart) : end;
    }

    /**
     * The parallel walk: whole frames that declare a size the sequential walk decodes in one call are
     * copied out, batched and decoded by workers, at most
     * {@link StoreLimits#PARALLEL_DECODE_BATCHES_IN_FLIGHT} batches ahead; their results reach the
     * sink in file order through {@link #deliver}, exactly as {@link #walkFrame} would have handed
     * them over. Any other frame (larger, size not declared, torn, structurally damaged) waits for
     * everything before it and is then walked by {@link #walkFrame} itself.
     */
    private static final class Pipeline {
        private final ParallelFrames parallel;
        private final FileWindow w;
        private final FrameDecoder decoder;
        private final DecodeBudget budget;
        private final java.util.ArrayDeque<java.util.concurrent.Future<ParallelFrames.Batch>> inFlight = new java.util.ArrayDeque<>();
        private ParallelFrames.Batch open;

        Pipeline(ParallelFrames parallel, FileWindow w, FrameDecoder decoder, DecodeBudget budget) {
            this.parallel = parallel;
            this.w = w;
            this.decoder = decoder;
            this.budget = budget;
        }

        End walk() throws IOException {
            try {
                while (!w.exhausted()) {
                    long start = w.position();
                    int whole;
                    try {
                        whole = bufferedFrameEnd(w, start);
                    } catch (FrameStructureException e) {
                        whole = -1; // walkFrame finds it again, after the frames before it
                    }
                    long size = whole > 0 ? ZstdFrameFormat.contentSize(w.array(), w.offset(), whole) : -1;
                    if (whole > 0 && size >= 0 && size <= StoreLimits.MAX_ONE_SHOT_FRAME_BYTES) {
                        if (open == null) open = new ParallelFrames.Batch();
                        open.frames.add(new ParallelFrames.Frame(start, java.util.Arrays.copyOfRange(w.array(), w.offset(), w.offset() + whole)));
                        open.declared += size;
                        w.skip(whole);
                        if (parallel.full(open)) {
                            End end = submit();
                            if (end != null) return end;
                        }
                        continue;
                    }
                    End end = drain();
                    if (end == null) end = settled(walkFrame(w, decoder, budget), budget);
                    if (end != null) return end;
                }
                End end = drain();
                return end != null ? end : new End.Clean(w.position());
            } finally {
                for (var f : inFlight) f.cancel(false);
            }
        }

        /** Sends the open batch to a worker; when the pipeline is full, first hands over the oldest batch. */
        private End submit() throws IOException {
            if (open == null) return null;
            if (inFlight.size() >= StoreLimits.PARALLEL_DECODE_BATCHES_IN_FLIGHT) {
                End end = deliver(await(inFlight.poll()));
                if (end != null) return end;
            }
            inFlight.add(parallel.submit(open));
            open = null;
            return null;
        }

        /** Hands over every batch in flight and the open one, in order. */
        private End drain() throws IOException {
            if (open != null) {
                inFlight.add(parallel.submit(open));
                open = null;
            }
            while (!inFlight.isEmpty()) {
                End end = deliver(await(inFlight.poll()));
                if (end != null) return end;
            }
            return null;
        }

        /** The sink's calls for each decoded frame, as {@link #walkFrame} makes them for a whole frame. */
        private End deliver(ParallelFrames.Batch batch) {
            for (ParallelFrames.Frame f : batch.frames) {
                budget.frameStart(f.start);
                budget.compressedEnd = f.end();
                if (f.textLength > 0 && !budget.text(f.text, 0, f.textLength)) return settled(new End.Stopped(f.end()), budget);
                if (f.failure != null) return new End.Corrupt("frame failed validation: " + f.failure, f.start);
                if (!f.done) return new End.Corrupt("frame failed validation: the decoder did not reach the end of the frame", f.start);
                if (!budget.frameEnd(f.start, f.end())) return settled(new End.Stopped(f.end()), budget);
            }
            return null;
        }

        private static ParallelFrames.Batch await(java.util.concurrent.Future<ParallelFrames.Batch> batch) throws IOException {
            try {
                return batch.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while decoding zstd frames");
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                if (e.getCause() instanceof Error err) throw err;
                throw new IOException("decoding a zstd frame failed", e.getCause());
            }
        }
    }

    /** Walks one frame; {@code null} when it was complete and the walk goes on. */
    private static End walkFrame(FileWindow w, FrameDecoder decoder, DecodeBudget sink) throws IOException {
        long start = w.position();
        sink.frameStart(start);
        int whole = bufferedFrameEnd(w, start);
        if (whole > 0) {
            sink.compressedEnd = start + whole;
            boolean go = decoder.decodeWhole(w.array(), w.offset(), whole, sink);
            w.skip(whole);
            if (!go) return new End.Stopped(w.position());
            if (decoder.failed() || !decoder.done()) return failedValidation(decoder, start);
            return sink.frameEnd(start, w.position()) ? null : new End.Stopped(w.position());
        }
        decoder.begin();
        if (!w.request(ZstdFrameFormat.MAGIC_AND_DESCRIPTOR)) {
            if (w.available() >= 4) ZstdFrameFormat.checkMagic(w.array(), w.offset(), start);
            return torn(w, decoder, sink, start);
        }
        ZstdFrameFormat.checkMagic(w.array(), w.offset(), start);
        int descriptor = w.array()[w.offset() + 4] & 0xFF;
        ZstdFrameFormat.checkDescriptor(descriptor, start + 4);
        int headerBytes = ZstdFrameFormat.MAGIC_AND_DESCRIPTOR + ZstdFrameFormat.headerRestBytes(descriptor);
        if (!w.request(headerBytes)) return torn(w, decoder, sink, start);
        if (!feed(w, headerBytes, decoder, sink)) return new End.Stopped(w.position());
        for (;;) {
            if (!w.request(ZstdFrameFormat.BLOCK_HEADER)) return torn(w, decoder, sink, start);
            int header = ZstdFrameFormat.u24(w.array(), w.offset());
            ZstdFrameFormat.checkBlockType(header, w.position());
            int piece = ZstdFrameFormat.BLOCK_HEADER + ZstdFrameFormat.blockPayloadBytes(header);
            if (!w.request(piece)) return torn(w, decoder, sink, start);
            if (!feed(w, piece, decoder, sink)) return new End.Stopped(w.position());
            if (ZstdFrameFormat.isLastBlock(header)) break;
        }
        if (ZstdFrameFormat.hasChecksum(descriptor)) {
            if (!w.request(ZstdFrameFormat.CHECKSUM)) return torn(w, decoder, sink, start);
            if (!feed(w, ZstdFrameFormat.CHECKSUM, decoder, sink)) return new End.Stopped(w.position());
        }
        if (decoder.failed() || !decoder.done()) return failedValidation(decoder, start);
        return sink.frameEnd(start, w.position()) ? null : new End.Stopped(w.position());
    }

    /** A complete frame whose decoding or checksum failed: corruption at the frame's start (§1.6). */
    private static End failedValidation(FrameDecoder decoder, long start) {
        String why = decoder.failed() ? decoder.failure() : "the decoder did not reach the end of the frame";
        return new End.Corrupt("frame failed validation: " + why, start);
    }

    /**
     * The length of the frame starting at the window position when all of it is (or can be) buffered
     * within {@link StoreLimits#MAX_BUFFERED_FRAME_BYTES}; {@code -1} otherwise (a larger or torn frame,
     * walked in pieces).
     */
    private static int bufferedFrameEnd(FileWindow w, long start) throws IOException {
        for (;;) {
            int end = ZstdFrameFormat.frameEnd(w.array(), w.offset(), w.available(), 0, start);
            if (end >= 0) return end;
            int have = w.available();
            if (have >= StoreLimits.MAX_BUFFERED_FRAME_BYTES) return -1;
            if (!w.request(Math.min(StoreLimits.MAX_BUFFERED_FRAME_BYTES, have + StoreLimits.READ_CHUNK))) return -1;
        }
    }

    private static boolean feed(FileWindow w, int n, FrameDecoder decoder, DecodeBudget sink) {
        sink.compressedEnd = w.position() + n;
        boolean go = decoder.feed(w.array(), w.offset(), n, sink);
        w.skip(n);
        return go;
    }

    /** Flush-mode decode of the rest of the input, which lies inside the frame starting at {@code start}. */
    private static End torn(FileWindow w, FrameDecoder decoder, DecodeBudget sink, long start) {
        int rest = w.available();
        sink.compressedEnd = w.position() + rest;
        decoder.feed(w.array(), w.offset(), rest, sink);
        w.skip(rest);
        if (sink.breach != null) return new End.OverLimit(sink.breach, start);
        sink.tornFrame(start, decoder.failed());
        return new End.Torn(start, decoder.failed(), w.position());
    }

    /**
     * The per-log decode limits in front of the sink: the total decoded text
     * ({@link StoreLimits#MAX_LOG_DECODED_BYTES}) and the decompression-ratio rule
     * ({@link StoreLimits#MAX_DECODE_RATIO} times the compressed bytes read, plus
     * {@link StoreLimits#DECODE_RATIO_SLACK}). Passing one stops the walk before the text reaches the sink.
     */
    private static final class DecodeBudget implements DecodedTextSink {
        private final DecodedTextSink sink;
        long compressedEnd;
        long frameStart;
        long decoded;
        String breach;

        DecodeBudget(DecodedTextSink sink) {
            this.sink = sink;
        }

        @Override
        public void frameStart(long fileOffset) {
            frameStart = fileOffset;
            sink.frameStart(fileOffset);
        }

        @Override
        public boolean text(byte[] bytes, int off, int len) {
            if (breach != null) return false;
            decoded += len;
            if (decoded > StoreLimits.MAX_LOG_DECODED_BYTES) {
                breach = "the log decodes to more than " + StoreLimits.MAX_LOG_DECODED_BYTES
                        + " bytes of text (limit MAX_LOG_DECODED_BYTES)";
                return false;
            }
            long allowed = StoreLimits.MAX_DECODE_RATIO * compressedEnd + StoreLimits.DECODE_RATIO_SLACK;
            if (decoded > allowed) {
                breach = "the log decodes to more than " + StoreLimits.MAX_DECODE_RATIO + " times its " + compressedEnd
                        + " compressed bytes, plus " + StoreLimits.DECODE_RATIO_SLACK
                        + " (limit MAX_DECODE_RATIO: a decompression bomb)";
                return false;
            }
            return sink.text(bytes, off, len);
        }

        @Override
        public boolean frameEnd(long start, long end) {
            return sink.frameEnd(start, end);
        }

        @Override
        public void tornFrame(long start, boolean decodeFailed) {
            sink.tornFrame(start, decodeFailed);
        }
    }
}
