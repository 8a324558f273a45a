package io.dsh4j.llm;

import java.util.Objects;

/** What a {@link RetryPolicy} decided after a failed attempt. */
public sealed interface RetryDecision {

    /**
     * Wait {@code delayMs}, log {@code llm/retry}, then attempt again.
     *
     * @param retry   this retry's number, from 1
     * @param delayMs how long to wait first (fractional when jittered)
     */
    record Retry(int retry, double delayMs) implements RetryDecision { }

    /** Do not retry; the failure stands. */
    record GiveUp(String reason) implements RetryDecision {
        public GiveUp { Objects.requireNonNull(reason, "reason"); }
    }
}
