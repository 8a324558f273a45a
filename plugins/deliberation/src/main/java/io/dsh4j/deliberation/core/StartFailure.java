package io.dsh4j.deliberation.core;

import java.util.Objects;

/**
 * Why a branch's child was not published (spec §4.1 step 12), as the adapter classifies the failure
 * of {@code subagents.start}. The raw exception never reaches an outcome.
 */
public sealed interface StartFailure {

    /** The image gate refused the child input; its message is safe and becomes the diagnostic. */
    record UnsupportedContent(String code, String message) implements StartFailure {
        public UnsupportedContent {
            Objects.requireNonNull(message, "message");
        }
    }

    /** The mid-fork provider refused the projection (recognised by type on the manual path). */
    record Projection(ProjectionErrorCode code) implements StartFailure {
        public Projection {
            Objects.requireNonNull(code, "code");
        }
    }

    /** The branch's own deadline fired before publication. */
    record Timeout() implements StartFailure {}

    /** Anything else: parent cancellation, a provider exception. */
    record Other() implements StartFailure {}
}
