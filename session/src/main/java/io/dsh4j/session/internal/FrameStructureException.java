package io.dsh4j.session.internal;

/** A zstd frame or block header that no conforming DSH log contains; {@link #offset()} is the file byte. */
public final class FrameStructureException extends RuntimeException {

    private final long offset;

    public FrameStructureException(String reason, long offset) {
        super(reason + " at byte " + offset);
        this.offset = offset;
    }

    /** The file byte where the bad header starts. */
    public long offset() {
        return offset;
    }

    /** The reason without the offset. */
    public String reason() {
        String m = getMessage();
        return m.substring(0, m.lastIndexOf(" at byte "));
    }
}
