package io.dsh4j.deliberation.core;

/** Why a mid-fork projection was refused (spec §3.6). */
public enum ProjectionErrorCode {
    /** A current-turn window, but not exactly one open parent turn. */
    NO_OPEN_TURN,
    /** The window selected no completed Step. */
    NO_COMPLETED_STEP,
    /** The rendered snapshot is longer than {@code maxSnapshotChars}. */
    PROJECTION_OVER_BUDGET,
    /** The snapshot holds more images than {@code maxSnapshotImages}. */
    PROJECTION_IMAGE_LIMIT
}
