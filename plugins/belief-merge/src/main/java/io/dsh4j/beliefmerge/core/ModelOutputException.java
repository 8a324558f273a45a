package io.dsh4j.beliefmerge.core;

/**
 * A model call failed or its answer was unusable (no JSON, wrong shape, nothing valid). The engine
 * catches it at the stage boundary and degrades (heuristic fallback, ties left standing); it never
 * escapes a merge.
 */
public final class ModelOutputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ModelOutputException(String message) {
        super(message);
    }

    public ModelOutputException(String message, Throwable cause) {
        super(message, cause);
    }
}
