package io.dsh4j.deliberation.core.run;

import io.dsh4j.deliberation.core.StartFailure;
import java.util.Objects;

/** A refused start whose reason the outcome reports: an image-gate refusal or a projection error. */
public final class StartRefusedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient StartFailure failure;

    public StartRefusedException(StartFailure failure) {
        super(failure.toString());
        this.failure = Objects.requireNonNull(failure, "failure");
    }

    /** The classified failure. */
    public StartFailure failure() {
        return failure;
    }
}
