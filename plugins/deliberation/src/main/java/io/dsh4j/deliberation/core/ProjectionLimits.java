package io.dsh4j.deliberation.core;

/**
 * Hard ceilings of a projected snapshot (spec §3.5 "Limits", §2.7). Overflow rejects the whole
 * projection; nothing is ever truncated.
 *
 * @param maxSnapshotChars  ceiling on the rendered snapshot's length in UTF-16 code units, or 0 for none
 * @param maxSnapshotImages ceiling on the number of projected images, or 0 for none
 */
public record ProjectionLimits(long maxSnapshotChars, long maxSnapshotImages) {

    /** The shipped ceilings: 65536 characters, 20 images. */
    public static final ProjectionLimits DEFAULTS = new ProjectionLimits(65_536, 20);
    /** No ceiling (a provider constructed directly without limits). */
    public static final ProjectionLimits UNLIMITED = new ProjectionLimits(0, 0);

    public ProjectionLimits {
        if (maxSnapshotChars < 0) throw new IllegalArgumentException("mid-fork maxSnapshotChars must be a positive safe integer");
        if (maxSnapshotImages < 0) throw new IllegalArgumentException("mid-fork maxSnapshotImages must be a positive safe integer");
    }
}
