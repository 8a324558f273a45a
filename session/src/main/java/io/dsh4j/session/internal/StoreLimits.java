package io.dsh4j.session.internal;

/**
 * Every size cap and tuning constant of the on-disk session store, in one table: the reading limits
 * of every reader (DSH's rules in {@code SessionLogReader}, the attention-health plugin's in
 * {@code LenientLogReader}) and of the commands built on them.
 *
 * <p>DSH itself has no caps (it reads whole files into Node buffers); dsh4j caps what hostile input
 * could make it allocate or compute. Each cap is far above what DSH writes, so no real log is refused:
 * a frame DSH writes at level 3 uses a window of at most 2 MiB, a header line is a few hundred bytes,
 * and a single record (one event or packed row) is bounded by the tool-output limits of the runtime.
 * A log that passes a cap is not read further: the strict reader reports it {@code refused}, naming
 * the limit and the byte (the start of the frame, or of the record, where it was passed); the lenient
 * reader stops there and says why ({@code Skipped}). Memory of a read stays within the input window
 * plus one frame plus one record (plus what the caller keeps, capped by {@link #MAX_HELD_EVENTS}).
 */
public final class StoreLimits {

    /** Bytes per read when listing reads a header frame or header line (DSH: 8 KiB reads). */
    public static final int HEADER_READ_CHUNK = 8 * 1024;
    /** Largest header frame (compressed) or header line a listing or read accepts. */
    public static final int MAX_HEADER_BYTES = 1024 * 1024;
    /**
     * Largest single record (one JSONL line, decoded), also when it is carried from one zstd frame into
     * the next: the line fragment held between frames never grows past it. A longer record counts as
     * unparsable (strict reader) or stops the read ({@code RECORD_TOO_LARGE}, lenient reader).
     */
    public static final int MAX_RECORD_BYTES = 64 * 1024 * 1024;
    /**
     * Largest decoded text of one log, every frame together (a raw log: its size). Past it the read
     * stops: {@code refused}, naming this limit and the byte where it was passed.
     */
    public static final long MAX_LOG_DECODED_BYTES = 2L << 30;
    /**
     * The decompression-ratio rule: the text decoded so far may be at most this many times the
     * compressed bytes read so far, plus {@link #DECODE_RATIO_SLACK}. DSH's frames (JSON, level 3)
     * decode to 3–20 times their size; a decompression bomb (one frame of one repeated event, a
     * gigabyte of newlines) to thousands of times. Past it the read stops ({@code refused}).
     */
    public static final int MAX_DECODE_RATIO = 100;
    /** Decoded bytes allowed above {@link #MAX_DECODE_RATIO} times the compressed bytes (small logs of tiny frames). */
    public static final long DECODE_RATIO_SLACK = 4L << 20;
    /**
     * Most events {@code SessionLogReader.read} (the whole log in memory, with every event's JSON tree)
     * keeps: past it the read stops, {@code refused}, at the byte of the record that would pass it. A
     * kept event costs a few hundred bytes to a KiB; streaming callers ({@code stats}, {@code verify})
     * have no such cap.
     */
    public static final long MAX_HELD_EVENTS = 1_000_000;
    /**
     * Most surface messages a command keeps to work on them afterwards (the surface {@code merge} folds
     * and then extracts claims from, the messages {@code sessions show} prints): past it the command
     * refuses the log, naming this limit and the record's byte. Sized so that a merge of that many
     * messages stays within a 512 MiB heap.
     */
    public static final long MAX_SURFACE_MESSAGES = 250_000;
    /** The lenient reader: larger files are not read at all ({@code INPUT_TOO_LARGE}). */
    public static final long LENIENT_MAX_INPUT_BYTES = 64L << 20;
    /** The lenient reader: frames after this many are ignored. */
    public static final int LENIENT_MAX_FRAMES = 10_000;
    /** The lenient reader: decoding stops before the frame that would pass this much decoded text ({@code PLAINTEXT_TOO_LARGE}). */
    public static final long LENIENT_MAX_PLAINTEXT_BYTES = 256L << 20;
    /**
     * The lenient reader decodes each frame whole before it reads its lines (a frame that fails its
     * checksum is skipped whole): a frame decoding to more than this stops the read
     * ({@code FRAME_TOO_LARGE}) instead of being buffered.
     */
    public static final int LENIENT_MAX_FRAME_BYTES = 64 * 1024 * 1024;
    /**
     * Largest zstd window (log2) the decoder accepts: zstd's own default limit. A frame asking for
     * more is reported as failing validation instead of making the decoder allocate it.
     */
    public static final int MAX_WINDOW_LOG = 27;
    /** Bytes per read of the streaming readers (raw text and compressed frames alike). */
    public static final int READ_CHUNK = 1024 * 1024;
    /** Decoded bytes handed to the record scanner per call (one zstd block is at most 128 KiB). */
    public static final int DECODE_CHUNK = 256 * 1024;
    /**
     * Decoded bytes of not-yet-verified events held back per zstd frame. Events of a frame are handed
     * out only after its checksum verified, unless the frame is larger than this: then they are
     * handed out early to keep memory flat (a later failure still makes the read corrupt).
     */
    public static final int MAX_PENDING_FRAME_BYTES = 16 * 1024 * 1024;
    /**
     * Decoded records of not-yet-verified events held back per zstd frame, whatever their size: a frame
     * of many tiny records is handed out early past this count as past {@link #MAX_PENDING_FRAME_BYTES}
     * (a decoded record costs ten times its text, so 16 MiB of tiny records would hold hundreds of MiB).
     */
    public static final int MAX_PENDING_FRAME_RECORDS = 16 * 1024;
    /**
     * Largest decoded size of one zstd frame. Caps the work a hostile frame (a block of run-length
     * data decodes 128 KiB from 4 bytes) can demand; a DSH frame holds one write batch.
     */
    public static final long MAX_FRAME_DECODED_BYTES = 1L << 30;
    /**
     * Undecodable records tolerated after the first damaged one. DSH drops records after damage unless
     * one is a {@code turn/end}; a log with more damaged records than this after the first is
     * reported corrupt instead of being searched to its end (a torn tail is one partial write).
     */
    public static final int MAX_DAMAGED_RECORDS_AFTER_ISSUE = 10_000;
    /**
     * Largest buffered frame decoded in one piece. A frame wholly in the read buffer that declares a
     * content size up to this is decoded by one native call into one output buffer (DSH's frames are
     * small, one per write batch, so per-frame overhead matters); larger frames stream.
     */
    public static final int MAX_ONE_SHOT_FRAME_BYTES = 8 * 1024 * 1024;
    /** Largest compressed frame looked at whole before it is decoded (larger ones are decoded in pieces). */
    public static final int MAX_BUFFERED_FRAME_BYTES = 2 * 1024 * 1024;
    /**
     * Parallel frame decode (issue 16): a zstd log of at least this many stored bytes has its
     * independent frames decoded by worker threads when more than one core is available; a smaller
     * log is read on the calling thread alone and never starts a thread.
     */
    public static final long PARALLEL_DECODE_MIN_FILE_BYTES = 4L * 1024 * 1024;
    /** Batches of frames being decoded ahead of the record scanner at once (the pipeline's depth). */
    public static final int PARALLEL_DECODE_BATCHES_IN_FLIGHT = 2;
    /**
     * Declared decoded bytes per batch: a batch closes once its frames declare this much (one frame may
     * declare up to {@link #MAX_ONE_SHOT_FRAME_BYTES}), so the text decoded ahead stays below
     * {@code PARALLEL_DECODE_BATCHES_IN_FLIGHT × (this + MAX_ONE_SHOT_FRAME_BYTES)}.
     */
    public static final int PARALLEL_DECODE_BATCH_BYTES = 256 * 1024;
    /** Frames per batch at most (DSH's frames are small: one write batch each). */
    public static final int PARALLEL_DECODE_BATCH_FRAMES = 512;
    /** Decoding threads at most, whatever the core count (one core stays with the record scanner). */
    public static final int PARALLEL_DECODE_MAX_THREADS = 3;

    /** zstd compression level of every frame written (Node's and zstd's default). */
    public static final int ZSTD_LEVEL = 3;
    /** Length of the random hex suffix of a materialisation temp file. */
    public static final int TEMP_SUFFIX_HEX_DIGITS = 12;
    /** Longest project-key slug, in UTF-16 code units, before the surrounding dashes. */
    public static final int MAX_PROJECT_SLUG = 251;

    private StoreLimits() {}
}
