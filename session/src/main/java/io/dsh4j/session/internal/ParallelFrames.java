package io.dsh4j.session.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Parallel decoding of independent zstd frames for {@link ZstdFrameWalker} (issue 16): the walker
 * scans frame structure on the calling thread, gathers whole frames that declare their size (at most
 * {@link StoreLimits#MAX_ONE_SHOT_FRAME_BYTES}, the frames it decodes in one native call) into
 * {@link Batch batches}, and worker threads decode each batch with {@link FrameDecoder#decodeWhole} —
 * the very call the sequential walk makes, so failures carry the same reasons. The walker hands the
 * results to the record scanner in file order, applying the per-log limits as it would sequentially.
 *
 * <p>When it applies ({@link #forChannel}): the log is a file of at least
 * {@link StoreLimits#PARALLEL_DECODE_MIN_FILE_BYTES}, more than one core is available and the system
 * property {@value #THREADS_PROPERTY} does not say {@code 0} or {@code 1}. The workers are daemon
 * threads of one pool shared by every read, started on the first parallel read only.
 *
 * <p>Thread-safe: the pool is shared; a {@code ParallelFrames} value is immutable.
 *
 * @param workers decoding threads beside the caller's (which scans structure and records)
 * @param batchFrames frames per batch at most ({@link StoreLimits#PARALLEL_DECODE_BATCH_FRAMES}; tests
 *     use small batches to exercise the pipeline's depth on small logs)
 */
public record ParallelFrames(int workers, int batchFrames) {

    public ParallelFrames {
        if (workers < 1) throw new IllegalArgumentException("workers must be 1 or more, not " + workers);
        if (batchFrames < 1) throw new IllegalArgumentException("batchFrames must be 1 or more, not " + batchFrames);
    }

    /** {@code workers} decoding threads, batches of {@link StoreLimits#PARALLEL_DECODE_BATCH_FRAMES}. */
    public ParallelFrames(int workers) {
        this(workers, StoreLimits.PARALLEL_DECODE_BATCH_FRAMES);
    }

    /** System property: the number of decoding threads; {@code 0} or {@code 1} turns parallel decoding off. */
    public static final String THREADS_PROPERTY = "dsh4j.zstd.decodeThreads";

    /**
     * The parallelism for a read of {@code channel}, or {@code null} to read on the calling thread
     * alone (a small or non-file input, one core, or the property turning it off).
     */
    public static ParallelFrames forChannel(ReadableByteChannel channel) throws IOException {
        if (!(channel instanceof FileChannel file) || file.size() < StoreLimits.PARALLEL_DECODE_MIN_FILE_BYTES) return null;
        return configured();
    }

    /**
     * The configured parallelism whatever the input's size, or {@code null} when it is off: the
     * property's thread count when set (the caller's thread included: {@code 0} or {@code 1} turns
     * it off), else one per core; the caller's thread scans and the others decode, at most
     * {@link StoreLimits#PARALLEL_DECODE_MAX_THREADS} of them.
     */
    static ParallelFrames configured() {
        String set = System.getProperty(THREADS_PROPERTY);
        int workers;
        if (set != null && !set.isBlank()) {
            try {
                workers = Integer.parseInt(set.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(THREADS_PROPERTY + " must be a number of threads, not \"" + set + "\"", e);
            }
            workers -= 1; // the property counts the caller's thread too
        } else {
            workers = Runtime.getRuntime().availableProcessors() - 1;
        }
        workers = Math.min(StoreLimits.PARALLEL_DECODE_MAX_THREADS, workers);
        return workers >= 1 ? new ParallelFrames(workers) : null;
    }

    /** One frame of a batch: its compressed bytes, where it lies in the file, and (once decoded) its outcome. */
    static final class Frame {
        final long start;
        final byte[] compressed;
        byte[] text;
        int textLength;
        boolean done;
        String failure;

        Frame(long start, byte[] compressed) {
            this.start = start;
            this.compressed = compressed;
        }

        long end() {
            return start + compressed.length;
        }
    }

    /** Consecutive whole frames decoded by one task. */
    static final class Batch {
        final List<Frame> frames = new ArrayList<>();
        long declared;
    }

    /** Whether {@code batch} is ready to go: enough declared bytes or frames. */
    boolean full(Batch batch) {
        return batch.declared >= StoreLimits.PARALLEL_DECODE_BATCH_BYTES || batch.frames.size() >= batchFrames;
    }

    /** Starts decoding {@code batch} on a worker. */
    Future<Batch> submit(Batch batch) {
        return pool(workers).submit(() -> decode(batch));
    }

    /** Decodes every frame of {@code batch} on the calling (worker) thread; a failed frame ends the batch. */
    static Batch decode(Batch batch) {
        FrameDecoder decoder = DECODER.get();
        for (Frame f : batch.frames) {
            decoder.decodeWhole(f.compressed, 0, f.compressed.length, new DecodedTextSink() {
                @Override
                public boolean text(byte[] bytes, int off, int len) {
                    f.text = java.util.Arrays.copyOfRange(bytes, off, off + len);
                    f.textLength = len;
                    return true;
                }
            });
            f.done = decoder.done();
            f.failure = decoder.failed() ? decoder.failure() : null;
            if (f.failure != null || !f.done) break;
        }
        return batch;
    }

    private static ExecutorService pool;

    /**
     * The shared pool of daemon threads, created on the first parallel read with its number of
     * workers (a process that never decodes in parallel never starts it).
     */
    private static synchronized ExecutorService pool(int workers) {
        if (pool == null) {
            AtomicInteger n = new AtomicInteger();
            ThreadFactory named = r -> {
                Thread t = new Thread(r, "dsh4j-zstd-decode-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            };
            pool = Executors.newFixedThreadPool(workers, named);
        }
        return pool;
    }

    /** One native context per worker, kept for the worker's life. */
    private static final ThreadLocal<FrameDecoder> DECODER = ThreadLocal.withInitial(FrameDecoder::new);
}
