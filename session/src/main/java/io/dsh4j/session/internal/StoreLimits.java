package io.dsh4j.session.internal;

/**
 * Every size cap and tuning constant of the on-disk session store, in one table.
 *
 * <p>DSH itself has no caps (it reads whole files into Node buffers); dsh4j caps what hostile input
 * could make it allocate. Each cap is far above what DSH writes, so no real log is refused: a frame
 * DSH writes at level 3 uses a window of at most 2 MiB, a header line is a few hundred bytes, and a
 * single record (one event or packed row) is bounded by the tool-output limits of the runtime.
 */
public final class StoreLimits {

    /** Bytes per read when listing reads a header frame or header line (DSH: 8 KiB reads). */
    public static final int HEADER_READ_CHUNK = 8 * 1024;
    /** Largest header frame (compressed) or header line a listing or read accepts. */
    public static final int MAX_HEADER_BYTES = 1024 * 1024;
    /** Largest single record (one JSONL line, decoded). A longer record counts as unparsable. */
    public static final int MAX_RECORD_BYTES = 64 * 1024 * 1024;
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
    /** zstd compression level of every frame written (Node's and zstd's default). */
    public static final int ZSTD_LEVEL = 3;
    /** Length of the random hex suffix of a materialisation temp file. */
    public static final int TEMP_SUFFIX_HEX_DIGITS = 12;
    /** Longest project-key slug, in UTF-16 code units, before the surrounding dashes. */
    public static final int MAX_PROJECT_SLUG = 251;

    private StoreLimits() {}
}
