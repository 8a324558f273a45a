package io.dsh4j.deliberation.core;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A refused mid-fork projection (spec §3.6): a {@link #code()} and {@link #details()} that carry
 * metadata only — window, mask and counters, never projected content. Thrown before any child exists.
 */
public final class MidForkProjectionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ProjectionErrorCode code;
    private final transient ObjectNode details;

    MidForkProjectionException(ProjectionErrorCode code, ObjectNode details, String message) {
        super(message);
        this.code = code;
        this.details = details;
    }

    /** The refusal's code. */
    public ProjectionErrorCode code() {
        return code;
    }

    /**
     * {@code {window, mask, turn?, requestedSteps?, projectedSteps?, snapshotChars?, maxSnapshotChars?,
     * projectedImages?, projectedImageBytes?, maxSnapshotImages?}} — a copy.
     */
    public ObjectNode details() {
        return details.deepCopy();
    }
}
